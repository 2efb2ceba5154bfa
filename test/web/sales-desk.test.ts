import { expect } from 'chai';
import { startMailedSite, type OutboxSiteHome, type RunningSite } from '../support/outbox-site.js';
import { parseCsv } from '../../src/services/csv.js';
import { seedMessage, seedTour } from '../support/leads.js';
import { header, textOf } from '../support/mail-parts.js';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Contract, wave 3 → "The sales desk": a lead addressed as <kind>/<id>, its JSON, and the calls that work it. */

interface LeadJson {
  lead: Record<string, unknown> & { kind: string; id: number };
  owner: string | null;
  followUp: string | null;
  buyer: { leads: { kind: string; id: number; at: string }[] };
  timeline: (Record<string, unknown> & { at: string; actor: string | null; type: string })[];
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('The sales desk', () => {
  let server: TestServer;
  let staff: Staff;
  let message: number;
  let sameEmail: number;
  let samePhone: number;
  let tour: number;
  let stranger: number;

  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' });
    staff = await signIn(server.url);
    const db = server.db;
    await db('users').insert({ username: 'casey', password_hash: 'not a usable hash' });
    message = await seedMessage(db, minutesAgo(300), {
      email: 'Ada@Example.com',
      phone: '(970) 555-0199',
      utm_source: 'google',
      utm_campaign: 'fall',
      homesite: 12,
      notes: 'Called once before the desk existed.',
    });
    sameEmail = await seedMessage(db, minutesAgo(200), { email: 'ada@example.com', phone: '(303) 555-0101' });
    samePhone = await seedMessage(db, minutesAgo(100), { email: 'other@example.com', phone: '(970) 555-0199' });
    tour = await seedTour(db, minutesAgo(50), new Date(Date.now() + 86_400_000).toISOString(), {
      email: 'ADA@example.com',
      phone: '(719) 555-0123',
    });
    stranger = await seedMessage(db, minutesAgo(10), { email: 'nobody@example.com', phone: '(303) 555-0000' });
  });
  after(() => server.close());

