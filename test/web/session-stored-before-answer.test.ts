import { expect } from 'chai';
import http from 'node:http';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * A client may act on an answer as soon as its headers (or the part of the body it needs) arrive, before the rest
 * has come: every answer that follows a change of the staff session must be sent only once that change is stored,
 * or the client's next request finds the session as it was before. Each try here acts that early, 40 times over.
 */
const TRIES = 40;
const SHARED_SECRET = { SESSION_SECRET: 'one session secret shared by every instance, 48 chars' };

/** Sends a request with node's http and resolves as soon as the answer's headers are in, its body still unread. */
function headersOf(
  url: string,
  options: { method?: string; cookie?: string; body?: string } = {},
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: options.method ?? 'GET',
      agent: false,
      headers: {
        ...(options.cookie ? { Cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(options.body);
  });
}

/** Reads an answer's body only until `pattern` shows up in it, and gives its first group. */
function readUntil(response: http.IncomingMessage, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const found = pattern.exec(text)?.[1];
      if (found === undefined) return;
      response.off('data', onData);
      response.pause();
      resolve(found);
    };
    response.on('data', onData);
    response.once('end', () => reject(new Error(`the answer ended without ${String(pattern)}`)));
    response.once('error', reject);
  });
}

function sessionCookieOf(response: http.IncomingMessage): string {
  const pair = (response.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .find((p) => /^sid=./.test(p));
  expect(pair, 'session cookie').to.be.a('string');
  return pair!;
}

/** Lets an answer's remaining body drain, so its connection closes. */
function finish(response: http.IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (response.readableEnded) return resolve();
    response.once('end', resolve).once('close', resolve);
    response.resume();
  });
}

const signInBody = new URLSearchParams({ username: 'staff', password: STAFF_PASSWORD }).toString();

/** Signs in on `signInAt` and, the moment the 303's headers arrive, opens /admin on `followAt` with its cookie. */
async function signInAndFollowAtOnce(signInAt: TestServer, followAt: TestServer): Promise<string> {
  const signIn = await headersOf(`${signInAt.url}/login?next=%2Fadmin`, { method: 'POST', body: signInBody });
  expect(signIn.statusCode, 'sign-in').to.equal(303);
  const cookie = sessionCookieOf(signIn);
  const admin = await headersOf(`${followAt.url}${signIn.headers.location ?? ''}`, { cookie });
  await Promise.all([finish(signIn), finish(admin)]);
  return `${admin.statusCode ?? 0} ${admin.headers.location ?? ''}`.trim();
}

/**
 * Signs in (waiting for the whole answer), opens /admin on `pageAt` and, the moment its CSRF token has arrived,
 * signs out on `postAt` with that token, as a quick hand or script on the page would.
 */
async function signOutWithFreshToken(pageAt: TestServer, postAt: TestServer): Promise<string> {
  const signIn = await headersOf(`${pageAt.url}/login`, { method: 'POST', body: signInBody });
  const cookie = sessionCookieOf(signIn);
  await finish(signIn);
  const page = await headersOf(`${pageAt.url}/admin`, { cookie });
  expect(page.statusCode, 'the admin page').to.equal(200);
  const token = await readUntil(page, /<meta name="csrf-token" content="([^"]+)"/);
  const signOut = await headersOf(`${postAt.url}/logout`, {
    method: 'POST',
    cookie,
    body: new URLSearchParams({ _csrf: token }).toString(),
  });
  await Promise.all([finish(page), finish(signOut)]);
  return `${signOut.statusCode ?? 0} ${signOut.headers.location ?? ''}`.trim();
}

async function tryTimes(attempt: () => Promise<string>): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < TRIES; i += 1) outcomes.push(await attempt());
  return outcomes;
}

/** The outcomes that were not `expected`, as "n × outcome", for a readable failure. */
function failures(outcomes: string[], expected: string): string[] {
  const counts = new Map<string, number>();
  for (const outcome of outcomes.filter((o) => o !== expected)) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return [...counts].map(([outcome, n]) => `${n} × ${outcome}`);
}

function behavesOnOneInstance(server: () => TestServer) {
  it(`opens /admin for a client that follows the sign-in's 303 as soon as its headers arrive (${TRIES} tries)`, async () => {
    const a = server();
    expect(failures(await tryTimes(() => signInAndFollowAtOnce(a, a)), '200')).to.deep.equal([]);
  });

  it(`accepts a CSRF token used the moment the page that made it arrives (${TRIES} tries)`, async () => {
    const a = server();
    expect(failures(await tryTimes(() => signOutWithFreshToken(a, a)), '303 /login')).to.deep.equal([]);
  });
}

describe('Answers that change the staff session, on SQLite', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, LOGIN_RATE_LIMIT: '1000' }, { sqlite: true });
  });
  after(() => server?.close());
  behavesOnOneInstance(() => server);

  it('answers 500, not a page with a CSRF token that could not be stored, and keeps serving', async () => {
    const signIn = await headersOf(`${server.url}/login`, { method: 'POST', body: signInBody });
    const cookie = sessionCookieOf(signIn);
    await finish(signIn);
    // Session rows can still be read and their deadlines moved, but no content written.
    await server.db.raw(
      "CREATE TRIGGER sessions_read_only BEFORE UPDATE OF sess ON sessions BEGIN SELECT RAISE(ABORT, 'read-only'); END",
    );
    try {
      const page = await fetch(`${server.url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' });
      expect(page.status).to.equal(500);
      expect(await page.text()).to.not.include('csrf-token');
    } finally {
      await server.db.raw('DROP TRIGGER sessions_read_only');
    }
    const again = await fetch(`${server.url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(again.status, 'once the database is back').to.equal(200);
  });
});

describeWithCommands(POSTGRES_COMMANDS, 'Answers that change the staff session, on PostgreSQL', function () {
  this.timeout(90_000);
  let postgres: RunningPostgres;
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    postgres = await startPostgres();
    const env = { ...SHARED_SECRET, LOGIN_RATE_LIMIT: '1000' };
    a = await startTestServer({ ...STAFF_ENV, ...env }, { postgres: postgres.adminUrl });
    b = await startTestServer(env, { sameStorageAs: a });
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await postgres?.stop();
  });
  behavesOnOneInstance(() => a);

  it(`does the same when the next request goes to another instance (${TRIES} tries each)`, async () => {
    expect(failures(await tryTimes(() => signInAndFollowAtOnce(a, b)), '200'), 'sign-in').to.deep.equal([]);
    expect(failures(await tryTimes(() => signOutWithFreshToken(a, b)), '303 /login'), 'token').to.deep.equal([]);
  });
});
