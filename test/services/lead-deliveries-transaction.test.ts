import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/** Store before notify: a lead and its deliveries (lead outbox) commit together or not at all. */
const LEAD = {
  firstname: 'Dana',
  lastname: 'Reyes',
  email: 'dana@example.com',
  phone: '(970) 555-0199',
  subject: 'Lot 12',
  message: 'Is lot 12 still available?',
};
const SECRET = 'a webhook secret the CRM also knows';

describe('The lead outbox: deliveries are stored with their lead', function () {
  this.timeout(30_000);
  const receiver = new WebhookReceiver();
  let server: TestServer;

  before(async () => {
    await receiver.start();
    server = await startTestServer(
      { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET, CONTACT_RATE_LIMIT: '0' },
      { sqlite: true },
    );
  });
  after(async () => {
    await server.close();
    await receiver.stop();
  });

  it('stores neither the lead nor its place in a slot when its deliveries cannot be written (one transaction)', async () => {
    const slots = (
      (await (await fetch(`${server.url}/api/tour-slots?days=31`)).json()) as {
        slots: { start: string; left: number }[];
      }
    ).slots.filter((slot) => Date.parse(slot.start) > Date.now() + 2 * 3600_000);
    const slot = slots[0]!;
    // A write to the outbox that fails after the lead's own insert has run in the same request.
    await server.db.raw(
      "CREATE TRIGGER refuse_deliveries BEFORE INSERT ON lead_deliveries BEGIN SELECT RAISE(ABORT, 'outbox refused'); END",
    );
    try {
      const message = await fetch(`${server.url}/contact/submit`, {
        method: 'POST',
        body: new URLSearchParams({ ...LEAD, subject: 'Never half stored' }),
      });
      expect(message.status).to.equal(500);
      expect(await server.db('contact_messages').where({ subject: 'Never half stored' })).to.deep.equal([]);

      const tour = await fetch(`${server.url}/tours`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams({ ...LEAD, start: slot.start }),
      });
      expect(tour.status).to.equal(500);
      expect(await server.db('tours').where({ email: LEAD.email })).to.deep.equal([]);
      const after = (
        (await (await fetch(`${server.url}/api/tour-slots?days=31`)).json()) as {
          slots: { start: string; left: number }[];
        }
      ).slots.find((each) => each.start === slot.start);
      expect(after?.left).to.equal(slot.left);
    } finally {
      await server.db.raw('DROP TRIGGER refuse_deliveries');
    }

    const stored = await fetch(`${server.url}/contact/submit`, {
      method: 'POST',
      body: new URLSearchParams({ ...LEAD, subject: 'Stored whole' }),
    });
    expect(await stored.text()).to.equal('success');
    const { id } = await server.db('contact_messages').where({ subject: 'Stored whole' }).first();
    expect(
      await server.db('lead_deliveries').where({ lead_kind: 'message', lead_id: id }).pluck('channel'),
    ).to.deep.equal(['webhook']);
  });
});
