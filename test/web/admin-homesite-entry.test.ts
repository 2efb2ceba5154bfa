import { expect } from 'chai';
import { all, one, parseHtml, text as textOf, type El } from '../support/html.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * How staff enter homesite facts: prices as people type them, refused when implausible for the community (content
 * `homesites.priceRange`, $100,000–$3,000,000 in the sample) with the reason; an import's outcome next to its form.
 */

const CSV_HEADER = 'lot,status,plan,price,sqft,address,ready,version';

function postJson(server: TestServer, staff: Staff, lot: number, body: unknown): Promise<Response> {
  return fetch(`${server.url}/admin/homesites/${lot}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
    body: JSON.stringify(body),
  });
}

function postForm(server: TestServer, staff: Staff, lot: number, fields: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/admin/homesites/${lot}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', Cookie: staff.cookie },
    body: new URLSearchParams({ _csrf: staff.token, plan: '', ready: '', ...fields }),
  });
}

function importForm(server: TestServer, staff: Staff, csv: string | null, dryRun = false): Promise<Response> {
  const form = new FormData();
  form.append('_csrf', staff.token);
  if (dryRun) form.append('dry_run', '1');
  if (csv !== null) form.append('file', new Blob([csv], { type: 'text/csv' }), 'homesites.csv');
  return fetch(`${server.url}/admin/homesites/import`, {
    method: 'POST',
    headers: { Cookie: staff.cookie, Accept: 'text/html' },
    body: form,
  });
}

async function storedPrice(server: TestServer, lot: number): Promise<number | null> {
  return ((await server.db('homesites').where({ lot }).first('price')) as { price: number | null }).price;
}

async function version(server: TestServer, lot: number): Promise<number> {
  return ((await server.db('homesites').where({ lot }).first('version')) as { version: number }).version;
}

/** The focused import outcome of a page: the element with id import-result. */
function importResult(page: El): El {
  return one(page, 'div', (element) => element.attrs.id === 'import-result');
}

describe('Staff homesite entry', () => {
  let server: TestServer;
  let staff: Staff;
  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  describe('POST /admin/homesites/N: the price', () => {
    it('accepts "$552,900" typed with a dollar sign and commas, from JSON and from the plain form', async () => {
      const json = await postJson(server, staff, 10, {
        status: 'available',
        plan: null,
        price: '$552,900',
        ready: null,
        version: await version(server, 10),
      });
      expect(json.status).to.equal(200);
      expect(await json.json()).to.include({ lot: 10, price: 552_900 });
      const history = await fetch(`${server.url}/admin/homesites/10/history`, { headers: { Cookie: staff.cookie } });
      expect(textOf(parseHtml(await history.text()))).to.match(/price: \$[\d,]+ → \$552,900/);

      const form = await postForm(server, staff, 12, {
        status: 'available',
        price: ' $612,500.00 ',
        version: String(await version(server, 12)),
      });
      expect(form.status).to.equal(200);
      expect(await storedPrice(server, 12)).to.equal(612_500);
    });

    it('refuses 5529 (a digit missing) with 400 naming the range and why, from JSON and from the form', async () => {
      const before = await storedPrice(server, 13);
      const json = await postJson(server, staff, 13, {
        status: 'available',
        plan: null,
        price: 5529,
        ready: null,
        version: await version(server, 13),
      });
      expect(json.status).to.equal(400);
      const { error } = (await json.json()) as { error: string };
      expect(error).to.include('Price must be at least $100,000');
      expect(error).to.include('$100,000 to $3,000,000');
      expect(error).to.match(/\$5,529 looks like a digit is missing/);

      const form = await postForm(server, staff, 13, {
        status: 'available',
        price: '55290000',
        version: String(await version(server, 13)),
      });
      expect(form.status).to.equal(400);
      const page = parseHtml(await form.text());
      const notice = one(page, 'tr', (row) => row.attrs['data-lot'] === '13');
      expect(textOf(notice)).to.match(/Price must be at most \$3,000,000 .*\$55,290,000 looks like a digit too many/);
      expect(await storedPrice(server, 13)).to.equal(before);
    });

    it('refuses a price it cannot read as dollars with 400 saying how to type it', async () => {
      for (const price of ['55,2900', '$552,900.50', 'about 500k']) {
        const response = await postJson(server, staff, 14, {
          status: 'available',
          plan: null,
          price,
          ready: null,
          version: await version(server, 14),
        });
        expect(response.status, price).to.equal(400);
        expect(((await response.json()) as { error: string }).error, price).to.match(/price/i);
      }
    });

    it('offers the price field without a digits-only pattern, so the browser never refuses "$552,900" itself', async () => {
      const page = await (await fetch(`${server.url}/admin/homesites`, { headers: { Cookie: staff.cookie } })).text();
      const prices = all(parseHtml(page), 'input', (input) => input.attrs.name === 'price');
      expect(prices).to.have.length(78);
      expect(prices.filter((input) => 'pattern' in input.attrs)).to.have.length(0);
    });
  });

  describe('GET of the addresses a no-JavaScript form posts to (a reload after saving)', () => {
    for (const [address, target] of [
      ['/admin/homesites/import', '/admin/homesites'],
      ['/admin/homesites/12', '/admin/homesites#homesite-12'],
    ] as const) {
      it(`sends ${address} to ${target}`, async () => {
        const response = await fetch(`${server.url}${address}`, {
          headers: { Cookie: staff.cookie },
          redirect: 'manual',
        });
        expect(response.status).to.equal(303);
        expect(response.headers.get('location')).to.equal(target);
      });
    }

    it('still answers an unknown homesite path with the 404 page', async () => {
      const response = await fetch(`${server.url}/admin/homesites/lot-twelve`, { headers: { Cookie: staff.cookie } });
      expect(response.status).to.equal(404);
    });
  });

  describe('POST /admin/homesites/import', () => {
    it('reads "$552,900" in a price cell', async () => {
      const csv = `${CSV_HEADER}\n20,available,,"$552,900",7000,1 Main St,,\n`;
      const response = await importForm(server, staff, csv);
      expect(response.status).to.equal(200);
      expect(await storedPrice(server, 20)).to.equal(552_900);
    });

    it('names the valid codes and the labels staff see for an unknown status', async () => {
      const response = await fetch(`${server.url}/admin/homesites/import`, {
        method: 'POST',
        headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, Accept: 'application/json' },
        body: (() => {
          const form = new FormData();
          form.append('file', new Blob([`${CSV_HEADER}\n21,modle,,,7000,1 Main St,,\n`]), 'h.csv');
          return form;
        })(),
      });
      expect(response.status).to.equal(400);
      const { problems } = (await response.json()) as { problems: Array<{ message: string }> };
      expect(problems[0]?.message).to.equal(
        '"modle" is not a status: use one of available (Available), quick-move-in (Quick move-in), ' +
          'under-contract (Under contract), sold (Sold), model (Model home), future (Future release)',
      );
    });

    it('names the codes and their labels for an unknown status in a staff call too', async () => {
      const response = await postJson(server, staff, 23, {
        status: 'Model home',
        plan: 'Overlook',
        price: null,
        ready: null,
        version: await version(server, 23),
      });
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { error: string }).error).to.include(
        'Status must be one of available (Available), quick-move-in (Quick move-in)',
      );
    });

    it('shows the result next to the form, focused, and the form posts to it', async () => {
      const page = parseHtml(
        await (await fetch(`${server.url}/admin/homesites`, { headers: { Cookie: staff.cookie } })).text(),
      );
      const form = one(page, 'form', (element) => element.attrs.action?.startsWith('/admin/homesites/import') ?? false);
      expect(form.attrs.action).to.equal('/admin/homesites/import#import-result');

      const bad = parseHtml(await (await importForm(server, staff, `${CSV_HEADER}\n22,gone,,,7000,A,,\n`)).text());
      const problems = importResult(bad);
      expect(problems.attrs).to.include({ tabindex: '-1', autofocus: '', role: 'alert' });
      expect(textOf(problems)).to.match(
        /Nothing was imported: 1 problem(?!s).*Line 2, column status: "gone" is not a status/,
      );
      const section = one(bad, 'section', (element) => element.attrs['aria-labelledby'] === 'spreadsheet-heading');
      expect(all(section, 'div', (element) => element.attrs.id === 'import-result')).to.have.length(1);

      const dry = parseHtml(
        await (await importForm(server, staff, `${CSV_HEADER}\n22,sold,,,7000,A,,\n`, true)).text(),
      );
      expect(importResult(dry).attrs).to.include({ autofocus: '', role: 'status' });
      expect(textOf(importResult(dry))).to.match(/Dry run: this file would change 1 homesites/);

      const empty = await importForm(server, staff, null);
      expect(empty.status).to.equal(400);
      expect(textOf(importResult(parseHtml(await empty.text())))).to.equal('Choose a CSV file.');
    });

    it('shows a file over 1 MB refused on the page, next to the form, rather than as JSON', async () => {
      const response = await importForm(server, staff, `${CSV_HEADER}\n${'x'.repeat(2 * 1024 * 1024)}`);
      expect(response.status).to.equal(400);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      expect(textOf(importResult(parseHtml(await response.text())))).to.match(/larger than 1 MB/);
    });
  });
});
