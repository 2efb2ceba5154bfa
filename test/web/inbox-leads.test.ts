import { expect } from 'chai';
import { LEAD_CSV_COLUMNS } from '../../src/services/messages-csv.js';
import { parseCsv } from '../../src/services/csv.js';
import { all, one, parseHtml, text as textOf, type El } from '../support/html.js';
import { minutesBefore, seedMessage, seedTour } from '../support/leads.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const BASE = '2026-11-20T18:00:00.000Z';

async function getPage(server: TestServer, staff: Staff, path: string): Promise<El> {
  const response = await fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie } });
  expect(response.status, path).to.equal(200);
  return parseHtml(await response.text());
}

/** Each listed lead's element id ("lead-message-3", "lead-tour-7"), in page order. */
function leadIds(page: El): string[] {
  return all(page, 'li', (li) => /^lead-(message|tour)-\d+$/.test(li.attrs.id ?? '')).map((li) => li.attrs.id!);
}

function leadItem(page: El, id: string): El {
  return one(page, 'li', (li) => li.attrs.id === id);
}

function headingText(page: El): string {
  return textOf(one(page, 'h2', (h2) => h2.attrs.id === 'leads-heading'));
}

describe('Staff inbox: every lead, filtered and paged', () => {
  let server: TestServer;
  let staff: Staff;
  /** Element ids newest first, as the inbox must list them. */
  const newestFirst: string[] = [];

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    const seeded: { id: string; at: string }[] = [];
    // 30 messages and 25 tours interleaved in time; every third from Google, every fifth contacted.
    for (let index = 0; index < 55; index += 1) {
      const at = minutesBefore(BASE, index * 7);
      const fields = {
        utm_source: index % 3 === 0 ? 'google' : null,
        lead_status: index % 5 === 0 ? 'contacted' : 'new',
        firstname: `Person${index}`,
        email: `person${index}@example.com`,
        phone: `(303) 555-${String(1000 + index)}`,
      };
      if (index % 2 === 0 && index < 50) {
        const id = await seedTour(server.db, at, '2026-12-01T17:00:00.000Z', fields);
        seeded.push({ id: `lead-tour-${id}`, at });
      } else {
        const id = await seedMessage(server.db, at, { ...fields, subject: `Subject ${index}` });
        seeded.push({ id: `lead-message-${id}`, at });
      }
    }
    await seedMessage(server.db, BASE, { subject: 'Cheap pills', is_spam: true });
    newestFirst.push(...seeded.sort((a, b) => b.at.localeCompare(a.at)).map((lead) => lead.id));
  });
  after(() => server.close());

  it('lists messages and tours together, newest first, 50 a page, with links to the next page', async () => {
    const first = await getPage(server, staff, '/admin/messages');
    expect(leadIds(first)).to.deep.equal(newestFirst.slice(0, 50));
    expect(headingText(first)).to.equal('Leads (55, 30 unread)');
    const pages = one(first, 'nav', (nav) => nav.attrs['aria-label'] === 'Inbox pages');
    expect(textOf(pages)).to.include('Page 1 of 2');
    const older = one(pages, 'a', (a) => textOf(a) === 'Older').attrs.href!;
    expect(older).to.equal('/admin/messages?page=2');
    const second = await getPage(server, staff, older);
    expect(leadIds(second)).to.deep.equal(newestFirst.slice(50));
    const secondNav = one(second, 'nav', (nav) => nav.attrs['aria-label'] === 'Inbox pages');
    expect(one(secondNav, 'a', (a) => textOf(a) === 'Newer').attrs.href).to.equal('/admin/messages');
  });

  it('keeps spam out of the list and shows it in a view of its own', async () => {
    const leads = await getPage(server, staff, '/admin/messages');
    expect(textOf(leads)).to.not.include('Cheap pills');
    expect(all(leads, 'a', (a) => textOf(a) === 'Flagged as spam (1)')).to.have.length(1);
    const spam = await getPage(server, staff, '/admin/messages?spam=1');
    expect(headingText(spam)).to.equal('Flagged as spam (1)');
    expect(textOf(spam)).to.include('Cheap pills');
    expect(leadIds(spam)).to.have.length(1);
  });

  it('filters by kind', async () => {
    const tours = await getPage(server, staff, '/admin/messages?kind=tour');
    expect(leadIds(tours)).to.deep.equal(newestFirst.filter((id) => id.startsWith('lead-tour-')));
    expect(leadIds(tours)).to.have.length(25);
    const messages = await getPage(server, staff, '/admin/messages?kind=message');
    expect(leadIds(messages)).to.deep.equal(newestFirst.filter((id) => id.startsWith('lead-message-')));
  });

  it('filters by lead status, and keeps the filter in the page links', async () => {
    const contacted = await getPage(server, staff, '/admin/messages?status=contacted');
    expect(leadIds(contacted)).to.have.length(11);
    for (const id of leadIds(contacted)) {
      const select = one(leadItem(contacted, id), 'select', (element) => element.attrs.name === 'status');
      const selected = one(select, 'option', (option) => 'selected' in option.attrs);
      expect(selected.attrs.value, id).to.equal('contacted');
    }
    const statusFilter = one(contacted, 'form', (form) => form.attrs.class === 'lead-filter');
    const chosen = one(
      one(statusFilter, 'select', (select) => select.attrs.name === 'status'),
      'option',
      (option) => 'selected' in option.attrs,
    );
    expect(chosen.attrs.value).to.equal('contacted');
  });

  it('filters by source, "direct" standing for leads without a utm_source', async () => {
    const google = await getPage(server, staff, '/admin/messages?source=google');
    expect(leadIds(google)).to.have.length(19);
    const direct = await getPage(server, staff, '/admin/messages?source=direct');
    expect(leadIds(direct)).to.have.length(36);
    expect([...leadIds(google), ...leadIds(direct)].sort()).to.deep.equal([...newestFirst].sort());
    const both = await getPage(server, staff, '/admin/messages?source=google&kind=tour&status=contacted');
    // Tours are the even indexes below 50; Google every third; contacted every fifth: 0 and 30.
    expect(leadIds(both)).to.have.length(2);
  });

  it('pages a filtered list with the filter kept in the links', async () => {
    const direct = await getPage(server, staff, '/admin/messages?source=direct&q=person');
    expect(headingText(direct)).to.equal('Leads (36, 20 unread)');
    const page = await getPage(server, staff, '/admin/messages?source=direct&kind=message');
    expect(leadIds(page).length).to.be.greaterThan(0);
    expect(all(page, 'nav', (nav) => nav.attrs['aria-label'] === 'Inbox pages')).to.have.length(0);
  });

  it('searches by name, e-mail and phone (with or without its punctuation)', async () => {
    const byName = await getPage(server, staff, '/admin/messages?q=person12+buyer');
    expect(leadIds(byName)).to.have.length(1);
    const byEmail = await getPage(server, staff, '/admin/messages?q=PERSON7%40example');
    expect(leadIds(byEmail)).to.have.length(1);
    expect(textOf(byEmail)).to.include('person7@example.com');
    const byPhone = await getPage(server, staff, `/admin/messages?q=${encodeURIComponent('555-1042')}`);
    expect(leadIds(byPhone)).to.have.length(1);
    const byDigits = await getPage(server, staff, '/admin/messages?q=3035551042');
    expect(leadIds(byDigits)).to.deep.equal(leadIds(byPhone));
    const wildcard = await getPage(server, staff, '/admin/messages?q=%25');
    expect(leadIds(wildcard)).to.have.length(0);
  });

  it('ignores unknown filter values instead of failing', async () => {
    const page = await getPage(server, staff, '/admin/messages?kind=fax&status=sold&page=abc');
    expect(leadIds(page)).to.deep.equal(newestFirst.slice(0, 50));
  });
});

