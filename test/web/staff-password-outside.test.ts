import { spawn } from 'node:child_process';
import { expect } from 'chai';
import { signIn, STAFF_ENV, STAFF_PASSWORD, type Staff } from '../support/staff.js';
import { databaseUrlOf } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { operatorEnvironment, operatorScript } from '../support/operator-scripts.js';

/**
 * A password set from outside the staff pages — ADMIN_PASSWORD at start, `npm run admin -- set-password` — is a
 * change like a reset by e-mail: an audit row (no staff member did it: actor '', `details.by` names the way) and
 * every session of the account ends. The password it already has changes nothing: a restart signs nobody out.
 */
describe('A staff password set outside the staff pages', function () {
  this.timeout(120_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
  });
  after(() => server.close());

  const signedIn = async (staff: Staff) =>
    (await fetch(`${server.url}/admin`, { redirect: 'manual', headers: { Cookie: staff.cookie } })).status === 200;
  const rows = (action: string) =>
    server.db('audit_log').where({ action, target: 'staff' }).orderBy('id') as Promise<
      { actor: string; details: string }[]
    >;

  /** Starts a second instance on the same database with these start-up variables, and stops it. */
  async function startWith(password: string): Promise<void> {
    const other = await startTestServer(
      { ADMIN_USERNAME: 'staff', ADMIN_PASSWORD: password },
      { sameStorageAs: server },
    );
    await other.close();
  }

  it('ADMIN_PASSWORD: a new one is an audit row and ends the account’s sessions; the same one changes nothing', async () => {
    const staff = await signIn(server.url);
    await startWith(STAFF_PASSWORD);
    expect(await signedIn(staff), 'a restart with the same password').to.equal(true);
    expect(await rows('account.password-set')).to.have.length(0);

    await startWith('another start password');
    expect(await signedIn(staff), 'after a new ADMIN_PASSWORD').to.equal(false);
    const [row] = await rows('account.password-set');
    expect(row?.actor).to.equal('');
    expect(JSON.parse(row!.details)).to.deep.include({ by: 'ADMIN_PASSWORD', sessions: 1 });
    await signIn(server.url, 'staff', 'another start password');
  });

  it('npm run admin -- set-password: an audit row, and the account’s sessions end', async () => {
    const staff = await signIn(server.url, 'staff', 'another start password');
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [...operatorScript('admin'), 'set-password', 'staff'], {
        env: operatorEnvironment({ DATABASE_URL: databaseUrlOf(server.config.database), DATA_DIR: server.dataDir }),
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
      child.stdin.end('command line password\n');
    });
    expect(run.code, run.stderr).to.equal(0);
    expect(await signedIn(staff)).to.equal(false);
    const details = (await rows('account.password-set')).map((row) => JSON.parse(row.details) as { by: string });
    expect(details.map((entry) => entry.by)).to.deep.equal(['ADMIN_PASSWORD', 'npm run admin']);
    await signIn(server.url, 'staff', 'command line password');
  });
});
