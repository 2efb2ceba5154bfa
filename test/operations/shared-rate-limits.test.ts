import crypto from 'node:crypto';
import { expect } from 'chai';
import { STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Contract, "Scale-out": with DATABASE_URL on PostgreSQL, CONTACT_RATE_LIMIT and LOGIN_RATE_LIMIT count across all
 * instances together. Two instances on one PostgreSQL database, requests alternating between them as a
 * round-robin proxy sends them. TRUST_PROXY=1 lets each test be its own client address (X-Forwarded-For), as
 * the proxy in front would report it.
 */
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The shared count of one client's lead posts, as the database holds it (the row key is a hash of the address). */
async function leadHits(server: TestServer, client: string): Promise<number> {
  const key = `lead:${crypto.createHash('sha256').update(client).digest('base64url')}`;
  const row = await server.db('rate_limit_hits').where({ key }).first<{ hits: number } | undefined>();
  return Number(row?.hits ?? 0);
}

function postContact(server: TestServer, client: string, subject: string, phone = '(970) 555-0150'): Promise<Response> {
  return fetch(`${server.url}/contact/submit`, {
    method: 'POST',
    headers: { ...FORM, 'X-Forwarded-For': client },
    body: new URLSearchParams({
      firstname: 'Sam',
      lastname: 'Lee',
      email: 'sam@example.com',
      phone,
      subject,
      message: 'Counted once, wherever it lands.',
    }),
  });
}

function postLogin(
  server: TestServer,
  username: string,
  password: string,
  client: string,
  cookie?: string,
): Promise<Response> {
  return fetch(`${server.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORM, 'X-Forwarded-For': client, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ username, password }),
  });
}

describeWithCommands(POSTGRES_COMMANDS, 'Rate limits across two instances on one PostgreSQL database', function () {
  this.timeout(90_000);
  const SHARED = {
    ...STAFF_ENV,
    SESSION_SECRET: 'one session secret shared by every instance, 48 chars',
    TRUST_PROXY: '1',
    CONTACT_RATE_LIMIT: '3',
    LOGIN_RATE_LIMIT: '3',
  };
  let postgres: RunningPostgres;
  let a: TestServer;
  let b: TestServer;
  /** The staff member's browser, signed in through A before any attack (docs/decisions/012). */
  let staffDevice: string;

  before(async () => {
    postgres = await startPostgres();
    a = await startTestServer(SHARED, { postgres: postgres.adminUrl });
    b = await startTestServer(SHARED, { sameStorageAs: a });
    const signIn = await postLogin(a, 'staff', STAFF_PASSWORD, '198.51.100.40');
    expect(signIn.status).to.equal(303);
    staffDevice =
      signIn.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0] ?? '')
        .find((pair) => pair.startsWith('login-device=')) ?? '';
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await postgres?.stop();
  });

  it('CONTACT_RATE_LIMIT=3: two posts to A and two to B, the fourth is refused (429), and so is the next on A', async () => {
    const client = '198.51.100.10';
    const statuses: number[] = [];
    for (const [i, server] of [a, a, b, b, a].entries()) {
      statuses.push((await postContact(server, client, `Post ${i + 1}`)).status);
    }
    expect(statuses).to.deep.equal([200, 200, 200, 429, 429]);
    expect((await postContact(b, '198.51.100.11', 'Another client')).status, 'another client').to.equal(200);
  });

  it('counts only accepted posts: refused ones on A and B are taken off the shared count', async () => {
    const client = '198.51.100.30';
    for (const [i, server] of [a, b, a, b, a].entries()) {
      expect((await postContact(server, client, `Typo ${i + 1}`, '12')).status).to.equal(400);
    }
    // Each refused post is taken off after its answer: wait for the shared count to say so.
    const deadline = Date.now() + 5_000;
    while ((await leadHits(a, client)) !== 0 && Date.now() < deadline) await new Promise((done) => setImmediate(done));
    expect(await leadHits(a, client), 'hits left counted').to.equal(0);
    const statuses: number[] = [];
    for (const [i, server] of [b, a, b, a].entries()) {
      statuses.push((await postContact(server, client, `Accepted ${i + 1}`)).status);
    }
    expect(statuses).to.deep.equal([200, 200, 200, 429]);
  });

  it('counts tour bookings on one instance and contact posts on the other against the same limit', async () => {
    const client = '198.51.100.20';
    const slots = (await (await fetch(`${a.url}/api/tour-slots?days=31`)).json()) as {
      slots: Array<{ start: string }>;
    };
    const start = slots.slots.find((slot) => Date.parse(slot.start) > Date.now() + 2 * 3600_000)?.start ?? '';
    const tour = await fetch(`${b.url}/tours`, {
      method: 'POST',
      headers: { ...FORM, Accept: 'application/json', 'X-Forwarded-For': client },
      body: new URLSearchParams({
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.com',
        phone: '(970) 555-0199',
        start,
      }),
    });
    expect(tour.status, 'the tour booking on B').to.equal(200);
    expect((await postContact(a, client, 'After the tour 1')).status).to.equal(200);
    expect((await postContact(b, client, 'After the tour 2')).status).to.equal(200);
    expect((await postContact(a, client, 'After the tour 3')).status).to.equal(429);
  });

  it('LOGIN_RATE_LIMIT=3 per username: strangers guessing through both instances lock it after three failures', async () => {
    // Each guess from another address, so only the username's count can stop the fourth.
    const statuses: number[] = [];
    for (const [i, server] of [a, b, a, b].entries()) {
      statuses.push((await postLogin(server, 'staff', 'a wrong guess', `203.0.113.${i + 1}`)).status);
    }
    expect(statuses).to.deep.equal([401, 401, 401, 429]);
    const rightPassword = await postLogin(a, 'staff', STAFF_PASSWORD, '203.0.113.9');
    expect(rightPassword.status, 'locked on A as well, even with the right password').to.equal(429);
    const ownBrowser = await postLogin(b, 'staff', STAFF_PASSWORD, '198.51.100.41', staffDevice);
    expect(ownBrowser.status, "the staff member's own browser, on the other instance").to.equal(303);
  });

  it('LOGIN_RATE_LIMIT=3 per address: one client trying usernames on both instances is stopped at the fourth', async () => {
    const client = '198.51.100.30';
    const statuses: number[] = [];
    for (const [i, server] of [b, a, b, a].entries()) {
      statuses.push((await postLogin(server, `someone-${i}`, 'a wrong guess', client)).status);
    }
    expect(statuses).to.deep.equal([401, 401, 401, 429]);
    const ownBrowser = await postLogin(b, 'staff', STAFF_PASSWORD, client, staffDevice);
    expect(ownBrowser.status, "the staff member's own browser at that address (docs/decisions/012)").to.equal(303);
    const otherBrowser = await postLogin(a, 'staff', STAFF_PASSWORD, client);
    expect(otherBrowser.status, 'a browser without the device cookie there').to.equal(429);
  });
});

describe('Rate limits on SQLite', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '2' }, { sqlite: true });
  });
  after(() => server?.close());

  it('stay in the instance’s memory: no database write per request', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i += 1) statuses.push((await postContact(server, '127.0.0.1', `SQLite ${i}`)).status);
    expect(statuses).to.deep.equal([200, 200, 429]);
    expect(await server.db('rate_limit_hits').select()).to.deep.equal([]);
  });
});
