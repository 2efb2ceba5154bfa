import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../src/logger.js';
import { createSite } from '../../src/site.js';
import { createTestDatabase } from '../support/test-database.js';
import { signIn, STAFF_ENV, type Staff, uploadCarouselPhoto } from '../support/staff.js';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { startTestServer, testConfig, type TestServer } from '../support/test-server.js';

/**
 * Two app instances on one database and one upload directory, as docs/deploy.md §8 lays them out behind a proxy
 * (PostgreSQL under npm run test:postgres; one SQLite file under npm test). Requests alternate between them
 * the way a round-robin proxy sends them.
 */
describe('Several app instances on one database', function () {
  this.timeout(60_000);
  const SECRET = 'one session secret shared by every instance, 48 chars';
  const sink = new SmtpSink();
  let a: TestServer;
  let b: TestServer;
  let staff: Staff;

  before(async () => {
    await sink.start();
    const mail = { SMTP_URL: sink.url, CONTACT_TO: 'sales@maplehollow.example', SESSION_SECRET: SECRET };
    a = await startTestServer({ ...STAFF_ENV, ...mail });
    b = await startTestServer(mail, { sameStorageAs: a });
    staff = await signIn(a.url);
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await sink.stop();
  });

  it('keeps a staff session valid on either instance (sessions live in the database)', async () => {
    for (const server of [a, b, a, b]) {
      const response = await fetch(`${server.url}/admin`, { headers: { Cookie: staff.cookie }, redirect: 'manual' });
      expect(response.status, server.url).to.equal(200);
    }
  });

  it('serves an image uploaded through one instance from the other, and both home pages show it within seconds', async () => {
    // Both instances have the home page in their page caches before the change.
    for (const server of [a, b]) expect((await fetch(`${server.url}/`)).status).to.equal(200);

    const upload = await uploadCarouselPhoto(b.url, staff, {
      alt: 'Uploaded through instance B',
      background: '#2a6',
      name: 'b.png',
    });
    expect(upload.status).to.equal(201);
    const { url } = (await upload.json()) as { url: string };

    const fromA = await fetch(`${a.url}${url}`);
    expect(fromA.status).to.equal(200);
    expect(fromA.headers.get('content-type')).to.equal('image/png');

    // B changed the site, so its cache is clear at once; A notices the shared revision on its next check (2 s).
    expect(await (await fetch(`${b.url}/`)).text()).to.include('Uploaded through instance B');
    await waitFor(async () => (await (await fetch(`${a.url}/`)).text()).includes('Uploaded through instance B'), 8_000);
  });

  it('delivers each lead exactly once although both instances run a mail worker', async () => {
    const before = sink.mails.length;
    const subjects = Array.from({ length: 8 }, (_, i) => `Lead ${i} through ${i % 2 ? 'B' : 'A'}`);
    await Promise.all(
      subjects.map(async (subject, i) => {
        const response = await fetch(`${(i % 2 ? b : a).url}/contact/submit`, {
          method: 'POST',
          body: new URLSearchParams({
            firstname: 'Sam',
            lastname: 'Lee',
            // One address each: a buyer's address gets one automatic reply a day (decision 048).
            email: `sam${i}@example.com`,
            phone: '(970) 555-0150',
            subject,
            message: 'Two instances, one outbox.',
          }),
        });
        expect(await response.text()).to.equal('success');
      }),
    );
    // Each lead is e-mailed to staff and answered to the buyer: two deliveries (lead outbox rows) per lead.
    await waitFor(() => sink.mails.length >= before + 2 * subjects.length, 20_000);
    const deliveries = () =>
      a
        .db('lead_deliveries')
        .join('contact_messages', 'contact_messages.id', 'lead_deliveries.lead_id')
        .where({ lead_kind: 'message' })
        .whereIn('subject', subjects)
        .select('status', 'attempts');
    await waitFor(
      async () => (await deliveries()).every((row: { status: string }) => row.status === 'delivered'),
      20_000,
    );
    // Each worker's next poll: a whole pass on both instances finds nothing left to send.
    await Promise.all([a.site.outbox!.deliverDue(), b.site.outbox!.deliverDue()]);
    const received = sink.mails
      .slice(before)
      .filter((mail) => mail.to.includes('sales@maplehollow.example'))
      .map((mail) => /^Subject: Website message: (.+)$/m.exec(mail.raw)?.[1]);
    expect(received.sort()).to.deep.equal([...subjects].sort());
    expect(sink.mails.length).to.equal(before + 2 * subjects.length);
    expect(await deliveries()).to.deep.equal(
      subjects.flatMap(() => [0, 1].map(() => ({ status: 'delivered', attempts: 1 }))),
    );
  });

  it('starts two instances together on an empty PostgreSQL database: one migrates and seeds, the other waits', async function () {
    if (!process.env.TEST_POSTGRES_URL) this.skip(); // one SQLite file serves one instance; see docs/deploy.md §8
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'instances-'));
    const database = await createTestDatabase(dataDir);
    const config = testConfig(dataDir, database.url, STAFF_ENV);
    const started = await Promise.allSettled([0, 1].map(() => createSite(config, createLogger(config))));
    try {
      expect(started.map((result) => result.status)).to.deep.equal(['fulfilled', 'fulfilled']);
      const sites = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      expect(sites.map((site) => site.seeded).sort()).to.deep.equal([false, true]);
      const db = sites[0]!.db;
      expect(Number((await db('homepage_images').count({ n: '*' }).first())?.n)).to.equal(4);
      expect(Number((await db('users').count({ n: '*' }).first())?.n)).to.equal(1);
    } finally {
      for (const result of started) if (result.status === 'fulfilled') await result.value.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
