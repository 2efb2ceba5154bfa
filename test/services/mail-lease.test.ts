import { fixedContentSource } from '../../src/content/content-source.js';
import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { enqueueLeadDeliveries } from '../../src/db/lead-deliveries.js';
import { createLogger } from '../../src/logger.js';
import { LeadOutbox, type OutboxTiming } from '../../src/services/lead-outbox.js';
import { LEAD_FORM } from '../support/contact-messages.js';
import { SmtpSink, waitFor, type SmtpStall } from '../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const STAFF = 'sales@maplehollow.example';

/** A lease short enough to expire during the mail server's stall; each attempt must end well inside it. */
const TIMING: Partial<OutboxTiming> = {
  baseDelayMs: 100,
  maxDelayMs: 400,
  pollMs: 100,
  leaseMs: 3_000,
  attemptTimeoutMs: 1_000,
};
/** Twice the lease: long enough for the second worker to claim the delivery while the first still waits. */
const STALL_MS = 6_000;

function worker(server: TestServer, smtpUrl: string, timing: Partial<OutboxTiming> = TIMING): LeadOutbox {
  return new LeadOutbox(
    server.db,
    {
      mail: { smtpUrl, to: STAFF, from: STAFF },
      content: fixedContentSource(loadContent()),
      siteUrl: server.config.siteUrl,
      timing,
    },
    createLogger(server.config),
  );
}

describe('A staff e-mail while the mail server stalls, with two outbox workers (instances)', function () {
  this.timeout(30_000);
  let server: TestServer;

  before(async () => {
    // No mail configured on the site itself: the two workers below are the two instances' outboxes.
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
  });
  after(() => server.close());

  const stalls: { name: string; stall: SmtpStall['at'] }[] = [
    { name: 'before its greeting (greeting timeout)', stall: 'greeting' },
    { name: 'after MAIL FROM (socket timeout)', stall: 'mail-from' },
  ];
  for (const { name, stall } of stalls) {
    it(`is sent once when the server goes quiet ${name} for longer than the lease`, async () => {
      const sink = new SmtpSink({ at: stall, ms: STALL_MS, sessions: 1 });
      await sink.start();
      const response = await fetch(`${server.url}/contact/submit`, {
        method: 'POST',
        body: new URLSearchParams({ ...LEAD_FORM, subject: `Stall ${stall}` }),
      });
      expect(await response.text()).to.equal('success');
      const { id } = await server.db('contact_messages').orderBy('id', 'desc').first();
      await server.db.transaction((trx) => enqueueLeadDeliveries(trx, { kind: 'message', id }, ['staff-email']));
      const delivery = () => server.db('lead_deliveries').where({ lead_kind: 'message', lead_id: id }).first();
      const workers = [worker(server, sink.url), worker(server, sink.url)];
      try {
        for (const each of workers) each.start();
        // Delivered, and every connection the workers opened has ended: no attempt is still under way.
        await waitFor(
          async () =>
            (await delivery()).status === 'delivered' && sink.connections >= 2 && sink.closed === sink.connections,
          20_000,
        );
        const { event_id: eventId } = await delivery();
        const copies = sink.mails.filter((mail) => mail.raw.includes(`Message-ID: <${eventId}@`));
        expect(copies).to.have.length(1);
      } finally {
        for (const each of workers) await each.stop();
        await sink.stop();
      }
    });
  }

  it('refuses an attempt limit longer than a third of the lease', () => {
    expect(() => worker(server, 'smtp://127.0.0.1:25', { leaseMs: 60_000, attemptTimeoutMs: 30_000 })).to.throw(
      /at most a third of the lease/,
    );
  });
});