describe('Staff inbox: a lead with its context', () => {
  let server: TestServer;
  let staff: Staff;
  let tourId = 0;
  let messageId = 0;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    messageId = await seedMessage(server.db, BASE, {
      subject: 'About lot 12',
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'fall-open-house',
      utm_term: 'new homes windsor',
      utm_content: 'carousel-ad',
      referrer: 'https://www.facebook.com/',
      landing_page: '/floor-plans/canyon?utm_source=facebook',
      homesite: 12,
      plan: 'canyon',
    });
    tourId = await seedTour(server.db, minutesBefore(BASE, 5), '2026-11-23T17:00:00.000Z', { homesite: 7 });
  });
  after(() => server.close());

  it('shows each context field of a message, and "direct" for a lead without a source', async () => {
    const page = await getPage(server, staff, '/admin/messages');
    const context = textOf(one(leadItem(page, `lead-message-${messageId}`), 'dl'));
    for (const shown of [
      'Sourcefacebook',
      'Mediumsocial',
      'Campaignfall-open-house',
      'Termnew homes windsor',
      'Contentcarousel-ad',
      'Referrerhttps://www.facebook.com/',
      'Landing page/floor-plans/canyon?utm_source=facebook',
      'Homesite12',
      'PlanThe Canyon',
    ]) {
      expect(context).to.include(shown);
    }
    const tour = leadItem(page, `lead-tour-${tourId}`);
    expect(textOf(one(tour, 'dl'))).to.include('Sourcedirect');
    expect(textOf(one(tour, 'dl'))).to.include('Homesite7');
  });

  it("shows a tour's time in the community's zone", async () => {
    const tour = leadItem(await getPage(server, staff, '/admin/messages'), `lead-tour-${tourId}`);
    expect(textOf(one(tour, 'h3'))).to.include('Tour on Nov 23, 2026, 10:00 AM MST');
    const time = one(one(tour, 'dl'), 'time');
    expect(time.attrs.datetime).to.equal('2026-11-23T17:00:00.000Z');
    expect(textOf(time)).to.equal('Nov 23, 2026, 10:00 AM MST');
  });
});