  const leadJson = async (kind: string, id: number) => {
    const response = await fetch(`${server.url}/admin/leads/${kind}/${id}.json`, { headers: { Cookie: staff.cookie } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    return (await response.json()) as LeadJson;
  };
  const call = (path: string, body: unknown, options: { token?: string | null; cookie?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/json',
        Origin: server.url,
        ...(options.cookie === '' ? {} : { Cookie: options.cookie ?? staff.cookie }),
        ...(options.token === null ? {} : { 'X-CSRF-Token': options.token ?? staff.token }),
      },
      body: JSON.stringify(body),
    });

  describe('GET /admin/leads/<kind>/<id>.json', () => {
    it('gives the lead, its owner and follow-up date, its buyer and its timeline', async () => {
      const body = await leadJson('message', message);
      expect(body.lead).to.include({
        kind: 'message',
        id: message,
        firstname: 'Pat',
        lastname: 'Buyer',
        email: 'Ada@Example.com',
        phone: '(970) 555-0199',
      });
      expect(body.owner).to.equal(null);
      expect(body.followUp).to.equal(null);
      expect(body.buyer.leads.map((lead) => `${lead.kind}/${lead.id}`)).to.have.members([
        `message/${message}`,
        `message/${sameEmail}`,
        `message/${samePhone}`,
        `tour/${tour}`,
      ]);
      for (const lead of body.buyer.leads) expect(lead.at).to.match(/^\d{4}-\d{2}-\d{2}T/);
      for (const entry of body.timeline) {
        expect(entry).to.have.property('at').that.is.a('string');
        expect(entry).to.have.property('actor');
        expect(entry).to.have.property('type').that.is.a('string');
      }
    });

    it('groups by e-mail without case and by phone, and leaves others out', async () => {
      const body = await leadJson('tour', tour);
      const keys = body.buyer.leads.map((lead) => `${lead.kind}/${lead.id}`);
      expect(keys).to.include(`message/${message}`);
      expect(keys).to.not.include(`message/${stranger}`);
      expect((await leadJson('message', stranger)).buyer.leads).to.deep.equal([
        { kind: 'message', id: stranger, at: (await leadJson('message', stranger)).lead.at },
      ]);
    });

    it("lists each lead's arrival with its source and context, and the old notes field as a note, oldest first", async () => {
      const { timeline } = await leadJson('message', message);
      const arrivals = timeline.filter((entry) => entry.type === 'arrived');
      expect(arrivals).to.have.length(4);
      const first = arrivals[0]!;
      expect(first).to.deep.include({ actor: null, source: 'google' });
      expect(first.context).to.deep.include({ utm_campaign: 'fall', homesite: 12 });
      const memo = timeline.find((entry) => entry.type === 'note');
      expect(memo).to.include({ text: 'Called once before the desk existed.' });
      const times = timeline.map((entry) => Date.parse(entry.at));
      expect(times).to.deep.equal([...times].sort((a, b) => a - b));
    });

    it('answers 404 to an unknown lead or kind, and 401 without a session', async () => {
      for (const path of [`message/999999`, `house/${message}`, `message/abc`]) {
        const response = await fetch(`${server.url}/admin/leads/${path}.json`, { headers: { Cookie: staff.cookie } });
        expect(response.status, path).to.equal(404);
      }
      expect((await fetch(`${server.url}/admin/leads/message/${message}.json`)).status).to.equal(401);
    });
  });

  describe('POST /admin/leads/<kind>/<id>/owner', () => {
    it('gives the lead to an account (200) and to nobody with null', async () => {
      const response = await call(`/admin/leads/message/${message}/owner`, { username: 'casey' });
      expect(response.status).to.equal(200);
      expect((await leadJson('message', message)).owner).to.equal('casey');
      const entry = (await leadJson('message', message)).timeline.find((item) => item.type === 'owner');
      expect(entry).to.include({ actor: 'staff', to: 'casey' });
      expect((await call(`/admin/leads/message/${message}/owner`, { username: null })).status).to.equal(200);
      expect((await leadJson('message', message)).owner).to.equal(null);
    });

    it('answers 400 to an account that cannot take leads, and changes nothing', async () => {
      await call(`/admin/leads/message/${sameEmail}/owner`, { username: 'staff' });
      for (const username of ['ghost', '', 42, undefined]) {
        const response = await call(`/admin/leads/message/${sameEmail}/owner`, { username });
        expect(response.status, String(username)).to.equal(400);
        expect(((await response.json()) as { error: string }).error).to.be.a('string');
      }
      expect((await leadJson('message', sameEmail)).owner).to.equal('staff');
    });

    it('answers 404 to an unknown lead, 403 without the token, 401 without a session', async () => {
      expect((await call('/admin/leads/message/999999/owner', { username: 'staff' })).status).to.equal(404);
      expect(
        (await call(`/admin/leads/message/${message}/owner`, { username: 'staff' }, { token: null })).status,
      ).to.equal(403);
      expect(
        (await call(`/admin/leads/message/${message}/owner`, { username: 'staff' }, { cookie: '', token: null }))
          .status,
      ).to.equal(401);
      expect((await leadJson('message', message)).owner).to.equal(null);
    });
  });

  describe('POST /admin/leads/<kind>/<id>/notes', () => {
    it('adds each note as a new timeline entry (201), never overwriting one', async () => {
      const first = await call(`/admin/leads/tour/${tour}/notes`, { text: 'Called: wants a walkout basement.' });
      expect(first.status).to.equal(201);
      const second = await call(`/admin/leads/tour/${tour}/notes`, { text: 'Second call: bringing parents.' });
      expect(second.status).to.equal(201);
      const notes = (await leadJson('tour', tour)).timeline.filter((entry) => entry.type === 'note');
      const texts = notes.map((entry) => entry.text);
      expect(texts).to.include.members([
        'Called: wants a walkout basement.',
        'Second call: bringing parents.',
        'Called once before the desk existed.',
      ]);
      expect(notes.find((entry) => entry.text === 'Second call: bringing parents.')).to.include({ actor: 'staff' });
    });

    it('answers 400 to an empty or too long note', async () => {
      for (const text of ['', '   ', 'x'.repeat(5001), 7]) {
        expect((await call(`/admin/leads/tour/${tour}/notes`, { text })).status, String(text).slice(0, 9)).to.equal(
          400,
        );
      }
    });

    it("keeps the inbox's old notes when the inbox's notes field is changed", async () => {
      const response = await fetch(`${server.url}/admin/messages/message/${message}/follow-up`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...FORM, Cookie: staff.cookie },
        body: new URLSearchParams({ _csrf: staff.token, status: 'contacted', notes: 'Rewritten memo.' }),
      });
      expect(response.status).to.equal(303);
      const { timeline } = await leadJson('message', message);
      const texts = timeline.filter((entry) => entry.type === 'note').map((entry) => entry.text);
      expect(texts).to.include.members(['Called once before the desk existed.', 'Rewritten memo.']);
      expect(timeline.find((entry) => entry.type === 'status')).to.include({
        from: 'new',
        to: 'contacted',
        actor: 'staff',
      });
    });
  });

  describe('POST /admin/leads/<kind>/<id>/follow-up', () => {
    it('sets (200) and clears a follow-up date', async () => {
      const response = await call(`/admin/leads/message/${samePhone}/follow-up`, { date: '2026-12-01' });
      expect(response.status).to.equal(200);
      expect((await leadJson('message', samePhone)).followUp).to.equal('2026-12-01');
      expect((await call(`/admin/leads/message/${samePhone}/follow-up`, { date: null })).status).to.equal(200);
      expect((await leadJson('message', samePhone)).followUp).to.equal(null);
    });

    it('answers 400 to anything but a date or null', async () => {
      for (const date of ['tomorrow', '2026-02-30', '2026-12-1', 20261201, undefined]) {
        expect((await call(`/admin/leads/message/${samePhone}/follow-up`, { date })).status, String(date)).to.equal(
          400,
        );
      }
    });
  });

  describe('the desk on the inbox and the dashboard', () => {
    it("filters the inbox by owner: an account's leads, my leads, nobody's", async () => {
      await call(`/admin/leads/message/${stranger}/owner`, { username: 'casey' });
      const list = async (query: string) =>
        (await fetch(`${server.url}/admin/messages?${query}`, { headers: { Cookie: staff.cookie } })).text();
      const casey = await list('owner=casey');
      expect(casey).to.include(`id="lead-message-${stranger}"`);
      expect(casey).to.not.include(`id="lead-message-${sameEmail}"`);
      const mine = await list('owner=staff');
      expect(mine).to.include(`id="lead-message-${sameEmail}"`);
      expect(mine).to.not.include(`id="lead-message-${stranger}"`);
      const nobody = await list('owner=%3Anobody');
      expect(nobody).to.include(`id="lead-tour-${tour}"`);
      expect(nobody).to.not.include(`id="lead-message-${stranger}"`);
      expect(await list('')).to.include('href="/admin/messages?owner=staff"');
    });

    it('lists follow-ups due today and overdue per counselor, and the median time to a first response', async () => {
      await call(`/admin/leads/message/${stranger}/follow-up`, { date: '2020-01-02' });
      const html = await (await fetch(`${server.url}/admin`, { headers: { Cookie: staff.cookie } })).text();
      expect(html).to.include('Follow-ups due today and overdue');
      expect(html).to.include('casey (1)');
      expect(html).to.include('overdue since 2020-01-02');
      expect(html).to.include('Time to first response, last 30 days');
      // The status change above answered a lead that arrived 300 minutes earlier.
      expect(html).to.match(/<th scope="row">staff<\/th><td>\d+<\/td><td>[^<]*h[^<]*<\/td>/);
    });
  });

  describe('the exports', () => {
    const csv = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie } });
      expect(response.status).to.equal(200);
      const [header, ...rows] = parseCsv(await response.text()).map((record) => record.cells);
      return { header: header!, rows };
    };
    /** ISO 8601 at the community's wall clock with its offset (sample: America/Denver). */
    const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[67]:00$/;

    it("gives each lead's owner (username and display name) and follow-up date, and its times at the community's clock", async () => {
      await server.db('users').where({ username: 'casey' }).update({ display_name: 'Casey Nguyen' });
      await call(`/admin/leads/tour/${tour}/owner`, { username: 'casey' });
      await call(`/admin/leads/tour/${tour}/follow-up`, { date: '2026-12-03' });
      const { header, rows } = await csv('/admin/messages.csv');
      const cell = (row: string[], name: string) => row[header.indexOf(name)];
      expect(header).to.include.members(['owner', 'owner_name', 'follow_up']);
      const row = rows.find((each) => cell(each, 'kind') === 'tour' && cell(each, 'id') === String(tour))!;
      expect([cell(row, 'owner'), cell(row, 'owner_name'), cell(row, 'follow_up')]).to.deep.equal([
        'casey',
        'Casey Nguyen',
        '2026-12-03',
      ]);
      expect(cell(row, 'created_at')).to.match(ZONED);
      expect(cell(row, 'tour_start')).to.match(ZONED);
      const tourRow = await server.db('tours').where({ id: tour }).first();
      // The same instant, to the second.
      expect(Math.floor(Date.parse(tourRow.start_at) / 1000) * 1000).to.equal(Date.parse(cell(row, 'tour_start')!));
      const unowned = rows.find((each) => cell(each, 'id') === String(sameEmail) && cell(each, 'kind') === 'message')!;
      expect(cell(unowned, 'owner_name')).to.equal('staff');
    });

    it("writes the audit trail's and the interest list's times at the community's clock too", async () => {
      const audit = await csv('/admin/audit.csv');
      expect(audit.rows.length).to.be.greaterThan(0);
      for (const row of audit.rows) expect(row[audit.header.indexOf('at')]).to.match(ZONED);
      await fetch(`${server.url}/interest`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'zone@example.com' }),
      });
      const interest = await csv('/admin/interest.csv');
      const created = interest.rows.map((row) => row[interest.header.indexOf('created_at')]);
      expect(created).to.have.length.greaterThan(0);
      for (const value of created) expect(value).to.match(ZONED);
    });
  });
});

