import { describeInheritedNameShard } from '../support/fuzz-server.js';

// Half 2 of the inherited-name sweep (the other half: fuzz-inherited-names-1.test.ts).
describeInheritedNameShard(1, 2);