describe('Staff inbox: status, notes and deletion', () => {
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  function post(path: string, fields: Record<string, string>, token: string | null = staff.token, cookie = true) {
    return fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        ...(cookie ? { Cookie: staff.cookie } : {}),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ ...fields, ...(token === null ? {} : { _csrf: token }) }),
    });
  }

  const leadOf = async (table: string, id: number) =>
    (await server.db(table).where({ id }).first()) as { lead_status: string; notes: string } | undefined;

  it('saves a status and notes from the plain form, back to the same list', async () => {
    const id = await seedMessage(server.db, BASE);
    const response = await post(`/admin/messages/message/${id}/follow-up`, {
      status: 'contacted',
      notes: 'Called back.\r\nWants a walkout basement.',
      return: '?kind=message&page=1',
    });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal(`/admin/messages?kind=message#lead-message-${id}`);
    expect(await leadOf('contact_messages', id)).to.include({
      lead_status: 'contacted',
      notes: 'Called back.\nWants a walkout basement.',
    });
    const html = await (
      await fetch(`${server.url}/admin/messages?status=contacted`, { headers: { Cookie: staff.cookie } })
    ).text();
    expect(html).to.include(`id="notes-message-${id}"`);
    expect(html).to.include('>Called back.\nWants a walkout basement.</textarea>');
  });

  it('saves the status of a tour', async () => {
    const id = await seedTour(server.db, BASE, '2026-12-02T17:00:00.000Z');
    expect((await post(`/admin/messages/tour/${id}/follow-up`, { status: 'touring', notes: '' })).status).to.equal(303);
    expect(await leadOf('tours', id)).to.include({ lead_status: 'touring' });
  });

  it('answers 400 to a status outside the contract, and changes nothing', async () => {
    const id = await seedMessage(server.db, BASE);
    for (const status of ['sold', 'NEW', '', 'closed ']) {
      const response = await post(`/admin/messages/message/${id}/follow-up`, { status, notes: 'x' });
      expect(response.status, status).to.equal(400);
    }
    expect(await leadOf('contact_messages', id)).to.include({ lead_status: 'new', notes: '' });
  });

  it('answers 400 to a malformed lead and 404 to an unknown one', async () => {
    expect((await post('/admin/messages/fax/1/follow-up', { status: 'new' })).status).to.equal(400);
    expect((await post('/admin/messages/message/abc/follow-up', { status: 'new' })).status).to.equal(400);
    expect((await post('/admin/messages/tour/999999/follow-up', { status: 'new' })).status).to.equal(404);
    expect((await post('/admin/messages/tour/999999/erase', {})).status).to.equal(404);
  });

  it('refuses a change without the token (403) or without a session (401)', async () => {
    const id = await seedMessage(server.db, BASE);
    expect((await post(`/admin/messages/message/${id}/follow-up`, { status: 'lost' }, null)).status).to.equal(403);
    expect((await post(`/admin/messages/message/${id}/follow-up`, { status: 'lost' }, 'wrong')).status).to.equal(403);
    expect(
      (await post(`/admin/messages/message/${id}/follow-up`, { status: 'lost' }, staff.token, false)).status,
    ).to.equal(401);
    expect((await post(`/admin/messages/message/${id}/erase`, {}, null)).status).to.equal(403);
    expect((await post(`/admin/messages/message/${id}/erase`, {}, staff.token, false)).status).to.equal(401);
    expect(await leadOf('contact_messages', id)).to.include({ lead_status: 'new' });
  });

  it('deletes a message and records who and when, never what', async () => {
    const id = await seedMessage(server.db, BASE, { subject: 'Please forget me' });
    const before = Date.now();
    const response = await post(`/admin/messages/message/${id}/erase`, { return: '?status=new' });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin/messages?status=new');
    expect(await leadOf('contact_messages', id)).to.equal(undefined);
    const [erasure] = (await server.db('lead_erasures').where({ kind: 'message', lead_id: id })) as {
      erased_by: string;
      erased_at: string;
    }[];
    expect(erasure?.erased_by).to.equal('staff');
    expect(Date.parse(erasure!.erased_at)).to.be.within(before - 1000, Date.now() + 1000);
    const page = await getPage(server, staff, '/admin/messages');
    const log = textOf(one(page, 'section', (section) => section.attrs.class === 'erasure-log'));
    expect(log).to.include(`Message #${id} deleted by staff`);
    expect(textOf(page)).to.not.include('Please forget me');
  });

  it('deleting a booked future tour frees its place in the slot; a past one leaves the slot alone', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await server.db('tour_slots').insert([
      { start_at: future, booked: 2 },
      { start_at: past, booked: 1 },
    ]);
    const upcoming = await seedTour(server.db, BASE, future);
    const cancelled = await seedTour(server.db, BASE, future, { status: 'cancelled' });
    const done = await seedTour(server.db, BASE, past);
    const booked = async (startAt: string) =>
      Number(((await server.db('tour_slots').where({ start_at: startAt }).first()) as { booked: number }).booked);

    expect((await post(`/admin/messages/tour/${upcoming}/erase`, {})).status).to.equal(303);
    expect(await booked(future)).to.equal(1);
    expect((await post(`/admin/messages/tour/${cancelled}/erase`, {})).status).to.equal(303);
    expect(await booked(future), 'a cancelled tour had already given its place back').to.equal(1);
    expect((await post(`/admin/messages/tour/${done}/erase`, {})).status).to.equal(303);
    expect(await booked(past)).to.equal(1);
    expect(await server.db('tours').whereIn('id', [upcoming, cancelled, done])).to.have.length(0);
    const erased = (await server.db('lead_erasures').where({ kind: 'tour' }).orderBy('id')) as { lead_id: number }[];
    expect(erased.map((row) => Number(row.lead_id))).to.deep.equal([upcoming, cancelled, done]);
  });

  it('keeps mark as read working, back to the same list', async () => {
    const id = await seedMessage(server.db, BASE);
    const response = await post(`/admin/messages/${id}/read`, { read: 'true', return: '?kind=message' });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin/messages?kind=message');
    const row = (await server.db('contact_messages').where({ id }).first()) as { read_at: unknown };
    expect(row.read_at).to.not.equal(null);
  });
});

