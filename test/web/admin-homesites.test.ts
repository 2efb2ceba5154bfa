import { expect } from 'chai';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Staff side of contract "Wave 2 → Homesites": edit with version, bulk, CSV, history; public pages follow at once. */

interface Row {
  lot: number;
  status: string;
  plan: string | null;
  price: number | null;
  ready: string | null;
  version: number;
  updated_by: string | null;
}

const CSV_HEADER = 'lot,status,plan,price,sqft,address,ready,version';

function post(server: TestServer, staff: Staff | undefined, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(staff ? { Cookie: staff.cookie, 'X-CSRF-Token': staff.token } : {}),
    },
    body: JSON.stringify(body),
  });
}

function importCsv(server: TestServer, staff: Staff, csv: Uint8Array | string, query = ''): Promise<Response> {
  const form = new FormData();
  const bytes = typeof csv === 'string' ? new TextEncoder().encode(csv) : csv;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'homesites.csv');
  return fetch(`${server.url}/admin/homesites/import${query}`, {
    method: 'POST',
    headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, Accept: 'application/json' },
    body: form,
  });
}

async function stored(server: TestServer, lot: number): Promise<Row> {
  return (await server.db('homesites').where({ lot }).first()) as Row;
}

async function exportCsv(server: TestServer, staff: Staff): Promise<string> {
  const response = await fetch(`${server.url}/admin/homesites.csv`, { headers: { Cookie: staff.cookie } });
  expect(response.status).to.equal(200);
  expect(response.headers.get('content-type')).to.match(/^text\/csv/);
  return (await response.text()).replace(/^\uFEFF/, '');
}

async function publicStatus(server: TestServer, lot: number): Promise<string | undefined> {
  const page = await (await fetch(`${server.url}/site-plan`)).text();
  return new RegExp(`data-lot="${lot}" data-status="([a-z-]+)"`).exec(page)?.[1];
}

