import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { HTTPS_REQUIRED } from '../../src/web/insecure-sign-in.js';
import { SECURE_SESSION_COOKIE } from '../../src/web/staff-session.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { postSignIn, STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Production over plain HTTP without TRUST_PROXY: the Secure session cookie would be dropped by the browser, so a
 * correct sign-in used to bounce back to /login without a word. The page and the log now say why.
 */
const PRODUCTION = {
  ...STAFF_ENV,
  NODE_ENV: 'production',
  SESSION_SECRET: 'a session secret for the plain HTTP sign-in test, 48',
  SITE_URL: 'https://maplehollow.example',
};

function postLogin(url: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return postSignIn(url, 'staff', password, { headers });
}

describe('POST /login in production over plain HTTP (TRUST_PROXY unset)', function () {
  this.timeout(60_000);
  let dir: string;
  let server: ChildServer | undefined;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plain-http-login-'));
    server = await startChildServer({
      ...PRODUCTION,
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite')}`,
      DATA_DIR: dir,
      UPLOAD_DIR: path.join(dir, 'uploads'),
    });
  });
  after(async () => {
    server?.process.kill('SIGTERM');
    await server?.exited;
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers a correct sign-in with the login page explaining that HTTPS is needed, and sets no cookie', async () => {
    const response = await postLogin(server?.url ?? '', STAFF_PASSWORD);
    expect(response.status).to.equal(403);
    expect(response.headers.get('set-cookie')).to.equal(null);
    const html = await response.text();
    expect(html).to.include(HTTPS_REQUIRED);
    expect(html).to.include('<h1 id="login-heading">Staff sign in</h1>');
  });

  it('says the same when a proxy sends X-Forwarded-Proto: https that the app is not told to trust', async () => {
    const response = await postLogin(server?.url ?? '', STAFF_PASSWORD, { 'X-Forwarded-Proto': 'https' });
    expect(response.status).to.equal(403);
    expect(await response.text()).to.include(HTTPS_REQUIRED);
  });

  it('logs a warning that names TRUST_PROXY and HTTPS, with the username and never the password', async () => {
    const logged = () =>
      (server?.output() ?? '')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string; username?: string; forwardedProto?: string })
        .filter((line) => line.level === 40 && line.msg.includes('TRUST_PROXY'));
    // The child's output arrives through a pipe: wait for both warnings rather than read it once.
    const deadline = Date.now() + 5_000;
    while (logged().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const warnings = logged();
    expect(warnings.map((line) => [line.username, line.forwardedProto])).to.deep.equal([
      ['staff', undefined],
      ['staff', 'https'],
    ]);
    expect(warnings[0]?.msg).to.include('HTTPS');
    expect(server?.output()).to.not.include(STAFF_PASSWORD);
  });

  it('still answers a wrong password with "Incorrect username or password." and no word about HTTPS', async () => {
    const response = await postLogin(server?.url ?? '', 'not the password');
    expect(response.status).to.equal(401);
    const html = await response.text();
    expect(html).to.include('Incorrect username or password.');
    expect(html).to.not.include('HTTPS');
  });
});

describe('POST /login in production behind a trusted HTTPS proxy (TRUST_PROXY=1)', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ ...PRODUCTION, TRUST_PROXY: '1' });
  });
  after(() => server?.close());

  it('signs in as before: 303 and the Secure session cookie', async () => {
    const response = await postLogin(server.url, STAFF_PASSWORD, { 'X-Forwarded-Proto': 'https' });
    expect(response.status).to.equal(303);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SECURE_SESSION_COOKIE}=`));
    expect(cookie).to.match(/; Secure/i);
  });
});
