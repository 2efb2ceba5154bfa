import { expect } from 'chai';
import type { SessionData } from 'express-session';
import type { Knex } from 'knex';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { KnexSessionStore, RENEW_AFTER_MS } from '../../src/db/session-store.js';
import { postSignIn, signInCookie, STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

type Outcome<T> = { error: unknown; value: T | undefined; sync: boolean };

/** Calls a store method and resolves with what its callback got (and whether it was called synchronously). */
function outcome<T>(call: (callback: (error?: unknown, value?: T) => void) => void): Promise<Outcome<T>> {
  return new Promise((resolve, reject) => {
    let returned = false;
    const timer = setTimeout(() => reject(new Error('the callback was never called')), 5000);
    call((error, value) => {
      clearTimeout(timer);
      resolve({ error, value, sync: !returned });
    });
    returned = true;
  });
}

const sessionData = (expires: Date | undefined, extra: Partial<SessionData> = {}): SessionData =>
  ({ cookie: { originalMaxAge: 60_000, expires, httpOnly: true, path: '/' }, ...extra }) as unknown as SessionData;

/** Records every unhandled rejection while a test runs. */
function watchRejections() {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  return {
    seen,
    async stop() {
      // Give any stray rejection the ticks it needs to be reported.
      await new Promise((resolve) => setTimeout(resolve, 50));
      process.off('unhandledRejection', listener);
    },
  };
}

describe('KnexSessionStore', () => {
  let dir: string;
  let db: Knex;
  let store: KnexSessionStore;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'session-store-test-'));
    db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
    await migrateToLatest(db);
    store = new KnexSessionStore(db);
  });
  afterEach(async () => {
    store.close();
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('stores a session and gives it back, with expires_at from the cookie', async () => {
    const expires = new Date(Date.now() + 10 * 60_000);
    const data = sessionData(expires, { csrfToken: 'token-1', loginAt: 123 });
    expect((await outcome((cb) => store.set('abc', data, cb))).error).to.equal(undefined);
    const row = await db('sessions').where({ sid: 'abc' }).first();
    expect(Number(row.expires_at)).to.equal(expires.getTime());
    const got = await outcome<SessionData | null>((cb) => store.get('abc', cb));
    expect(got.error).to.equal(undefined);
    expect(got.value).to.deep.include({ csrfToken: 'token-1', loginAt: 123 });
  });

  it('overwrites a session saved twice under one id', async () => {
    await outcome((cb) => store.set('abc', sessionData(new Date(Date.now() + 60_000), { csrfToken: 'one' }), cb));
    await outcome((cb) => store.set('abc', sessionData(new Date(Date.now() + 60_000), { csrfToken: 'two' }), cb));
    expect(await db('sessions').count({ count: '*' }).first()).to.deep.equal({ count: 1 });
    expect((await outcome<SessionData | null>((cb) => store.get('abc', cb))).value).to.include({ csrfToken: 'two' });
  });

  it('answers null for an unknown id and for an expired session', async () => {
    expect((await outcome((cb) => store.get('nobody', cb))).value).to.equal(null);
    await outcome((cb) => store.set('old', sessionData(new Date(Date.now() + 60_000)), cb));
    await db('sessions')
      .where({ sid: 'old' })
      .update({ expires_at: Date.now() - 1 });
    const got = await outcome((cb) => store.get('old', cb));
    expect(got.error).to.equal(undefined);
    expect(got.value).to.equal(null);
  });

  it('moves the deadline on touch and forgets the session on destroy', async () => {
    await outcome((cb) => store.set('abc', sessionData(new Date(Date.now() + 60_000)), cb));
    const later = new Date(Date.now() + 3_600_000);
    expect((await outcome((cb) => store.touch('abc', sessionData(later), cb))).error).to.equal(undefined);
    expect(Number((await db('sessions').where({ sid: 'abc' }).first()).expires_at)).to.equal(later.getTime());
    expect((await outcome((cb) => store.destroy('abc', cb))).error).to.equal(undefined);
    expect(await db('sessions').where({ sid: 'abc' }).first()).to.equal(undefined);
  });

  it('writes a renewal only when it moves the deadline read by RENEW_AFTER_MS or more', async () => {
    const stored = Date.now() + 60_000;
    await outcome((cb) => store.set('abc', sessionData(new Date(stored)), cb));
    const deadline = async () => Number((await db('sessions').where({ sid: 'abc' }).first()).expires_at);
    const request = async (renewedTo: number) => {
      expect((await outcome((cb) => store.get('abc', cb))).value).to.not.equal(null);
      expect((await outcome((cb) => store.touch('abc', sessionData(new Date(renewedTo)), cb))).error).to.equal(
        undefined,
      );
    };
    await request(stored + RENEW_AFTER_MS - 1);
    expect(await deadline(), 'less than RENEW_AFTER_MS later: not written').to.equal(stored);
    await request(stored + RENEW_AFTER_MS);
    expect(await deadline()).to.equal(stored + RENEW_AFTER_MS);
    // Another instance, which has neither read nor written the session, writes its renewal.
    const other = new KnexSessionStore(db);
    try {
      await outcome((cb) => other.touch('abc', sessionData(new Date(stored + RENEW_AFTER_MS + 1)), cb));
    } finally {
      other.close();
    }
    expect(await deadline()).to.equal(stored + RENEW_AFTER_MS + 1);
  });

  it('renews a session once for requests in flight together, each moving its deadline less than RENEW_AFTER_MS', async () => {
    const stored = Date.now() + 60_000;
    await outcome((cb) => store.set('abc', sessionData(new Date(stored)), cb));
    const writes: string[] = [];
    const count = (query: { sql: string }) => /^update/i.test(query.sql) && writes.push(query.sql);
    db.on('query', count);
    try {
      // Three requests read the session before any of them answers, then each renews it a little later.
      for (let request = 0; request < 3; request++) await outcome((cb) => store.get('abc', cb));
      for (const later of [RENEW_AFTER_MS, RENEW_AFTER_MS + 10, RENEW_AFTER_MS + 20])
        await outcome((cb) => store.touch('abc', sessionData(new Date(stored + later)), cb));
    } finally {
      db.off('query', count);
    }
    expect(writes, 'one renewal').to.have.lengthOf(1);
    expect(Number((await db('sessions').where({ sid: 'abc' }).first()).expires_at)).to.equal(stored + RENEW_AFTER_MS);
  });

  it('falls back to a 24-hour deadline when the cookie has no expiry', async () => {
    await outcome((cb) => store.set('browser-session', sessionData(undefined), cb));
    const row = await db('sessions').where({ sid: 'browser-session' }).first();
    expect(Number(row.expires_at)).to.be.closeTo(Date.now() + 24 * 3_600_000, 5_000);
  });

  it('prunes expired sessions only', async () => {
    await outcome((cb) => store.set('live', sessionData(new Date(Date.now() + 60_000)), cb));
    await outcome((cb) => store.set('dead', sessionData(new Date(Date.now() + 60_000)), cb));
    await db('sessions')
      .where({ sid: 'dead' })
      .update({ expires_at: Date.now() - 1000 });
    expect(await store.prune()).to.equal(1);
    expect(await db('sessions').pluck('sid')).to.deep.equal(['live']);
  });

  it('reports a corrupted session row to the callback instead of throwing', async () => {
    await db('sessions').insert({ sid: 'broken', sess: '{not json', expires_at: Date.now() + 60_000 });
    const watch = watchRejections();
    const got = await outcome((cb) => store.get('broken', cb));
    await watch.stop();
    expect(got.error).to.be.instanceOf(SyntaxError);
    expect(watch.seen).to.deep.equal([]);
  });

  it('calls back on a later tick, never synchronously', async () => {
    expect((await outcome((cb) => store.get('nobody', cb))).sync).to.equal(false);
  });

  describe('with a failing database', () => {
    const calls: [string, (store: KnexSessionStore, cb: (error?: unknown) => void) => void][] = [
      ['get', (s, cb) => s.get('abc', cb)],
      ['set', (s, cb) => s.set('abc', sessionData(new Date(Date.now() + 60_000)), cb)],
      ['touch', (s, cb) => s.touch('abc', sessionData(new Date(Date.now() + 60_000)), cb)],
      ['destroy', (s, cb) => s.destroy('abc', cb)],
    ];

    it('passes the error of a dropped table to each callback, with no unhandled rejection', async () => {
      await db.schema.dropTable('sessions');
      const watch = watchRejections();
      for (const [name, call] of calls) {
        const got = await outcome((cb) => call(store, cb));
        expect(got.error, name).to.be.instanceOf(Error);
        expect(String((got.error as Error).message), name).to.match(/no such table: sessions/);
      }
      let pruneError: unknown;
      await store.prune().catch((error: unknown) => (pruneError = error));
      expect(pruneError).to.be.instanceOf(Error);
      await watch.stop();
      expect(watch.seen).to.deep.equal([]);
    });

    it('passes the error of a destroyed connection to each callback, with no unhandled rejection', async () => {
      await db.destroy();
      const watch = watchRejections();
      for (const [name, call] of calls) {
        const got = await outcome((cb) => call(store, cb));
        expect(got.error, name).to.be.instanceOf(Error);
      }
      await watch.stop();
      expect(watch.seen).to.deep.equal([]);
      // afterEach destroys again: reconnect so that is harmless.
      db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
    });

    it('accepts a missing callback without an unhandled rejection', async () => {
      await db.schema.dropTable('sessions');
      const watch = watchRejections();
      store.set('abc', sessionData(new Date(Date.now() + 60_000)));
      store.touch('abc', sessionData(new Date(Date.now() + 60_000)));
      store.destroy('abc');
      await watch.stop();
      expect(watch.seen).to.deep.equal([]);
    });
  });
});

