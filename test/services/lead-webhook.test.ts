import crypto from 'node:crypto';
import { expect } from 'chai';
import { LEAD_CONTEXT_FIELDS } from '../../src/shared/lead-context.js';
import { createOutboxSiteHome, QUICK_OUTBOX, type OutboxSiteHome, type RunningSite } from '../support/outbox-site.js';
import { waitFor } from '../support/smtp-sink.js';
import { WebhookReceiver, type ReceivedPost } from '../support/webhook-receiver.js';
import { openTourSlots } from '../support/tour-slots.js';

/** Contract, "Leads with context": each stored non-spam lead is POSTed to LEAD_WEBHOOK_URL through the outbox. */
const SECRET = 'a webhook secret the CRM also knows';
const LEAD = {
  firstname: 'Dana',
  lastname: 'Reyes',
  email: 'dana@example.com',
  phone: '(970) 555-0199',
  subject: 'Lot 12',
  message: 'Is lot 12 still available?',
};

function postMessage(site: RunningSite, fields: Record<string, string> = LEAD) {
  return fetch(`${site.url}/contact/submit`, { method: 'POST', body: new URLSearchParams(fields) });
}

/** The receiver's side of the contract: recompute the HMAC of the raw body and compare in constant time. */
function signedCorrectly(post: ReceivedPost): boolean {
  const expected = `sha256=${crypto.createHmac('sha256', SECRET).update(post.body).digest('hex')}`;
  const given = String(post.headers['x-signature'] ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

interface WebhookLead {
  kind: string;
  id: number;
  tour_start: string | null;
  [field: string]: unknown;
}

function leadOf(post: ReceivedPost): WebhookLead {
  return (JSON.parse(post.body) as { lead: WebhookLead }).lead;
}

/** Pretend the backoff has elapsed, then ask the worker for a pass. */
async function retryNow(site: RunningSite) {
  await site.site.db('lead_deliveries').where({ status: 'pending' }).update({ next_attempt_at: 0 });
  site.site.outbox?.kick();
}

async function webhookRow(site: RunningSite, kind: string, id: number) {
  return site.site.db('lead_deliveries').where({ lead_kind: kind, lead_id: id, channel: 'webhook' }).first();
}

describe('The lead webhook (LEAD_WEBHOOK_URL)', function () {
  this.timeout(60_000);
  const receiver = new WebhookReceiver();
  let home: OutboxSiteHome;
  let site: RunningSite;

  before(async () => {
    await receiver.start();
    home = await createOutboxSiteHome({ LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET });
    site = await home.start();
  });
  after(async () => {
    await home.dispose();
    await receiver.stop();
  });

  it('retries a receiver that fails until it takes the lead, signed, with the same X-Event-Id on every try', async () => {
    const before = receiver.posts.length;
    receiver.answerNext('fail', 'fail');
    expect(await (await postMessage(site)).text()).to.equal('success');
    await waitFor(() => receiver.posts.length >= before + 3);
    const tries = receiver.posts.slice(before);
    expect(tries.map((post) => post.answer)).to.deep.equal(['fail', 'fail', 'ok']);
    expect(tries.every(signedCorrectly), 'every try signed with the secret').to.equal(true);
    const eventIds = tries.map((post) => post.headers['x-event-id']);
    expect(eventIds[0]).to.match(/^[0-9a-f-]{36}$/);
    expect(new Set(eventIds).size).to.equal(1);
    expect(tries.map((post) => post.headers['content-type'])).to.deep.equal(Array(3).fill('application/json'));

    const lead = leadOf(tries[2]!);
    const stored = await site.site.db('contact_messages').orderBy('id', 'desc').first();
    expect(lead).to.include({ kind: 'message', id: stored.id, ...LEAD, tour_start: null });
    expect(Date.parse(lead.created_at as string)).to.be.closeTo(Date.now(), 60_000);
    expect(JSON.parse(tries[2]!.body)).to.include({ event_id: eventIds[0] });
    await waitFor(async () => (await webhookRow(site, 'message', stored.id)).status === 'delivered');
    expect(await webhookRow(site, 'message', stored.id)).to.include({ attempts: 3, last_error: null });
  });

  it('carries the lead context fields, each by its name, null when the lead has none', async () => {
    const before = receiver.posts.length;
    receiver.answerNext('fail');
    await postMessage(site, { ...LEAD, subject: 'With context' });
    const stored = await site.site.db('contact_messages').where({ subject: 'With context' }).first();
    await waitFor(async () => (await webhookRow(site, 'message', stored.id)).attempts === 1);
    const first = leadOf(receiver.posts[before]!);
    for (const field of LEAD_CONTEXT_FIELDS) expect(first, field).to.have.property(field, null);
    // The forms fill these in (another part of the site); here the stored row gets them between two tries.
    const context = {
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'fall-open-house',
      utm_term: 'new homes windsor',
      utm_content: 'hero-button',
      referrer: 'https://search.example/?q=maple+hollow',
      landing_page: '/floor-plans/overlook',
      homesite: 12,
      plan: 'overlook',
    };
    await site.site.db('contact_messages').where({ id: stored.id }).update(context);
    await retryNow(site);
    await waitFor(() => receiver.posts.length >= before + 2);
    expect(leadOf(receiver.posts[before + 1]!)).to.include(context);
  });

  it('posts a booked tour with its start, as the slot list gives it', async () => {
    const start = (await openTourSlots(site.url))[0]!;
    const before = receiver.posts.length;
    const booked = await fetch(`${site.url}/tours`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams({ ...LEAD, start, message: 'Two of us' }),
    });
    expect(booked.status).to.equal(200);
    const { id } = (await booked.json()) as { id: number };
    await waitFor(() => receiver.posts.length > before);
    const post = receiver.posts[before]!;
    expect(signedCorrectly(post)).to.equal(true);
    expect(leadOf(post)).to.include({ kind: 'tour', id, tour_start: start, email: LEAD.email, message: 'Two of us' });
  });

  it('answers the form at once while the receiver hangs, and tries the hung lead again after the timeout', async () => {
    const before = receiver.posts.length;
    receiver.answerNext('hang');
    await postMessage(site, { ...LEAD, subject: 'Hung' });
    const hung = await site.site.db('contact_messages').where({ subject: 'Hung' }).first();
    await waitFor(() => receiver.posts.length > before);
    expect(receiver.posts[before]!.answer).to.equal('hang');

    // The receiver holds the first lead's POST open; a buyer writing now is answered without waiting for it.
    const started = Date.now();
    const response = await postMessage(site, { ...LEAD, subject: 'While it hangs' });
    expect(await response.text()).to.equal('success');
    expect(Date.now() - started).to.be.lessThan(1_000);
    expect(await site.site.db('contact_messages').where({ subject: 'While it hangs' })).to.have.length(1);

    // After the attempt's timeout (1 s here, at most 10 s in production) the lead is tried again, same event.
    await waitFor(async () => (await webhookRow(site, 'message', hung.id)).status === 'delivered', 15_000);
    const row = await webhookRow(site, 'message', hung.id);
    expect(row.attempts).to.be.greaterThan(1);
    const hungTries = receiver.posts.filter((post) => leadOf(post).id === hung.id);
    expect(hungTries.map((post) => post.answer)).to.deep.equal(['hang', 'ok']);
    expect(new Set(hungTries.map((post) => post.headers['x-event-id']))).to.have.property('size', 1);
  });
});

describe('The lead webhook across a restart', function () {
  this.timeout(60_000);

  it('delivers a lead whose try failed before the site stopped, with the same X-Event-Id, after it starts again', async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    const home = await createOutboxSiteHome({ LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET });
    try {
      receiver.answerNext('fail');
      // The first instance waits 2 s before a retry: it stops before it would try again.
      const first = await home.start({ ...QUICK_OUTBOX, baseDelayMs: 2_000 });
      expect(await (await postMessage(first)).text()).to.equal('success');
      const { id } = await first.site.db('contact_messages').first();
      await waitFor(async () => (await webhookRow(first, 'message', id)).attempts === 1);
      await first.stop();
      expect(receiver.posts.map((post) => post.answer)).to.deep.equal(['fail']);

      const second = await home.start();
      await waitFor(async () => (await webhookRow(second, 'message', id)).status === 'delivered', 15_000);
      expect(receiver.posts.map((post) => post.answer)).to.deep.equal(['fail', 'ok']);
      expect(receiver.posts.every(signedCorrectly)).to.equal(true);
      expect(receiver.posts[1]!.headers['x-event-id']).to.equal(receiver.posts[0]!.headers['x-event-id']);
      expect(leadOf(receiver.posts[1]!)).to.include({ kind: 'message', id, email: LEAD.email });
    } finally {
      await home.dispose();
      await receiver.stop();
    }
  });
});