describe('GET /admin/messages.csv: every lead', () => {
  let server: TestServer;
  let staff: Staff;
  const LEADS = 1_200;

  before(async function () {
    this.timeout(60_000);
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    const messages = [];
    const tours = [];
    for (let index = 0; index < LEADS; index += 1) {
      const at = minutesBefore(BASE, index);
      const person = {
        firstname: `P${index}`,
        lastname: 'Buyer',
        email: `p${index}@example.com`,
        phone: '(970) 555-0100',
      };
      if (index % 3 === 0) {
        tours.push({
          ...person,
          token: `token-${index}`,
          start_at: '2026-12-01T17:00:00.000Z',
          slot_minutes: 60,
          message: '',
          created_at: at,
        });
      } else {
        messages.push({ ...person, subject: `S${index}`, message: 'Hi', created_at: at });
      }
    }
    for (let start = 0; start < messages.length; start += 100) {
      await server.db('contact_messages').insert(messages.slice(start, start + 100));
    }
    for (let start = 0; start < tours.length; start += 100) {
      await server.db('tours').insert(tours.slice(start, start + 100));
    }
    await seedMessage(server.db, minutesBefore(BASE, -10), {
      firstname: '=HYPERLINK("http://evil.example")',
      utm_source: '-google',
      utm_medium: 'cpc',
      utm_campaign: '@fall',
      utm_term: 'homes',
      utm_content: 'ad-1',
      referrer: 'https://www.google.com/',
      landing_page: '/floor-plans/canyon',
      homesite: 12,
      plan: 'canyon',
      lead_status: 'contract',
      notes: '+1 call back',
    });
  });
  after(() => server.close());

  it('streams every lead, messages and tours, newest first, with the context columns named by the contract', async () => {
    const response = await fetch(`${server.url}/admin/messages.csv`, { headers: { Cookie: staff.cookie } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    // Written as the pages come: chunked, never one body of known length.
    expect(response.headers.get('transfer-encoding')).to.equal('chunked');
    expect(response.headers.get('content-length')).to.equal(null);
    const body = await response.text();
    const [header, ...rows] = parseCsv(body).map((record) => record.cells);
    expect(header).to.deep.equal([...LEAD_CSV_COLUMNS]);
    for (const column of [
      'kind',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'referrer',
      'landing_page',
      'homesite',
      'plan',
      'status',
      'notes',
    ]) {
      expect(header, column).to.include(column);
    }
    expect(rows).to.have.length(LEADS + 1);
    const at = (name: string) => header!.indexOf(name);
    const created = rows.map((row) => row[at('created_at')]!);
    expect(created).to.deep.equal([...created].sort().reverse());
    expect(new Set(rows.map((row) => `${row[at('kind')]}-${row[at('id')]}`)).size).to.equal(LEADS + 1);
    expect(rows.filter((row) => row[at('kind')] === 'tour')).to.have.length(LEADS / 3);
    expect(rows.filter((row) => row[at('kind')] === 'message')).to.have.length((LEADS * 2) / 3 + 1);
  });

  it("exports a lead's context, status and notes, formulas neutralised", async () => {
    const body = await (await fetch(`${server.url}/admin/messages.csv`, { headers: { Cookie: staff.cookie } })).text();
    const [header, first] = parseCsv(body).map((record) => record.cells);
    const cell = (name: string) => first![header!.indexOf(name)];
    expect(cell('kind')).to.equal('message');
    expect(cell('firstname')).to.equal(`'=HYPERLINK("http://evil.example")`);
    expect(cell('utm_source')).to.equal("'-google");
    expect(cell('utm_medium')).to.equal('cpc');
    expect(cell('utm_campaign')).to.equal("'@fall");
    expect(cell('utm_term')).to.equal('homes');
    expect(cell('utm_content')).to.equal('ad-1');
    expect(cell('referrer')).to.equal('https://www.google.com/');
    expect(cell('landing_page')).to.equal('/floor-plans/canyon');
    expect(cell('homesite')).to.equal('12');
    expect(cell('plan')).to.equal('canyon');
    expect(cell('status')).to.equal('contract');
    expect(cell('notes')).to.equal("'+1 call back");
  });
});

describe('GET /admin: lead counts and leads per source', () => {
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000 - 3_600_000).toISOString();
    const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString();
    // This week: 2 google (a message and a tour), 1 direct. Three weeks back: 1 google. Ten weeks back: outside.
    await seedMessage(server.db, daysAgo(1), { utm_source: 'google' });
    await seedTour(server.db, daysAgo(2), inDays(2), { utm_source: 'google' });
    await seedMessage(server.db, daysAgo(3));
    await seedMessage(server.db, daysAgo(22), { utm_source: 'google', lead_status: 'contacted' });
    await seedMessage(server.db, daysAgo(70), { utm_source: 'zillow' });
    await seedMessage(server.db, daysAgo(1), { utm_source: 'spammy', is_spam: true });
    // Upcoming: two booked in the future; not counted: a cancelled one, a past one, a spam one.
    await seedTour(server.db, daysAgo(4), inDays(5));
    await seedTour(server.db, daysAgo(40), inDays(1), { status: 'cancelled' });
    await seedTour(server.db, daysAgo(40), daysAgo(1));
    await seedTour(server.db, daysAgo(1), inDays(3), { is_spam: true });
  });
  after(() => server.close());

  it('counts unread messages, new leads and upcoming tours', async () => {
    const page = await getPage(server, staff, '/admin');
    const cards = all(page, 'a', (a) => a.attrs.class === 'admin-card').map(textOf);
    expect(cards.find((card) => card.startsWith('Messages'))).to.equal(
      'Messages4 unread leads, 2 flagged as spam7 with status New',
    );
    expect(cards.find((card) => card.startsWith('Tours'))).to.equal('Tours2 upcoming tours');
  });

  it('shows leads per source for the last 8 weeks, oldest week first, spam left out', async () => {
    const page = await getPage(server, staff, '/admin');
    const table = one(page, 'table', (element) => element.attrs.class === 'lead-sources');
    const [head, ...body] = all(table, 'tr').map((row) => all(row, 'th').concat(all(row, 'td')).map(textOf));
    expect(head).to.have.length(10);
    expect(head![0]).to.equal('Source');
    expect(head![9]).to.equal('Total');
    expect(head![8]).to.match(/^[A-Z][a-z]{2} \d{1,2}$/);
    const rows = Object.fromEntries(body.map((row) => [row[0], row.slice(1)]));
    expect(Object.keys(rows), 'most leads first; zillow (10 weeks ago) and spam left out').to.deep.equal([
      'direct',
      'google',
    ]);
    expect(rows.google).to.deep.equal(['0', '0', '0', '0', '1', '0', '0', '2', '3']);
    // This week a message and a tour; 40 days ago (week 5 back) two tours, one since cancelled: still leads.
    expect(rows.direct).to.deep.equal(['0', '0', '2', '0', '0', '0', '0', '2', '4']);
  });
});
