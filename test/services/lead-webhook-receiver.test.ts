import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import express, { type Express } from 'express';
import knex from 'knex';
import { createOutboxSiteHome, type OutboxSiteHome, type RunningSite } from '../support/outbox-site.js';
import { waitFor } from '../support/smtp-sink.js';
import { LEAD_FORM } from '../support/contact-messages.js';

/**
 * docs/operations.md, "Configuration": the webhook is delivered at least once, and the guide shows a receiver that
 * checks the signature and stores each event once. That example, as the guide prints it, against the real outbox.
 */
const SECRET = 'a webhook secret the CRM also knows';

/** The guide's receiver example: its `import` lines, and the rest as the body of `mount(app, express, SECRET, pool)`. */
async function readmeReceiver(): Promise<string> {
  const readme = await fs.readFile('docs/operations.md', 'utf8');
  const example = /delivered \*\*at least once\*\*[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!example) throw new Error('docs/operations.md: no receiver example after "delivered **at least once**"');
  const lines = example.split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const body = lines.filter((line) => !line.startsWith('import '));
  return `${imports.join('\n')}\nexport function mount(app, express, SECRET, pool) {\n${body.join('\n')}\n}\n`;
}

/** The receiver's database: PostgreSQL's `pool.query(sql, [$1, $2])` on an in-memory SQLite table. */
function receiverDatabase() {
  const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  const pool = {
    query: (sql: string, values: unknown[]) =>
      db.raw(
        sql.replace(/\$\d+/g, '?'),
        values.map((value) => (typeof value === 'object' ? JSON.stringify(value) : value)) as string[],
      ),
  };
  const rows = () => db('leads').select('event_id', 'lead') as Promise<{ event_id: string; lead: string }[]>;
  return {
    pool,
    rows,
    create: () =>
      db.schema.createTable('leads', (table) => {
        table.text('event_id').primary();
        table.text('lead').notNullable();
      }),
    close: () => db.destroy(),
  };
}

describe('The README receiver of the lead webhook (delivered at least once)', function () {
  this.timeout(60_000);
  const database = receiverDatabase();
  let dir: string;
  let receiver: Server;
  let receiverUrl: string;
  let home: OutboxSiteHome;
  let site: RunningSite;

  before(async () => {
    await database.create();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'readme-receiver-'));
    const file = path.join(dir, 'receiver.mjs');
    await fs.writeFile(file, await readmeReceiver());
    const { mount } = (await import(pathToFileURL(file).href)) as {
      mount: (app: Express, expressModule: typeof express, secret: string, pool: unknown) => void;
    };
    const app = express();
    mount(app, express, SECRET, database.pool);
    receiver = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => receiver.once('listening', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`;
    home = await createOutboxSiteHome({ LEAD_WEBHOOK_URL: receiverUrl, LEAD_WEBHOOK_SECRET: SECRET });
    site = await home.start();
  });
  after(async () => {
    await home?.dispose();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    await database.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('stores a lead delivered twice with the same X-Event-Id once', async () => {
    const answer = await fetch(`${site.url}/contact/submit`, {
      method: 'POST',
      body: new URLSearchParams(LEAD_FORM),
    });
    expect(await answer.text()).to.equal('success');
    const { db } = site.site;
    const delivery = () => db('lead_deliveries').where({ channel: 'webhook' }).first();
    await waitFor(async () => (await delivery())?.status === 'delivered');
    // As after a crash between the receiver's answer and the site's record of it: the delivery is sent again.
    await db('lead_deliveries').where({ channel: 'webhook' }).update({ status: 'pending', next_attempt_at: 0 });
    site.site.outbox?.kick();
    await waitFor(async () => (await delivery())?.attempts === 2 && (await delivery())?.status === 'delivered');
    const rows = await database.rows();
    expect(rows.map((row) => row.event_id)).to.deep.equal([(await delivery()).event_id]);
    expect(JSON.parse(rows[0]!.lead)).to.include({ firstname: 'Dana', subject: 'Lot 12' });
  });

  it('refuses a body whose X-Signature was not made with the secret, storing nothing', async () => {
    const before = (await database.rows()).length;
    const forged = await fetch(receiverUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Event-Id': 'forged',
        'X-Signature': `sha256=${'0'.repeat(64)}`,
      },
      body: JSON.stringify({ event_id: 'forged', type: 'lead.created', lead: { firstname: 'Mallory' } }),
    });
    expect(forged.status).to.equal(401);
    expect(await database.rows()).to.have.length(before);
  });
});
