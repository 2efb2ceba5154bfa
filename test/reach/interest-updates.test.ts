import { expect } from 'chai';
import { mailHeader, mailText } from '../support/mail-text.js';
import { startMailedSite, type OutboxSiteHome, type RunningSite } from '../support/outbox-site.js';
import type { Staff } from '../support/staff.js';
import { SmtpSink, waitFor, type ReceivedMail } from '../support/smtp-sink.js';
import { staffCall, teamMember } from '../support/team.js';

/**
 * Issue 31: staff send a short update to the interest list by hand — preview first, sent once, recorded — through
 * a real local SMTP server. Only confirmed entries (of the chosen plan) get it, each with their own unsubscribe link.
 */

const NAVIGATION = { Accept: 'text/html,application/xhtml+xml', 'Sec-Fetch-Mode': 'navigate' };
const POSTAL = '400 Summit Lane, Suite 200, Fort Collins, CO 80525';

interface Entry {
  id: number;
  email: string;
  unsubscribe_token: string;
}

describe('Interest list: updates staff send by hand', function () {
  this.timeout(90_000);
  const sink = new SmtpSink();
  let home: OutboxSiteHome;
  let site: RunningSite;
  let owner: Staff;
  let sales: Staff;
  let marketing: Staff;
  const confirmed: Entry[] = [];

  /** A plain form post as a browser without JavaScript sends it. */
  function formPost(staff: Staff, path: string, fields: Record<string, string>) {
    return fetch(`${site.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...NAVIGATION, Cookie: staff.cookie, Origin: site.url },
      body: new URLSearchParams({ _csrf: staff.token, ...fields }),
    });
  }

  const mailsWith = (subject: string): ReceivedMail[] =>
    sink.mails.filter((mail) => new RegExp(`^Subject: ${subject}$`, 'm').test(mail.raw));
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await site.site.db(table).where(where).count({ count: '*' }).first())?.count);

  async function entry(email: string, plan: string | null, state: 'confirmed' | 'pending' | 'unsubscribed') {
    const answer = await fetch(`${site.url}/interest`, {
      method: 'POST',
      body: new URLSearchParams({ email, ...(plan ? { plan } : {}) }),
    });
    expect(await answer.text()).to.equal('success');
    const row = (await site.site.db('interest_entries').where({ email }).first()) as Entry & { confirm_token: string };
    if (state !== 'pending')
      expect((await fetch(`${site.url}/interest/confirm/${row.confirm_token}`)).status).to.equal(200);
    if (state === 'unsubscribed') {
      const answer = await fetch(`${site.url}/interest/unsubscribe/${row.unsubscribe_token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(answer.status).to.equal(200);
    }
    if (state === 'confirmed') confirmed.push(row);
  }

  interface DraftAnswer {
    id: number;
    recipients: number;
    preview: { subject: string; text: string; headers: Record<string, string> };
  }

  async function draft(staff: Staff, fields: Record<string, string>): Promise<DraftAnswer> {
    const answer = await staffCall(site.url, '/admin/interest/updates', staff, fields);
    expect(answer.status, await answer.clone().text()).to.equal(201);
    return (await answer.json()) as DraftAnswer;
  }

  before(async () => {
    ({ home, site, staff: owner } = await startMailedSite(sink, { SITE_URL: 'https://maplehollow.example' }));
    sales = await teamMember(site.url, owner, 'sales', 'sam', 'sales counter seven');
    marketing = await teamMember(site.url, owner, 'marketing', 'mara', 'marketing lamp nine');
    await entry('ann@example.com', 'canyon', 'confirmed');
    await entry('ben@example.com', null, 'confirmed');
    await entry('cat@example.com', 'overlook', 'confirmed');
    await entry('pen@example.com', 'canyon', 'pending');
    await entry('una@example.com', 'canyon', 'unsubscribed');
  });
  after(async () => {
    await home?.dispose();
    await sink.stop();
  });

  it('previews an update as each recipient gets it, with how many it goes to, and sends nothing', async () => {
    const posted = await formPost(owner, '/admin/interest/updates', {
      subject: 'Model home open this weekend',
      text: 'Come and see the Canyon model.\nSaturday 10 to 4.',
      plan: '',
    });
    expect(posted.status).to.equal(303);
    const location = posted.headers.get('location') ?? '';
    expect(location).to.match(/^\/admin\/interest\/updates\/\d+$/);
    const page = await fetch(`${site.url}${location}`, { headers: { Cookie: owner.cookie } });
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.include('Model home open this weekend');
    expect(html).to.include('Come and see the Canyon model.\nSaturday 10 to 4.');
    expect(html).to.include(POSTAL);
    expect(html).to.include('because this address was entered');
    expect(html).to.include('Maple Hollow by Summit Lane Homes');
    expect(html).to.include('https://maplehollow.example/interest/unsubscribe/each-recipients-own-token');
    expect(html).to.include('Send to 3 people');
    expect(html).to.match(new RegExp(`<form[^>]*action="${location}/send"`));

    const json = await draft(owner, { subject: 'A JSON preview', text: 'Hello list.' });
    expect(json.recipients).to.equal(3);
    const shown = json;
    expect(shown.preview.subject).to.equal('A JSON preview');
    expect(shown.preview.text).to.match(/^Hello list\.\n\n--\n/);
    expect(shown.preview.text).to.include(POSTAL);
    expect(shown.preview.headers['List-Unsubscribe-Post']).to.equal('List-Unsubscribe=One-Click');

    expect(await count('lead_deliveries', { channel: 'interest-update' })).to.equal(0);
    expect(await count('interest_updates')).to.equal(2);
    expect((await site.site.db('interest_updates').whereNotNull('sent_at')).length).to.equal(0);
  });

  it('refuses bad input with 400 naming each field, keeps what was typed, and stores nothing', async () => {
    const before = await count('interest_updates');
    const long = 'x'.repeat(5001);
    const page = await formPost(owner, '/admin/interest/updates', { subject: '', text: long, plan: 'nope' });
    expect(page.status).to.equal(400);
    const html = await page.text();
    expect(html).to.include('Subject is required.');
    expect(html).to.include('Text must be at most 5000 characters.');
    expect(html).to.include('Plan must be one of');
    expect(html).to.include(long);
    expect(html).to.include('id="update-subject-error"');
    expect(html).to.include('id="update-text-error"');
    expect(html).to.include('id="update-plan-error"');

    const typed = await formPost(owner, '/admin/interest/updates', { subject: 's'.repeat(121), text: '' });
    expect(typed.status).to.equal(400);
    const kept = await typed.text();
    expect(kept).to.include(`value="${'s'.repeat(121)}"`);
    expect(kept).to.include('Subject must be at most 120 characters.');
    expect(kept).to.include('Text is required.');

    const json = await staffCall(site.url, '/admin/interest/updates', owner, { subject: '  ', text: 7, plan: 'nope' });
    expect(json.status).to.equal(400);
    const body = (await json.json()) as { error: string; fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).to.deep.equal(['plan', 'subject', 'text']);
    expect(await count('interest_updates')).to.equal(before);
  });

  it('sends to the confirmed entries only, each with their own unsubscribe link and headers, once, and records it', async () => {
    const { id } = await draft(owner, { subject: 'Pool opening on June 1', text: 'The pool opens on June 1.' });
    const sent = await formPost(owner, `/admin/interest/updates/${id}/send`, {});
    expect(sent.status).to.equal(303);
    expect(sent.headers.get('location')).to.equal(`/admin/interest/updates/${id}`);
    await waitFor(() => mailsWith('Pool opening on June 1').length === 3);
    const mails = mailsWith('Pool opening on June 1');
    for (const one of confirmed) {
      const mine = mails.filter((mail) => mail.to.includes(one.email));
      expect(mine, one.email).to.have.length(1);
      const url = `https://maplehollow.example/interest/unsubscribe/${one.unsubscribe_token}`;
      expect(mailText(mine[0]!)).to.include(`Unsubscribe with one click: ${url}`);
      expect(mailText(mine[0]!)).to.include('The pool opens on June 1.');
      expect(mailText(mine[0]!)).to.include(POSTAL);
      expect(mailHeader(mine[0]!, 'List-Unsubscribe')).to.equal(`<${url}>`);
      expect(mailHeader(mine[0]!, 'List-Unsubscribe-Post')).to.equal('List-Unsubscribe=One-Click');
    }
    for (const other of ['pen@example.com', 'una@example.com'])
      expect(
        mails.filter((mail) => mail.to.includes(other)),
        other,
      ).to.have.length(0);

    const audit = await site.site
      .db('audit_log')
      .where({ action: 'interest.update-sent', target: `interest-update/${id}` });
    expect(audit).to.have.length(1);
    expect(audit[0].actor).to.equal('staff');
    expect(JSON.parse(audit[0].details as string)).to.deep.equal({ subject: 'Pool opening on June 1', recipients: 3 });

    const html = await (await fetch(`${site.url}/admin/interest`, { headers: { Cookie: owner.cookie } })).text();
    const history = html.slice(html.indexOf('id="sent-updates-heading"'));
    expect(history).to.include('Pool opening on June 1');
    expect(history).to.match(/<td>staff<\/td>/);
    expect(history).to.match(/<td>3<\/td>/);

    // A second send, by a call and by the form (a reload, a double submit), sends nothing more.
    const again = await staffCall(site.url, `/admin/interest/updates/${id}/send`, owner, {});
    expect(again.status).to.equal(409);
    expect(((await again.json()) as { error: string }).error).to.match(/already sent .* to 3 people/);
    const formAgain = await formPost(owner, `/admin/interest/updates/${id}/send`, {});
    expect(formAgain.status).to.equal(409);
    expect(await formAgain.text()).to.include('already sent');
    expect(await count('lead_deliveries', { channel: 'interest-update', update_id: id })).to.equal(3);
    await waitFor(
      async () => (await count('lead_deliveries', { channel: 'interest-update', status: 'pending' })) === 0,
    );
    expect(mailsWith('Pool opening on June 1')).to.have.length(3);
    expect(await count('audit_log', { action: 'interest.update-sent', target: `interest-update/${id}` })).to.equal(1);
  });

  it('sends an update for one plan only to the confirmed entries who asked about it', async () => {
    const { id, recipients } = await draft(owner, {
      subject: 'Canyon news',
      text: 'A Canyon is ready.',
      plan: 'canyon',
    });
    expect(recipients).to.equal(1);
    const sent = await staffCall(site.url, `/admin/interest/updates/${id}/send`, owner, {});
    expect(sent.status).to.equal(200);
    expect(((await sent.json()) as { recipients: number }).recipients).to.equal(1);
    await waitFor(() => mailsWith('Canyon news').length === 1);
    expect(mailsWith('Canyon news')[0]!.to).to.deep.equal(['ann@example.com']);
  });

  it('sends an update pressed twice at the same moment once: one 200, one 409, one e-mail per entry', async () => {
    const { id } = await draft(owner, { subject: 'Twice pressed', text: 'Only once, please.' });
    const answers = await Promise.all(
      [owner, sales, owner].map((staff) => staffCall(site.url, `/admin/interest/updates/${id}/send`, staff, {})),
    );
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 409, 409]);
    await waitFor(() => mailsWith('Twice pressed').length === 3);
    await waitFor(
      async () => (await count('lead_deliveries', { channel: 'interest-update', status: 'pending' })) === 0,
    );
    expect(mailsWith('Twice pressed')).to.have.length(3);
    expect(await count('lead_deliveries', { channel: 'interest-update', update_id: id })).to.equal(3);
    expect(await count('audit_log', { action: 'interest.update-sent', target: `interest-update/${id}` })).to.equal(1);
  });

  it('lets sales and the owner send updates, and refuses a marketing account with 403', async () => {
    const { id } = await draft(sales, { subject: 'From sales', text: 'Hello from the sales desk.' });
    expect((await staffCall(site.url, `/admin/interest/updates/${id}/send`, sales, {})).status).to.equal(200);
    const audit = await site.site
      .db('audit_log')
      .where({ target: `interest-update/${id}` })
      .first();
    expect(audit.actor).to.equal('sam');

    const before = await count('interest_updates');
    const { id: other } = await draft(owner, { subject: 'Not for marketing', text: 'Hello.' });
    for (const [path, body] of [
      ['/admin/interest/updates', { subject: 'No', text: 'No.' }],
      [`/admin/interest/updates/${other}/send`, {}],
    ] as const) {
      expect((await staffCall(site.url, path, marketing, body)).status, path).to.equal(403);
    }
    expect(
      (await fetch(`${site.url}/admin/interest/updates/${other}`, { headers: { Cookie: marketing.cookie } })).status,
    ).to.equal(403);
    expect(await count('interest_updates')).to.equal(before + 1);
    expect((await site.site.db('interest_updates').where({ id: other }).first()).sent_at).to.equal(null);
  });

  it('answers an unknown update with 404', async () => {
    expect((await staffCall(site.url, '/admin/interest/updates/999999/send', owner, {})).status).to.equal(404);
    const page = await fetch(`${site.url}/admin/interest/updates/999999`, { headers: { Cookie: owner.cookie } });
    expect(page.status).to.equal(404);
  });
});