describe('Homesites (staff)', () => {
  let server: TestServer;
  let staff: Staff;
  beforeEach(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  afterEach(() => server.close());

  describe('POST /admin/homesites/N', () => {
    it('saves with the stored version: 200 with the updated row, version + 1, on every public page at once', async () => {
      // Fill the page cache first, so the test shows the change drops it.
      expect(await publicStatus(server, 10)).to.equal('available');
      const response = await post(server, staff, '/admin/homesites/10', {
        status: 'sold',
        plan: 'Overlook',
        price: null,
        ready: null,
        version: 1,
      });
      expect(response.status).to.equal(200);
      expect(await response.json()).to.include({ lot: 10, status: 'sold', plan: 'Overlook', version: 2 });
      expect(await publicStatus(server, 10)).to.equal('sold');
      const page = await (await fetch(`${server.url}/homesites/10`)).text();
      expect(page).to.include('Overlook');
    });

    it('answers a stale version with 409 and the stored row, changing nothing', async () => {
      const first = { status: 'under-contract', plan: null, price: null, ready: null, version: 1 };
      expect((await post(server, staff, '/admin/homesites/10', first)).status).to.equal(200);
      const before = await stored(server, 10);
      const response = await post(server, staff, '/admin/homesites/10', { ...first, status: 'sold' });
      expect(response.status).to.equal(409);
      const body = (await response.json()) as Row & { error: string };
      expect(body).to.include({ lot: 10, status: 'under-contract', version: 2, updated_by: 'staff' });
      expect(body.error).to.match(/changed homesite 10 meanwhile/);
      expect(await stored(server, 10)).to.deep.equal(before);
    });

    it('answers bad input with 400 naming the problem, changing nothing', async () => {
      const valid = { status: 'available', plan: null, price: 500000, ready: null, version: 1 };
      const cases: Array<[string, unknown, RegExp]> = [
        ['/admin/homesites/10', { ...valid, status: 'gone' }, /Status must be one of/i],
        ['/admin/homesites/10', { ...valid, price: -5 }, /price must be more than 0/i],
        ['/admin/homesites/10', { ...valid, price: 1e12 }, /Price must be at most/i],
        ['/admin/homesites/10', { ...valid, price: 500000.5 }, /whole number/i],
        ['/admin/homesites/10', { ...valid, plan: 'The Castle' }, /plan must be one of/i],
        ['/admin/homesites/10', { ...valid, ready: '2027-02-30' }, /Ready date must be a date/],
        ['/admin/homesites/10', { ...valid, status: 'quick-move-in' }, /needs a plan/i],
        ['/admin/homesites/10', { ...valid, extra: 1 }, /extra|Unrecognized/i],
        ['/admin/homesites/999', valid, /no homesite 999/],
        ['/admin/homesites/abc', valid, /no homesite abc/],
      ];
      const before = await server.db('homesites').select().orderBy('lot');
      for (const [path, body, message] of cases) {
        const response = await post(server, staff, path, body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(((await response.json()) as { error: string }).error, JSON.stringify(body)).to.match(message);
      }
      expect(await server.db('homesites').select().orderBy('lot')).to.deep.equal(before);
      expect(await server.db('homesite_changes').count({ count: '*' }).first()).to.deep.equal({ count: 0 });
    });

    it('refuses a call without a session (401) or without the CSRF token (403)', async () => {
      const body = { status: 'sold', plan: null, price: null, ready: null, version: 1 };
      expect((await post(server, undefined, '/admin/homesites/10', body)).status).to.equal(401);
      const tokenless = await fetch(`${server.url}/admin/homesites/10`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: staff.cookie },
        body: JSON.stringify(body),
      });
      expect(tokenless.status).to.equal(403);
      expect((await stored(server, 10)).status).to.equal('available');
    });

    it('saves a plain form post (no JavaScript) and shows the page again', async () => {
      const response = await fetch(`${server.url}/admin/homesites/10`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'text/html',
          Cookie: staff.cookie,
        },
        body: new URLSearchParams({ _csrf: staff.token, status: 'sold', plan: '', price: '', ready: '', version: '1' }),
      });
      expect(response.status).to.equal(200);
      expect(await response.text()).to.include('Saved.');
      expect(await stored(server, 10)).to.include({ status: 'sold', price: null, version: 2 });
    });
  });

  describe('POST /admin/homesites/bulk', () => {
    it('sets one status on many lots in one go', async () => {
      const response = await post(server, staff, '/admin/homesites/bulk', { lots: [10, 17, 18], status: 'sold' });
      expect(response.status).to.equal(200);
      const body = (await response.json()) as { homesites: Row[] };
      expect(body.homesites.map((row) => [row.lot, row.status, row.version])).to.deep.equal([
        [10, 'sold', 2],
        [17, 'sold', 2],
        [18, 'sold', 2],
      ]);
      expect(await publicStatus(server, 18)).to.equal('sold');
    });

    it('changes nothing when one lot is unknown or cannot take the status', async () => {
      for (const body of [
        { lots: [10, 999], status: 'sold' },
        { lots: [10, 24], status: 'quick-move-in' },
        { lots: [10], status: 'gone' },
        { lots: [], status: 'sold' },
      ]) {
        const response = await post(server, staff, '/admin/homesites/bulk', body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
      }
      expect((await stored(server, 10)).status).to.equal('available');
    });
  });

  describe('CSV', () => {
    it('exports the columns of the contract, a formula-looking cell neutralised', async () => {
      await server.db('homesites').where({ lot: 10 }).update({ address: '=HYPERLINK("http://evil.example")' });
      const csv = await exportCsv(server, staff);
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).to.equal(CSV_HEADER);
      expect(lines).to.have.length(79);
      expect(lines[10]).to.include(`"'=HYPERLINK(""http://evil.example"")"`);
    });

    it('round-trips: a dry run lists each change and applies nothing; the import applies it all', async () => {
      const csv = await exportCsv(server, staff);
      const edited = csv
        .replace(/^"10","available",""/m, '"10","sold","Overlook"')
        .replace(/^"17","available"/m, '"17","under-contract"');
      const dry = await importCsv(server, staff, edited, '?dry_run=1');
      expect(dry.status).to.equal(200);
      const report = (await dry.json()) as { dry_run: boolean; changes: Array<{ lot: number; changes: object }> };
      expect(report.dry_run).to.equal(true);
      expect(report.changes.map((change) => change.lot)).to.deep.equal([10, 17]);
      expect(report.changes[0]?.changes).to.deep.include({ status: ['available', 'sold'], plan: [null, 'Overlook'] });
      expect((await stored(server, 10)).status).to.equal('available');

      const applied = await importCsv(server, staff, edited);
      expect(applied.status).to.equal(200);
      expect(await applied.json()).to.include({ applied: 2 });
      expect(await stored(server, 10)).to.include({ status: 'sold', plan: 'Overlook', version: 2 });
      expect(await publicStatus(server, 17)).to.equal('under-contract');
      // The same file again is stale now: its version column no longer matches.
      const stale = await importCsv(server, staff, edited);
      expect(stale.status).to.equal(400);
      expect(JSON.stringify(await stale.json())).to.match(/changed since this file was exported/);
    });

    it('names every bad row by line and column with 400, and applies none of the good ones', async () => {
      const csv = [
        CSV_HEADER,
        '10,sold,,,7000,1 Main St,,',
        '11,done,,,7000,1 Main St,,',
        '12,available,,-5,7000,1 Main St,,',
        '13,available,,,7000,@SUM(A1),,',
        '14,available,Castle,,7000,1 Main St,,',
        '999,available,,,7000,1 Main St,,',
      ].join('\n');
      const response = await importCsv(server, staff, csv);
      expect(response.status).to.equal(400);
      const body = (await response.json()) as { error: string; problems: Array<{ line: number; column: string }> };
      expect(body.problems.map((problem) => `${problem.line}:${problem.column}`)).to.deep.equal([
        '3:status',
        '4:price',
        '5:address',
        '6:plan',
        '7:lot',
      ]);
      expect(body.error).to.match(/line 3 status/);
      expect((await stored(server, 10)).status).to.equal('available');
    });

    it('refuses wrong columns, non-UTF-8 text and a 10 MB file with 400 naming the problem', async () => {
      const wrong = await importCsv(server, staff, 'lot,state\n10,sold\n');
      expect(wrong.status).to.equal(400);
      expect(((await wrong.json()) as { error: string }).error).to.match(/"status" is missing/);

      const latin1 = new Uint8Array([...new TextEncoder().encode(`${CSV_HEADER}\n10,sold,,,7000,Caf`), 0xe9, 10]);
      const notUtf8 = await importCsv(server, staff, latin1);
      expect(notUtf8.status).to.equal(400);
      expect(((await notUtf8.json()) as { error: string }).error).to.match(/not UTF-8/);

      const huge = await importCsv(server, staff, `${CSV_HEADER}\n${'x'.repeat(10 * 1024 * 1024)}`);
      expect(huge.status).to.equal(400);
      expect(((await huge.json()) as { error: string }).error).to.match(/larger than 1 MB/);
      expect((await stored(server, 10)).status).to.equal('available');
    });
  });

  describe('History', () => {
    it('records who, when and old → new for each change; the lot’s history and the admin home show it', async () => {
      await post(server, staff, '/admin/homesites/10', {
        status: 'sold',
        plan: 'Overlook',
        price: null,
        ready: null,
        version: 1,
      });
      const response = await fetch(`${server.url}/admin/homesites/10/history`, {
        headers: { Cookie: staff.cookie, Accept: 'application/json' },
      });
      const { changes } = (await response.json()) as {
        changes: Array<{ by: string; at: string; changes: Record<string, unknown[]> }>;
      };
      expect(changes).to.have.length(1);
      expect(changes[0]?.by).to.equal('staff');
      expect(Date.now() - Date.parse(changes[0]?.at ?? '')).to.be.within(0, 60_000);
      expect(changes[0]?.changes).to.deep.include({ status: ['available', 'sold'], plan: [null, 'Overlook'] });

      const page = await (
        await fetch(`${server.url}/admin/homesites/10/history`, { headers: { Cookie: staff.cookie } })
      ).text();
      expect(page).to.include('History of homesite 10');
      expect(page.replace(/<!-- -->/g, '')).to.include('available → sold');
      const home = await (await fetch(`${server.url}/admin`, { headers: { Cookie: staff.cookie } })).text();
      expect(home).to.include('href="/admin/homesites/10/history"');
    });
  });

  it('lists every homesite on /admin/homesites, filtered by status and searched by lot', async () => {
    const all = await (await fetch(`${server.url}/admin/homesites`, { headers: { Cookie: staff.cookie } })).text();
    expect(all.match(/<tr data-lot="/g)).to.have.length(78);
    const sold = await (
      await fetch(`${server.url}/admin/homesites?status=sold`, { headers: { Cookie: staff.cookie } })
    ).text();
    expect(new Set([...sold.matchAll(/<tr data-lot="\d+" data-status="([a-z-]+)"/g)].map((m) => m[1]))).to.deep.equal(
      new Set(['sold']),
    );
    const one = await (await fetch(`${server.url}/admin/homesites?q=24`, { headers: { Cookie: staff.cookie } })).text();
    expect(one.match(/<tr data-lot="/g)).to.have.length(1);
  });
});
