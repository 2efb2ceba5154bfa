import { describeInheritedNameShard } from '../support/fuzz-server.js';

// Half 1 of the inherited-name sweep (the other half: fuzz-inherited-names-2.test.ts).
describeInheritedNameShard(0, 2);