describe('Staff pages when the session table fails', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(STAFF_ENV);
  });
  after(() => server.close());

  it('answers 500 for that request, keeps serving, and raises no unhandled rejection', async () => {
    const cookie = await signInCookie(server.url);
    expect(cookie).to.match(/^sid=/);
    await server.db.schema.dropTable('sessions');
    const watch = watchRejections();
    // A failed load is answered once, by the app's error handler. Only the sign-in retry prints: express-session
    // saves the new session again after the 500 went out and hands that second failure to Express's final
    // handler, which writes it to stderr. Keep it out of the test output and check it is only that.
    const printed: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void printed.push(args[0]);
    try {
      await failingRequests(cookie);
    } finally {
      console.error = consoleError;
    }
    expect(printed).to.have.length.at.most(1);
    for (const line of printed)
      expect(String(line)).to.match(/^SqliteError: insert into `sessions`.*no such table: sessions$/);
    await watch.stop();
    expect(watch.seen).to.deep.equal([]);
  });

  async function failingRequests(cookie: string) {
    const admin = await fetch(`${server.url}/admin`, { redirect: 'manual', headers: { Cookie: cookie } });
    expect(admin.status).to.equal(500);
    expect(await admin.text()).to.not.match(/no such table|SqliteError|at .*\.ts/);
    const call = await fetch(`${server.url}/admin/images.json`, { redirect: 'manual', headers: { Cookie: cookie } });
    expect(call.status).to.equal(500);
    const retry = await postSignIn(server.url, 'staff', STAFF_PASSWORD);
    expect(retry.status).to.equal(500);
    expect((await fetch(`${server.url}/about`)).status).to.equal(200);
  }
});
