import { expect } from 'chai';
import { routeShard, sweepInheritedNames } from '../support/fuzz-requests.js';
import { signIn, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Half 2 of the inherited-name sweep (the other half: fuzz-inherited-names-1.test.ts), on a server of its own. */
describe('Malformed requests: inherited property names, routes of shard 2 of 2', function () {
  this.timeout(600_000);
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer({
      ADMIN_USERNAME: 'staff',
      ADMIN_PASSWORD: 'fuzzing-password',
      CONTACT_RATE_LIMIT: '0',
      LOGIN_RATE_LIMIT: '100000',
    });
    staff = await signIn(server.url, 'staff', 'fuzzing-password');
  });
  after(() => server.close());

  it('answers inherited property names (constructor, __proto__, toString …) in every place on every route without a 5xx', async () => {
    const { failures, sent } = await sweepInheritedNames(new URL(server.url), staff, routeShard(1, 2));
    expect(failures, `${failures.length} of ${sent} requests answered 5xx`).to.deep.equal([]);
    expect((await fetch(`${server.url}/admin`, { headers: { cookie: staff.cookie } })).status).to.equal(200);
  });
});
