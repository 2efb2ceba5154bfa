import { expect } from 'chai';
import { linkPath, mailHeader, mailText } from '../support/mail-text.js';
import { startMailedSite, type OutboxSiteHome, type RunningSite } from '../support/outbox-site.js';
import type { Staff } from '../support/staff.js';
import { SmtpSink, waitFor, type ReceivedMail } from '../support/smtp-sink.js';

/**
 * The interest list (contract, "Reach beyond the site") through a real local SMTP server: sign-up, double opt-in,
 * the release e-mail to confirmed entries only, its headers, and the one-click unsubscribe.
 */

const NAVIGATION = { Accept: 'text/html,application/xhtml+xml', 'Sec-Fetch-Mode': 'navigate' };

async function signUp(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/interest`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers,
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function mailsTo(sink: SmtpSink, address: string): ReceivedMail[] {
  return sink.mails.filter((mail) => mail.to.includes(address));
}

async function setHomesite(site: RunningSite, staff: Staff, lot: number, facts: Record<string, unknown>) {
  const { version } = (await site.site.db('homesites').where({ lot }).first()) as { version: number };
  return fetch(`${site.url}/admin/homesites/${lot}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
    body: JSON.stringify({ ...facts, version: Number(version) }),
  });
}

describe('Interest list', function () {
  this.timeout(60_000);
  const sink = new SmtpSink();
  let home: OutboxSiteHome;
  let site: RunningSite;
  let staff: Staff;

  before(async () => {
    ({ home, site, staff } = await startMailedSite(sink, { SITE_URL: 'https://maplehollow.example' }));
  });
  after(async () => {
    await home?.dispose();
    await sink.stop();
  });

  it('has the form ("Get news of the next release") on / and /site-plan, posting to /interest', async () => {
    for (const path of ['/', '/site-plan']) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html, path).to.include('Get news of the next release');
      expect(html, path).to.match(/<form[^>]*action="\/interest"/);
    }
  });

  it('stores a sign-up as a lead of kind interest, answers success, and e-mails a confirmation link', async () => {
    const answer = await signUp(site.url, { email: 'pat@example.com', firstname: 'Pat', plan: 'canyon' });
    expect(answer.status).to.equal(200);
    expect(answer.text).to.equal('success');
    const row = await site.site.db('interest_entries').where({ email: 'pat@example.com' }).first();
    expect(row).to.include({ state: 'pending', firstname: 'Pat', plan: 'canyon' });
    await waitFor(() => mailsTo(sink, 'pat@example.com').length === 1);
    const mail = mailsTo(sink, 'pat@example.com')[0]!;
    const text = mailText(mail);
    expect(text).to.include('Summit Lane Homes');
    expect(text).to.include('400 Summit Lane, Suite 200, Fort Collins, CO 80525');
    expect(text).to.match(/because this address was entered/);
    expect(linkPath(text, '/interest/confirm/')).to.match(/^\/interest\/confirm\/[A-Za-z0-9_-]{43}$/);
    expect(mailHeader(mail, 'List-Unsubscribe')).to.match(
      /^<https:\/\/maplehollow\.example\/interest\/unsubscribe\/[A-Za-z0-9_-]{43}>$/,
    );
    expect(mailHeader(mail, 'List-Unsubscribe-Post')).to.equal('List-Unsubscribe=One-Click');
  });

  it('answers a plain form post with a 303 to a page that says to check the e-mail', async () => {
    const answer = await signUp(site.url, { email: 'nav@example.com' }, NAVIGATION);
    expect(answer.status).to.equal(303);
    expect(answer.headers.get('location')).to.equal('/interest?sent=1');
    expect(await (await fetch(`${site.url}/interest?sent=1`)).text()).to.include('check your e-mail');
  });

  it('refuses a sign-up without a valid e-mail with 400 and stores nothing', async () => {
    const before = Number((await site.site.db('interest_entries').count({ count: '*' }).first())?.count);
    for (const fields of [{}, { email: 'nope' }, { firstname: 'Only' }] as Record<string, string>[]) {
      const answer = await signUp(site.url, fields);
      expect(answer.status).to.equal(400);
      expect(answer.text).not.to.equal('success');
    }
    const plain = await signUp(site.url, { email: 'nope@' }, NAVIGATION);
    expect(plain.status).to.equal(400);
    expect(plain.text).to.include('valid email address');
    expect(plain.text).to.include('value="nope@"');
    expect(Number((await site.site.db('interest_entries').count({ count: '*' }).first())?.count)).to.equal(before);
  });

  it('keeps a honeypot post as spam, answers success and sends nothing', async () => {
    const answer = await signUp(site.url, { email: 'bot@example.com', website: 'x' });
    expect(answer.text).to.equal('success');
    const row = await site.site.db('interest_entries').where({ email: 'bot@example.com' }).first();
    expect(Boolean(row.is_spam)).to.equal(true);
    const deliveries = await site.site.db('lead_deliveries').where({ lead_kind: 'interest', lead_id: row.id });
    expect(deliveries).to.have.length(0);
  });

  it('answers an unknown confirm or unsubscribe link with the 404 page', async () => {
    for (const path of ['/interest/confirm/nope', `/interest/unsubscribe/${'a'.repeat(43)}`]) {
      expect((await fetch(`${site.url}${path}`)).status, path).to.equal(404);
    }
  });

  it('confirms, releases to confirmed entries only (one e-mail naming the homesites), and unsubscribes in one click', async () => {
    // Two entries: one confirms, one stays pending.
    expect((await signUp(site.url, { email: 'conf@example.com', firstname: 'Cora' })).text).to.equal('success');
    expect((await signUp(site.url, { email: 'pend@example.com' })).text).to.equal('success');
    await waitFor(
      () => mailsTo(sink, 'conf@example.com').length === 1 && mailsTo(sink, 'pend@example.com').length === 1,
    );
    const confirmPath = linkPath(mailText(mailsTo(sink, 'conf@example.com')[0]!), '/interest/confirm/')!;
    const confirmed = await fetch(`${site.url}${confirmPath}`);
    expect(confirmed.status).to.equal(200);
    expect(confirmed.headers.get('cache-control')).to.equal('no-store');
    expect(await confirmed.text()).to.include('conf@example.com is confirmed');
    expect((await site.site.db('interest_entries').where({ email: 'conf@example.com' }).first()).state).to.equal(
      'confirmed',
    );

    // Two future homesites released in one change (bulk), one more on its own.
    const future = (await site.site.db('homesites').where({ status: 'future' }).orderBy('lot').limit(3)) as {
      lot: number;
    }[];
    expect(future.length).to.equal(3);
    const [a, b, c] = future.map((row) => row.lot) as [number, number, number];
    const bulk = await fetch(`${site.url}/admin/homesites/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
      body: JSON.stringify({ lots: [a, b], status: 'available' }),
    });
    expect(bulk.status).to.equal(200);
    await waitFor(() => mailsTo(sink, 'conf@example.com').length === 2);
    const release = mailsTo(sink, 'conf@example.com')[1]!;
    const text = mailText(release);
    expect(release.raw).to.match(/Subject: Just released at Maple Hollow: homesites/);
    expect(text).to.include(`Homesite ${a}:`);
    expect(text).to.include(`Homesite ${b}:`);
    expect(text).to.include('400 Summit Lane, Suite 200, Fort Collins, CO 80525');
    const unsubscribeUrl = /^<([^>]+)>$/.exec(mailHeader(release, 'List-Unsubscribe') ?? '')?.[1];
    expect(unsubscribeUrl).to.match(/\/interest\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
    expect(mailHeader(release, 'List-Unsubscribe-Post')).to.equal('List-Unsubscribe=One-Click');
    expect(linkPath(text, '/interest/unsubscribe/')).to.equal(new URL(unsubscribeUrl!).pathname);
    // The pending entry got nothing but its confirmation.
    expect(mailsTo(sink, 'pend@example.com')).to.have.length(1);

    // A change that is not a release (available → under contract) sends nothing.
    const lot = await site.site.db('homesites').where({ lot: a }).first();
    const notARelease = await setHomesite(site, staff, a, {
      status: 'sold',
      plan: 'The Canyon',
      price: lot.price ?? 600000,
      ready: null,
    });
    expect(notARelease.status, await notARelease.clone().text()).to.equal(200);

    // The unsubscribe link's GET only asks; the mail client's RFC 8058 POST unsubscribes.
    const path = new URL(unsubscribeUrl!).pathname;
    const ask = await fetch(`${site.url}${path}`);
    expect(ask.status).to.equal(200);
    expect(await ask.text()).to.match(/<form[^>]*method="post"/);
    expect((await site.site.db('interest_entries').where({ email: 'conf@example.com' }).first()).state).to.equal(
      'confirmed',
    );
    const oneClick = await fetch(`${site.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).to.equal(200);
    expect((await site.site.db('interest_entries').where({ email: 'conf@example.com' }).first()).state).to.equal(
      'unsubscribed',
    );

    // The next release reaches no one on this list.
    const third = await fetch(`${site.url}/admin/homesites/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
      body: JSON.stringify({ lots: [c], status: 'available' }),
    });
    expect(third.status).to.equal(200);
    await waitFor(async () => (await site.site.db('interest_releases').whereNull('fanned_out_at')).length === 0);
    const queued = await site.site.db('interest_releases').orderBy('id', 'desc').first();
    expect(Number(queued.recipients)).to.equal(0);
    expect(mailsTo(sink, 'conf@example.com')).to.have.length(2);
  });

  it('shows staff the list by state and exports it', async () => {
    const page = await fetch(`${site.url}/admin/interest`, { headers: { Cookie: staff.cookie } });
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.include('pat@example.com');
    expect(html).to.match(/Unsubscribed \(1\)/);
    const csv = await fetch(`${site.url}/admin/interest.csv`, { headers: { Cookie: staff.cookie } });
    expect(csv.status).to.equal(200);
    expect(csv.headers.get('content-type')).to.match(/^text\/csv/);
    const body = await csv.text();
    expect(body).to.include('"conf@example.com"');
    expect(body).to.include('"unsubscribed"');
    expect(body).not.to.include('bot@example.com');
    expect((await fetch(`${site.url}/admin/interest`, { redirect: 'manual' })).status).to.be.oneOf([302, 303]);
  });
});
