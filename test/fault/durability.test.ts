import { once } from 'node:events';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import knexFactory from 'knex';
import { startChildServer } from '../support/child-server.js';
import { signIn } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const lead = (subject: string) =>
  new URLSearchParams({
    firstname: 'Kim',
    lastname: 'Lee',
    email: 'kim@example.com',
    phone: '(970) 555-0111',
    subject,
    message: 'Please call me about the Overlook plan.',
  });

/**
 * A form post whose body goes out only when the test says: headers first, with `Expect: 100-continue` so the
 * server says when it has the request, then `send(fraction)` writes the body up to that fraction (1 ends it).
 */
function startSlowPost(url: string, body: string) {
  const bytes = Buffer.from(body);
  const request = http.request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': bytes.length,
      Expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
  });
  request.flushHeaders();
  let sent = 0;
  return {
    continued: once(request, 'continue'),
    answer,
    send(fraction: number) {
      const upTo = Math.floor(bytes.length * fraction);
      request.write(bytes.subarray(sent, upTo));
      sent = upTo;
      if (fraction >= 1) request.end();
    },
  };
}

/** Resolves once `url` refuses new connections (the server closed its listening socket). */
async function waitUntilRefused(url: string, timeout = 5_000): Promise<void> {
  const { hostname, port } = new URL(url);
  const deadline = Date.now() + timeout;
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    if (Date.now() > deadline) throw new Error(`${url} still accepted connections after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function openDb(file: string) {
  return knexFactory({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
}

describe('SQLite durability settings', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' }, { sqlite: true });
  });
  after(() => server.close());

  it('runs in WAL mode with synchronous=FULL, a busy timeout and foreign keys on', async () => {
    const pragma = async (name: string) =>
      Object.values(((await server.db.raw(`PRAGMA ${name}`)) as Record<string, unknown>[])[0] ?? {})[0];
    expect(await pragma('journal_mode')).to.equal('wal');
    expect(await pragma('synchronous')).to.equal(2);
    expect(await pragma('busy_timeout')).to.equal(5000);
    expect(await pragma('foreign_keys')).to.equal(1);
  });

  it('stores 50 concurrent submissions as 50 rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        fetch(`${server.url}/contact/submit`, { method: 'POST', body: lead(`Concurrent ${index}`) }).then((response) =>
          response.text(),
        ),
      ),
    );
    expect(answers.filter((answer) => answer === 'success')).to.have.length(50);
    const rows = await server.db('contact_messages').where('subject', 'like', 'Concurrent %');
    expect(rows).to.have.length(50);
  });
});

describe('A crash in the middle of a burst (SIGKILL)', function () {
  this.timeout(120_000);
  let dataDir: string;

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crash-test-'));
  });
  after(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('keeps every answered lead and applies each image order entirely or not at all', async () => {
    const env = {
      DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      CONTACT_RATE_LIMIT: '0',
      ADMIN_USERNAME: 'staff',
      ADMIN_PASSWORD: 'durable-password',
    };
    const first = await startChildServer(env);
    const { cookie, token } = await signIn(first.url, 'staff', 'durable-password');
    const original = (
      (await (await fetch(`${first.url}/api/homepageimages?sort=order,asc`)).json()) as {
        _embedded: { homepageimages: { url: string }[] };
      }
    )._embedded.homepageimages.map((image) => image.url);
    const orders = [original, [...original].reverse()];

    const answered: string[] = [];
    // The kill lands mid-burst: right after the tenth answer, while the later posts are still arriving.
    let tenthAnswer!: () => void;
    const tenAnswered = new Promise<void>((resolve) => (tenthAnswer = resolve));
    let saves = 0;
    const burst = Array.from({ length: 120 }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 4));
      try {
        if (index % 6 === 5) {
          const urls = orders[saves++ % 2]!;
          await fetch(`${first.url}/admin/reorder/homepageimages`, {
            method: 'POST',
            headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/json' },
            body: JSON.stringify(urls.map((url, order) => ({ url, order }))),
          });
          return;
        }
        const response = await fetch(`${first.url}/contact/submit`, { method: 'POST', body: lead(`Burst ${index}`) });
        if ((await response.text()) !== 'success') return;
        answered.push(`Burst ${index}`);
        if (answered.length === 10) tenthAnswer();
      } catch {
        // The connection died with the process: this request was never answered.
      }
    });
    await Promise.race([tenAnswered, Promise.all(burst)]);
    first.process.kill('SIGKILL');
    await Promise.all(burst);
    expect(await first.exited).to.equal('SIGKILL');
    expect(answered.length, 'some posts were answered before the kill').to.be.greaterThan(0);

    const second = await startChildServer(env);
    try {
      const db = openDb(path.join(dataDir, 'site.sqlite'));
      try {
        const stored = new Set(
          (await db('contact_messages').select('subject')).map((row: { subject: string }) => row.subject),
        );
        const lost = answered.filter((subject) => !stored.has(subject));
        expect(lost, 'answered success but not stored').to.deep.equal([]);
      } finally {
        await db.destroy();
      }
      const after = (
        (await (await fetch(`${second.url}/api/homepageimages?sort=order,asc`)).json()) as {
          _embedded: { homepageimages: { url: string }[] };
        }
      )._embedded.homepageimages.map((image) => image.url);
      expect(orders.map((order) => JSON.stringify(order))).to.include(JSON.stringify(after));
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
  });
});

describe('Graceful shutdown (SIGTERM)', function () {
  this.timeout(60_000);

  it('finishes a request it is still reading, closes the database and exits 0 within 10 s', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sigterm-test-'));
    try {
      const server = await startChildServer({
        DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
        DATA_DIR: dataDir,
      });
      const upload = startSlowPost(`${server.url}/contact/submit`, lead('In flight at shutdown').toString());
      // 100 Continue: the server has taken the request into its handler, which now waits for the body.
      await upload.continued;
      upload.send(0.5);
      const started = Date.now();
      server.process.kill('SIGTERM');
      await waitUntilRefused(server.url);
      // Shutting down, no longer listening, and the request still open: now the rest of its body.
      upload.send(1);
      expect(await upload.answer).to.deep.equal({ status: 200, body: 'success' });
      expect(await server.exited).to.equal(0);
      expect(Date.now() - started).to.be.lessThan(10_000);
      let refused = false;
      await fetch(`${server.url}/`).catch(() => (refused = true));
      expect(refused, 'no longer accepting connections').to.equal(true);
      const db = openDb(path.join(dataDir, 'site.sqlite'));
      try {
        expect(await db('contact_messages').where({ subject: 'In flight at shutdown' })).to.have.length(1);
      } finally {
        await db.destroy();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
