import { Writable } from 'node:stream';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { isSqlite } from '../../src/db/connect.js';
import { purgeOldSpam, SpamPurge, SPAM_RETENTION_DAYS } from '../../src/services/spam-purge.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const DAY_MS = 24 * 3600 * 1000;
const daysAgo = (days: number, now = Date.now()) => new Date(now - days * DAY_MS);

/**
 * contact_messages.created_at as each database holds it: SQLite's CURRENT_TIMESTAMP text ("YYYY-MM-DD HH:MM:SS",
 * UTC) or, for `iso`, an ISO 8601 string as a row written with one has; PostgreSQL's timestamp column.
 */
function messageStamp(db: Knex, at: Date, iso = false): string {
  if (!isSqlite(db) || iso) return at.toISOString();
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

async function insertMessage(db: Knex, subject: string, at: Date, options: { spam: boolean; iso?: boolean }) {
  await db('contact_messages').insert({
    firstname: 'Pat',
    lastname: 'Sender',
    email: 'pat@example.com',
    phone: '(970) 555-0100',
    subject,
    message: 'Hello',
    is_spam: options.spam,
    delivery_status: options.spam ? 'skipped' : 'not_configured',
    created_at: messageStamp(db, at, options.iso),
  });
}

let tokens = 0;
async function insertTour(db: Knex, note: string, at: Date, options: { spam: boolean }) {
  tokens += 1;
  await db('tours').insert({
    token: `spam-purge-token-${tokens}-${'x'.repeat(20)}`,
    start_at: new Date(at.getTime() + DAY_MS).toISOString(),
    slot_minutes: 60,
    firstname: 'Pat',
    lastname: 'Booker',
    email: 'pat@example.com',
    phone: '(970) 555-0100',
    message: note,
    is_spam: options.spam,
    created_at: at.toISOString(),
  });
}

const subjects = async (db: Knex) =>
  ((await db('contact_messages').select('subject').orderBy('subject')) as { subject: string }[]).map(
    (row) => row.subject,
  );
const notes = async (db: Knex) =>
  ((await db('tours').select('message').orderBy('message')) as { message: string }[]).map((row) => row.message);

/** A pino logger whose lines land in `lines`, parsed. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('Spam purge: spam older than 30 days is deleted', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it('keeps spam for 30 days', () => {
    expect(SPAM_RETENTION_DAYS).to.equal(30);
  });

  it('deletes spam messages and tours stored 31 days ago and keeps those stored 29 days ago, and every lead', async () => {
    const { db } = server;
    const now = Date.now();
    await insertMessage(db, 'spam 29 days', daysAgo(29, now), { spam: true });
    await insertMessage(db, 'spam 31 days', daysAgo(31, now), { spam: true });
    await insertMessage(db, 'spam 31 days, ISO stamp', daysAgo(31, now), { spam: true, iso: true });
    await insertMessage(db, 'spam 29 days, ISO stamp', daysAgo(29, now), { spam: true, iso: true });
    await insertMessage(db, 'lead 31 days', daysAgo(31, now), { spam: false });
    await insertTour(db, 'spam tour 29 days', daysAgo(29, now), { spam: true });
    await insertTour(db, 'spam tour 31 days', daysAgo(31, now), { spam: true });
    await insertTour(db, 'tour 31 days', daysAgo(31, now), { spam: false });

    expect(await purgeOldSpam(db, now)).to.deep.equal({ messages: 2, tours: 1 });

    expect(await subjects(db)).to.deep.equal(['lead 31 days', 'spam 29 days', 'spam 29 days, ISO stamp']);
    expect(await notes(db)).to.deep.equal(['spam tour 29 days', 'tour 31 days']);
  });

  it('deletes nothing more on a second pass', async () => {
    const { db } = server;
    await insertMessage(db, 'spam 31 days', daysAgo(31), { spam: true });
    expect(await purgeOldSpam(db)).to.deep.equal({ messages: 1, tours: 0 });
    expect(await purgeOldSpam(db)).to.deep.equal({ messages: 0, tours: 0 });
  });

  it('runs a pass when started, logs how many it deleted, and stops', async () => {
    const { db } = server;
    await insertMessage(db, 'spam 31 days', daysAgo(31), { spam: true });
    await insertTour(db, 'spam tour 31 days', daysAgo(31), { spam: true });
    await insertTour(db, 'spam tour 40 days', daysAgo(40), { spam: true });
    const { logger, lines } = capturingLogger();
    const purge = new SpamPurge(db, logger);
    await purge.start();
    await purge.stop();
    expect(await subjects(db)).to.deep.equal([]);
    expect(await notes(db)).to.deep.equal([]);
    expect(lines.filter((line) => line.msg === 'old spam deleted')).to.have.length(1);
    expect(lines.find((line) => line.msg === 'old spam deleted')).to.include({ messages: 1, tours: 2 });
  });
});

describe('Spam purge at start-up', () => {
  let first: TestServer;
  let second: TestServer | undefined;
  before(async () => {
    first = await startTestServer();
  });
  after(async () => {
    await second?.close();
    await first.close();
  });

  it('deletes old spam before a starting server answers, and keeps newer spam', async () => {
    await insertMessage(first.db, 'spam 31 days', daysAgo(31), { spam: true });
    await insertMessage(first.db, 'spam 29 days', daysAgo(29), { spam: true });
    await insertTour(first.db, 'spam tour 31 days', daysAgo(31), { spam: true });
    second = await startTestServer({}, { sameStorageAs: first });
    expect(await subjects(first.db)).to.deep.equal(['spam 29 days']);
    expect(await notes(first.db)).to.deep.equal([]);
  });
});
