import { expect } from 'chai';
import { sweepInheritedNames } from './fuzz-requests.js';
import { signIn, type Staff } from './staff.js';
import { startTestServer, type TestServer } from './test-server.js';

const FUZZ_PASSWORD = 'fuzzing-password';

export interface FuzzServer {
  server: TestServer;
  staff: Staff;
  /** Signs in again: a fuzzing request may have signed the session out. */
  signInAgain(): Promise<void>;
}

/** A server of the file's own for the fuzzing tests (no contact or sign-in limits), and a staff session on it. */
export function useFuzzServer(): FuzzServer {
  const fuzz = {
    async signInAgain() {
      fuzz.staff = await signIn(fuzz.server.url, 'staff', FUZZ_PASSWORD);
    },
  } as FuzzServer;
  before(async () => {
    fuzz.server = await startTestServer({
      ADMIN_USERNAME: 'staff',
      ADMIN_PASSWORD: FUZZ_PASSWORD,
      CONTACT_RATE_LIMIT: '0',
      LOGIN_RATE_LIMIT: '100000',
    });
    await fuzz.signInAgain();
  });
  after(() => fuzz.server.close());
  return fuzz;
}

/**
 * One shard of the inherited-name sweep, on a server of its own: the sweep is split over files so that the parallel
 * workers share it rather than one file running alone at the end of the suite.
 */
export function describeInheritedNameShard(index: number, count: number): void {
  describe(`Malformed requests: inherited property names, routes of shard ${index + 1} of ${count}`, function () {
    this.timeout(600_000);
    const fuzz = useFuzzServer();

    it('answers inherited property names (constructor, __proto__, toString …) in every place on every route without a 5xx', async () => {
      const { server, staff } = fuzz;
      const { failures, sent } = await sweepInheritedNames(new URL(server.url), staff, { index, count });
      expect(failures, `${failures.length} of ${sent} requests answered 5xx`).to.deep.equal([]);
      expect((await fetch(`${server.url}/admin`, { headers: { cookie: staff.cookie } })).status).to.equal(200);
    });
  });
}
