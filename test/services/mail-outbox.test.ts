import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createSite } from '../../src/site.js';
import { LEAD_FORM as LEAD } from '../support/contact-messages.js';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

function post(server: TestServer, fields: Record<string, string>) {
  return fetch(`${server.url}/contact/submit`, { method: 'POST', body: new URLSearchParams(fields) });
}

const STAFF = 'sales@maplehollow.example';

/** The staff e-mail deliveries of the stored messages (lead outbox), in the messages' order. */
function staffDeliveries(server: TestServer) {
  return server
    .db('lead_deliveries')
    .join('contact_messages', 'contact_messages.id', 'lead_deliveries.lead_id')
    .where({ lead_kind: 'message', channel: 'staff-email' })
    .orderBy('lead_deliveries.lead_id')
    .select('lead_deliveries.*', 'contact_messages.subject');
}

async function deliveryStates(server: TestServer) {
  return (await staffDeliveries(server)).map((row: { status: string }) => row.status);
}

/** The mails to staff (each lead also gets the buyer an automatic reply). */
function staffMails(sink: SmtpSink) {
  return sink.mails.filter((mail) => mail.to.includes(STAFF));
}

/** Pretend the backoff has elapsed, then ask the worker for a pass. */
async function retryNow(server: TestServer) {
  await server.db('lead_deliveries').where({ status: 'pending' }).update({ next_attempt_at: 0 });
  server.site.outbox?.kick();
}

describe('Contact e-mail delivery (outbox)', () => {
  const sink = new SmtpSink();
  let server: TestServer;

  before(async () => {
    await sink.start();
    server = await startTestServer({ SMTP_URL: sink.url, CONTACT_TO: STAFF });
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  it('e-mails a stored message to CONTACT_TO and records when it went out', async () => {
    const response = await post(server, LEAD);
    expect(await response.text()).to.equal('success');
    await waitFor(() => staffMails(sink).length === 1);
    expect(staffMails(sink)[0]!.to).to.deep.equal([STAFF]);
    expect(staffMails(sink)[0]!.raw).to.include('Is lot 12 still available?');
    expect(staffMails(sink)[0]!.raw).to.match(/^Reply-To: .*dana@example\.com/im);
    await waitFor(async () => (await deliveryStates(server))[0] === 'delivered');
    const row = (await staffDeliveries(server))[0];
    expect(row.delivered_at).to.not.equal(null);
    expect(row.attempts).to.equal(1);
  });

  it('never lets a field inject a header or a recipient', async () => {
    const before = staffMails(sink).length;
    await post(server, {
      ...LEAD,
      subject: 'Hello\r\nBcc: victim@example.org',
      firstname: 'Eve\r\nCc: other@example.org',
    });
    await waitFor(() => staffMails(sink).length === before + 1);
    const mail = staffMails(sink)[before]!;
    const headers = mail.raw.split('\r\n\r\n')[0] ?? '';
    expect(mail.to).to.deep.equal([STAFF]);
    expect(headers).to.match(/^Subject: Website message: Hello Bcc: victim@example\.org$/m);
    expect(headers).to.not.match(/^Bcc:/im);
    expect(headers).to.not.match(/^Cc:/im);
  });

  it('keeps accepting messages while the mail server is down and sends each exactly once when it is back', async () => {
    await sink.stop();
    const before = staffMails(sink).length;
    for (let index = 0; index < 3; index += 1) {
      const response = await post(server, { ...LEAD, subject: `Outage ${index}` });
      expect(await response.text()).to.equal('success');
    }
    const outage = async () =>
      (await staffDeliveries(server)).filter((row: { subject: string }) => row.subject.startsWith('Outage'));
    await waitFor(async () => {
      const rows = await outage();
      return rows.length === 3 && rows.every((row: { attempts: number }) => row.attempts >= 1);
    });
    expect((await outage()).map((row: { status: string }) => row.status)).to.deep.equal([
      'pending',
      'pending',
      'pending',
    ]);
    await sink.start();
    await retryNow(server);
    await waitFor(() => staffMails(sink).length === before + 3);
    // No second retryNow here: a mail the sink has received may not be marked sent yet, and pulling its lease
    // forward would send it again (the test, not the outbox, would break the lease).
    // Once nothing is pending, one more whole pass (what the worker's next poll runs) finds nothing to send.
    await waitFor(async () => !(await deliveryStates(server)).includes('pending'));
    await server.site.outbox!.deliverDue();
    const ids = sink.messageIds();
    expect(new Set(ids).size).to.equal(ids.length);
    expect(staffMails(sink).length).to.equal(before + 3);
    expect(await deliveryStates(server)).to.not.include('pending');
  });

  it('does not e-mail a message caught by the honeypot', async () => {
    const before = staffMails(sink).length;
    await post(server, { ...LEAD, subject: 'Caught by the honeypot', website: 'http://spam.example' });
    const row = await server.db('contact_messages').orderBy('id', 'desc').first();
    expect(row.delivery_status).to.equal('skipped');
    // The worker takes messages in order: once a later real one has gone out, the trapped one was passed over.
    await post(server, { ...LEAD, subject: 'After the honeypot' });
    await waitFor(() => staffMails(sink).length > before);
    const subjects = staffMails(sink)
      .slice(before)
      .map((mail) => /^Subject: (.+)$/m.exec(mail.raw)?.[1]);
    expect(subjects).to.deep.equal(['Website message: After the honeypot']);
  });
});

describe('Contact e-mail delivery across a restart', () => {
  it('delivers messages left pending by a stopped process once the site starts again', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-restart-'));
    const sink = new SmtpSink();
    await sink.start();
    const port = sink.port;
    await sink.stop();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONTACT_TO: STAFF,
    });
    const first = await createSite(config, createLogger(config));
    const server = first.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port: appPort } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${appPort}/contact/submit`, {
      method: 'POST',
      body: new URLSearchParams(LEAD),
    });
    expect(await response.text()).to.equal('success');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await first.close();

    await sink.start();
    const second = await createSite(config, createLogger(config));
    try {
      await second.db('lead_deliveries').update({ next_attempt_at: 0 });
      second.outbox?.kick();
      await waitFor(() => staffMails(sink).length === 1);
      await waitFor(
        async () =>
          (await second.db('lead_deliveries').where({ channel: 'staff-email' }).first()).status === 'delivered',
      );
    } finally {
      await second.close();
      await sink.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