describe('POST /admin/leads/<kind>/<id>/reply', function () {
  this.timeout(60_000);
  const sink = new SmtpSink();
  let home: OutboxSiteHome;
  let site: RunningSite;
  let staff: Staff;
  let lead: number;

  before(async () => {
    ({ home, site, staff } = await startMailedSite(sink, {
      MAIL_FROM: 'website@maplehollow.example',
      SITE_URL: 'https://maplehollow.example',
    }));
    lead = await seedMessage(site.site.db, minutesAgo(30), { email: 'reply-buyer@example.com' });
  });
  after(async () => {
    await home.dispose();
    await sink.stop();
  });

  const reply = (body: unknown, token: string | null = staff.token) =>
    fetch(`${site.url}/admin/leads/message/${lead}/reply`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: staff.cookie,
        Origin: site.url,
        ...(token ? { 'X-CSRF-Token': token } : {}),
      },
      body: JSON.stringify(body),
    });

  it("e-mails the lead's address through the outbox (202), from MAIL_FROM under the counselor's name", async () => {
    const response = await reply({ subject: 'Your question about lot 12', text: 'Hi Pat,\nLot 12 is still open.' });
    expect(response.status).to.equal(202);
    await waitFor(() => sink.mails.some((mail) => mail.to.includes('reply-buyer@example.com')));
    const mail = sink.mails.find((item) => item.to.includes('reply-buyer@example.com'))!;
    expect(mail.from).to.equal('website@maplehollow.example');
    expect(header(mail, 'From')).to.match(/staff/);
    expect(header(mail, 'Reply-To')).to.equal('sales@maplehollow.example');
    expect(header(mail, 'Subject')).to.equal('Your question about lot 12');
    expect(textOf(mail)).to.include('Lot 12 is still open.');
  });

  it('stores the e-mail before it is sent: a timeline entry and a delivery row', async () => {
    const response = await fetch(`${site.url}/admin/leads/message/${lead}.json`, { headers: { Cookie: staff.cookie } });
    const { timeline } = (await response.json()) as LeadJson;
    const sent = timeline.find((entry) => entry.type === 'email');
    expect(sent).to.include({ actor: 'staff', subject: 'Your question about lot 12', to: 'reply-buyer@example.com' });
    const rows = await site.site
      .db('lead_deliveries')
      .where({ lead_kind: 'message', lead_id: lead, channel: 'buyer-email' });
    expect(rows).to.have.length(1);
  });

  it('answers 400 naming a missing subject and text, and sends nothing', async () => {
    const before = await site.site.db('lead_events').where({ type: 'email' }).count({ count: '*' });
    const response = await reply({ subject: '', text: ' ' });
    expect(response.status).to.equal(400);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).to.deep.equal(['subject', 'text']);
    const after = await site.site.db('lead_events').where({ type: 'email' }).count({ count: '*' });
    expect(Number(after[0]!.count)).to.equal(Number(before[0]!.count));
  });

  it('refuses a reply without the CSRF token (403)', async () => {
    expect((await reply({ subject: 'x', text: 'y' }, null)).status).to.equal(403);
  });

  it("signs with the counselor's display name and sends the buyer's answer to the sales team, even when the counselor has an address", async () => {
    await site.site.db('users').where({ username: 'staff' }).update({ email: 'pat.counselor@maplehollow.example' });
    const named = await fetch(`${site.url}/admin/account/display-name`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: staff.cookie,
        Origin: site.url,
        'X-CSRF-Token': staff.token,
      },
      body: JSON.stringify({ displayName: 'Pat Morales' }),
    });
    expect(named.status).to.equal(200);
    const audit = await site.site.db('audit_log').where({ action: 'account.display-name', target: 'staff' });
    expect(audit).to.have.length(1);
    expect((await reply({ subject: 'Signed by name', text: 'See you Saturday.' })).status).to.equal(202);
    await waitFor(() => sink.mails.some((mail) => header(mail, 'Subject') === 'Signed by name'));
    const mail = sink.mails.find((item) => header(item, 'Subject') === 'Signed by name')!;
    expect(header(mail, 'From')).to.match(/^"?Pat Morales, /);
    expect(header(mail, 'Reply-To')).to.equal('sales@maplehollow.example');
    const page = (path: string) =>
      fetch(`${site.url}${path}`, { headers: { Cookie: staff.cookie } }).then((response) => response.text());
    expect(await page('/admin/team')).to.match(/<th scope="row">Pat Morales<span class="team-email">staff<\/span>/);
    expect(await page('/admin/account')).to.include('value="Pat Morales"');
  });

  it('refuses a display name over 80 characters (400) and keeps the one set', async () => {
    const response = await fetch(`${site.url}/admin/account/display-name`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: staff.cookie,
        Origin: site.url,
        'X-CSRF-Token': staff.token,
      },
      body: JSON.stringify({ displayName: 'x'.repeat(81) }),
    });
    expect(response.status).to.equal(400);
    expect((await site.site.db('users').where({ username: 'staff' }).first()).display_name).to.equal('Pat Morales');
  });
});
