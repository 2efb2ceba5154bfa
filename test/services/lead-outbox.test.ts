import { fixedContentSource } from '../../src/content/content-source.js';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import * as createLeadDeliveries from '../../migrations/20261122000400_create_lead_deliveries.js';
import { loadContent } from '../../src/content/index.js';
import { connectDatabase } from '../../src/db/connect.js';
import { enqueueLeadDeliveries, markLeadDelivered, removePendingLeadDeliveries } from '../../src/db/lead-deliveries.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { createLogger } from '../../src/logger.js';
import { LeadOutbox } from '../../src/services/lead-outbox.js';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { openTourSlots } from '../support/tour-slots.js';

const LEAD = {
  firstname: 'Dana',
  lastname: 'Reyes',
  email: 'dana@example.com',
  phone: '(970) 555-0199',
  subject: 'Lot 12',
  message: 'Is lot 12 still available?',
};
const SECRET = 'a webhook secret the CRM also knows';

describe('removePendingLeadDeliveries (a buyer erasure)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("removes only that lead's deliveries that have not gone out", async () => {
    const { db } = server;
    await db.transaction(async (trx) => {
      await enqueueLeadDeliveries(trx, { kind: 'message', id: 41 }, ['staff-email', 'auto-reply', 'webhook']);
      await enqueueLeadDeliveries(trx, { kind: 'tour', id: 41 }, ['webhook']);
      await enqueueLeadDeliveries(trx, { kind: 'message', id: 42 }, ['webhook']);
    });
    const staffEmail = await db('lead_deliveries')
      .where({ lead_kind: 'message', lead_id: 41, channel: 'staff-email' })
      .first();
    await markLeadDelivered(db, staffEmail.id);

    expect(await removePendingLeadDeliveries(db, { kind: 'message', id: 41 })).to.equal(2);
    const left = await db('lead_deliveries').orderBy('id').select('lead_kind', 'lead_id', 'channel', 'status');
    expect(left).to.deep.equal([
      { lead_kind: 'message', lead_id: 41, channel: 'staff-email', status: 'delivered' },
      { lead_kind: 'tour', lead_id: 41, channel: 'webhook', status: 'pending' },
      { lead_kind: 'message', lead_id: 42, channel: 'webhook', status: 'pending' },
    ]);
  });

  it('leaves nothing for the worker to send about a lead deleted before its turn: the delivery is dropped', async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    const { db } = server;
    await db('lead_deliveries').delete();
    await db.transaction((trx) => enqueueLeadDeliveries(trx, { kind: 'tour', id: 9_999 }, ['webhook']));
    const config = server.config;
    const outbox = new LeadOutbox(
      db,
      {
        webhook: { url: receiver.url, secret: SECRET },
        content: fixedContentSource(loadContent()),
        siteUrl: config.siteUrl,
      },
      createLogger(config),
    );
    try {
      await outbox.deliverDue();
      await waitFor(async () => (await db('lead_deliveries').first()).status === 'dropped');
      expect(receiver.posts).to.deep.equal([]);
    } finally {
      await outbox.stop();
      await receiver.stop();
    }
  });
});

