import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BUILT_SERVER, startChildServer, type ChildServer } from '../support/child-server.js';
import { operatorEnvironment, operatorScript } from '../support/operator-scripts.js';
import { TYPESCRIPT_ENTRY } from '../support/typescript-entry.js';

/**
 * A new operator starts with ADMIN_USERNAME and ADMIN_PASSWORD (README) and must be told what that did: the
 * account was created, or its password reset, or there is no staff account at all yet. Never the password.
 */
describe('Start-up: what happened to the staff account', function () {
  this.timeout(120_000);
  const FIRST_PASSWORD = 'first start password';
  const SECOND_PASSWORD = 'second start password';
  let dir: string;
  let env: Record<string, string>;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staff-at-start-'));
    env = { DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite')}`, DATA_DIR: dir, UPLOAD_DIR: path.join(dir, 'up') };
  });
  after(() => dir && fs.rm(dir, { recursive: true, force: true }));

  /** Starts src/server.ts, stops it, and returns everything it printed (pino's lines arrive after console's). */
  async function startOnce(extra: Record<string, string>): Promise<{ output: string; url: string }> {
    const server: ChildServer = await startChildServer({ ...env, ...extra });
    // Once it answers a request, start-up has printed everything and the SIGTERM handler is in place.
    expect((await fetch(`${server.url}/healthz`)).status).to.equal(200);
    const stdout = server.process.stdout;
    const drained = new Promise((resolve) => (stdout && !stdout.closed ? stdout.once('close', resolve) : resolve(0)));
    server.process.kill('SIGTERM');
    await Promise.all([server.exited, drained]);
    return { output: server.output(), url: server.url };
  }

  it('says there is no staff account yet, and how to make one, on a fresh database without ADMIN_USERNAME', async () => {
    const { output } = await startOnce({});
    expect(output).to.include(
      'No staff account yet: start with ADMIN_USERNAME and ADMIN_PASSWORD set, or run npm run admin -- set-password <username>',
    );
  });

  it('says the account was created, with the username and where to sign in, in the console and the log', async () => {
    const { output, url } = await startOnce({
      ADMIN_USERNAME: 'Staff',
      ADMIN_PASSWORD: FIRST_PASSWORD,
      // Production logs are JSON lines: the log says it too.
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'a session secret for the start-up test, 48 chars',
      SITE_URL: 'https://maplehollow.example',
    });
    expect(output).to.include(
      'Staff account "staff" created from ADMIN_USERNAME and ADMIN_PASSWORD; sign in at https://maplehollow.example/login',
    );
    const logged = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; staffAccount?: string });
    expect(logged.find((line) => line.msg === 'staff account created')?.staffAccount).to.equal('staff');
    expect(output).to.not.include(FIRST_PASSWORD);
    expect(url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('says the password was reset when the account already exists', async () => {
    const { output, url } = await startOnce({ ADMIN_USERNAME: 'staff', ADMIN_PASSWORD: SECOND_PASSWORD });
    // Without SITE_URL (development, test) the site's address is http://localhost:PORT.
    const port = new URL(url).port;
    expect(output).to.include(
      `Staff account "staff": password reset to ADMIN_PASSWORD; sign in at http://localhost:${port}/login`,
    );
    expect(output).to.not.include(SECOND_PASSWORD);
    expect(output).to.not.include('created from ADMIN_USERNAME');
  });

  it('says nothing about staff accounts once one exists and ADMIN_USERNAME is not set', async () => {
    const { output } = await startOnce({});
    expect(output).to.include('is running at');
    expect(output).to.not.match(/staff account/i);
  });

  it('stops at once, in one plain sentence and before `npm start` builds anything, on a refused ADMIN_PASSWORD', async () => {
    const { scripts } = JSON.parse(await fs.readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).to.match(/^tsx scripts\/check-start\.ts && tsx scripts\/build\.ts && /);
    const refused =
      'ADMIN_PASSWORD is refused: This password is on the list of common passwords that attackers try first.';
    const weak = { ...env, PATH: process.env.PATH ?? '', ADMIN_USERNAME: 'staff', ADMIN_PASSWORD: 'password1234' };
    // npm start's first step, and the built server itself, as systemd starts it (docs/deploy.md).
    for (const args of [[...TYPESCRIPT_ENTRY, 'scripts/check-start.ts'], BUILT_SERVER]) {
      const entry = args.at(-1);
      const run = spawnSync(process.execPath, args, { env: weak, encoding: 'utf8' });
      expect(run.status, entry).to.equal(1);
      expect(run.stderr.trim().split('\n'), entry).to.deep.equal([`${refused} Choose another.`]);
      expect(run.stdout, entry).to.equal('');
    }
    // The other refusals and the accepted password through the same script's bundle (decision 064).
    const mismatch = spawnSync(process.execPath, operatorScript('check-start'), {
      env: { ...weak, ADMIN_PASSWORD: 'staff harbor lantern' },
      encoding: 'utf8',
    });
    expect(mismatch.stderr.trim()).to.equal('ADMIN_PASSWORD is refused: The password must not contain the username.');
    const fine = spawnSync(process.execPath, operatorScript('check-start'), {
      env: { ...weak, ADMIN_PASSWORD: FIRST_PASSWORD },
      encoding: 'utf8',
    });
    expect({ status: fine.status, stderr: fine.stderr }).to.deep.equal({ status: 0, stderr: '' });
  });

  it('npm run admin -- set-password says whether it created the account or reset its password', () => {
    const admin = (username: string, password: string) =>
      spawnSync(process.execPath, [...operatorScript('admin'), 'set-password', username], {
        env: operatorEnvironment(env),
        input: `${password}\n`,
        encoding: 'utf8',
      });
    const created = admin('Office', 'harbor lantern one');
    expect(created.status, created.stderr).to.equal(0);
    expect(created.stdout).to.include('The password of Office is set. Staff account "office" created.');
    const reset = admin('office', 'harbor lantern two');
    expect(reset.stdout).to.include(
      'The password of office is set. Staff account "office" already existed: password reset.',
    );
    expect(created.stdout + reset.stdout).to.not.include('harbor lantern');
  });

  it('npm run admin -- set-password refuses a username no sign-in could send before it asks for a password', () => {
    for (const [username, reason] of [
      ['x'.repeat(65), 'The username must be at most 64 characters.'],
      ['\u3000 ', 'The username must not be empty.'],
    ] as const) {
      const refused = spawnSync(process.execPath, [...operatorScript('admin'), 'set-password', username], {
        env: operatorEnvironment(env),
        input: '',
        encoding: 'utf8',
      });
      expect(refused.status, username).to.equal(1);
      expect(refused.stderr.trim(), JSON.stringify(username)).to.equal(reason);
    }
  });
});