describe('The lead outbox worker', function () {
  this.timeout(30_000);
  let server: TestServer;
  const receiver = new WebhookReceiver();
  const sink = new SmtpSink();
  before(async () => {
    await receiver.start();
    await sink.start();
    // No outbox configured: this site runs no worker; each test runs its own on the site's database.
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
  });
  after(async () => {
    await server.close();
    await sink.stop();
    await receiver.stop();
  });
  beforeEach(() => server.db('lead_deliveries').delete());

  function outbox(options: { webhook?: boolean; mail?: boolean }) {
    return new LeadOutbox(
      server.db,
      {
        webhook: options.webhook ? { url: receiver.url, secret: SECRET } : undefined,
        mail: options.mail
          ? { smtpUrl: sink.url, to: 'sales@maplehollow.example', from: 'sales@maplehollow.example' }
          : undefined,
        content: fixedContentSource(loadContent()),
        siteUrl: server.config.siteUrl,
      },
      createLogger(server.config),
    );
  }

  it('is not held up by deliveries of a channel it does not send (e-mail since switched off)', async () => {
    await server.db.transaction(async (trx) => {
      for (let id = 1; id <= 25; id += 1) await enqueueLeadDeliveries(trx, { kind: 'message', id }, ['staff-email']);
    });
    await fetch(`${server.url}/contact/submit`, { method: 'POST', body: new URLSearchParams(LEAD) });
    const { id } = await server.db('contact_messages').orderBy('id', 'desc').first();
    await server.db.transaction((trx) => enqueueLeadDeliveries(trx, { kind: 'message', id }, ['webhook']));
    const worker = outbox({ webhook: true });
    try {
      await worker.deliverDue();
      expect(receiver.posts.map((post) => JSON.parse(post.body).lead.id)).to.deep.equal([id]);
      expect(await server.db('lead_deliveries').where({ channel: 'staff-email', status: 'pending' })).to.have.length(
        25,
      );
    } finally {
      await worker.stop();
    }
  });

  it('sends no booking confirmation for a tour the buyer cancelled before it went out', async () => {
    const [start] = await openTourSlots(server.url);
    const booked = await fetch(`${server.url}/tours`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams({ ...LEAD, email: 'changed-mind@example.com', start: start! }),
    });
    const { id, manage } = (await booked.json()) as { id: number; manage: string };
    await server.db.transaction((trx) =>
      enqueueLeadDeliveries(trx, { kind: 'tour', id }, ['auto-reply', 'staff-email']),
    );
    const cancelled = await fetch(`${server.url}${manage}/cancel`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.url },
    });
    expect(cancelled.status).to.be.lessThan(400);
    const worker = outbox({ mail: true });
    try {
      await worker.deliverDue();
      const rows = await server.db('lead_deliveries').orderBy('id').select('channel', 'status', 'last_error');
      expect(rows).to.deep.equal([
        { channel: 'auto-reply', status: 'dropped', last_error: 'the tour was cancelled first' },
        { channel: 'staff-email', status: 'delivered', last_error: null },
      ]);
      expect(sink.mails.filter((mail) => mail.to.includes('changed-mind@example.com'))).to.deep.equal([]);
    } finally {
      await worker.stop();
    }
  });
});

describe('Migration 20261122000400 (lead_deliveries)', () => {
  it('moves messages waiting in the older outbox into lead_deliveries, and back on the way down', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lead-deliveries-migration-'));
    const db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
    try {
      await migrateToLatest(db);
      await createLeadDeliveries.down(db);
      const row = { ...LEAD, source_page: null, user_agent: null, is_spam: false };
      await db('contact_messages').insert([
        { ...row, subject: 'Waiting', delivery_status: 'pending', delivery_attempts: 2, next_attempt_at: 1234 },
        { ...row, subject: 'Sent', delivery_status: 'sent', delivery_attempts: 1, next_attempt_at: null },
      ]);
      await createLeadDeliveries.up(db);
      const waiting = await db('contact_messages').where({ subject: 'Waiting' }).first();
      expect(waiting.delivery_status).to.equal('outbox');
      const moved = await db('lead_deliveries').select('lead_kind', 'lead_id', 'channel', 'status', 'next_attempt_at');
      expect(moved).to.deep.equal([
        { lead_kind: 'message', lead_id: waiting.id, channel: 'staff-email', status: 'pending', next_attempt_at: 1234 },
      ]);
      expect((await db('contact_messages').where({ subject: 'Sent' }).first()).delivery_status).to.equal('sent');

      await createLeadDeliveries.down(db);
      expect((await db('contact_messages').where({ subject: 'Waiting' }).first()).delivery_status).to.equal('pending');
      expect(await db.schema.hasTable('lead_deliveries')).to.equal(false);
    } finally {
      await db.destroy();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
