import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * A homesite under contract or sold keeps its price private on every public page and in GET /api/homesites (the
 * key stays, null), as builders do, unless content.homesites.showPriceWhenTaken says to show it; staff still see it.
 * Sample lot 5 is a quick move-in home at $559,900 (sold below, its price kept) and lot 8 is under contract
 * (given a price below); lot 11 is a quick move-in home at $574,500.
 */
const SOLD_LOT = 5;
const SOLD_PRICE = '$559,900';
const UNDER_CONTRACT_LOT = 8;
const UNDER_CONTRACT_PRICE = 540_000;

interface ApiHomesite {
  lot: number;
  status: string;
  price: number | null;
}

function post(server: TestServer, staff: Staff, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
    body: JSON.stringify(body),
  });
}

/** Sells lot 5 with its price kept and prices lot 8, as staff do from /admin/homesites. */
async function takeTwoHomesites(server: TestServer): Promise<Staff> {
  const staff = await signIn(server.url);
  expect((await post(server, staff, '/admin/homesites/bulk', { lots: [SOLD_LOT], status: 'sold' })).status).to.equal(
    200,
  );
  const underContract = {
    status: 'under-contract',
    plan: 'The Canyon',
    price: UNDER_CONTRACT_PRICE,
    ready: null,
    version: 1,
  };
  expect((await post(server, staff, `/admin/homesites/${UNDER_CONTRACT_LOT}`, underContract)).status).to.equal(200);
  return staff;
}

async function apiHomesites(server: TestServer): Promise<Map<number, ApiHomesite>> {
  const response = await fetch(`${server.url}/api/homesites`);
  expect(response.status).to.equal(200);
  const { homesites } = ((await response.json()) as { _embedded: { homesites: ApiHomesite[] } })._embedded;
  return new Map(homesites.map((homesite) => [homesite.lot, homesite]));
}

const page = async (server: TestServer, path: string) => (await fetch(`${server.url}${path}`)).text();

/** The site plan's table row of one lot. */
function tableRow(html: string, lot: number): string {
  const row = new RegExp(`<tr data-lot="${lot}"[^>]*>.*?</tr>`).exec(html)?.[0];
  expect(row, `table row of lot ${lot}`).to.be.a('string');
  return row ?? '';
}

describe('Prices of homesites under contract or sold', function () {
  this.timeout(30_000);

  describe('by default (content.homesites.showPriceWhenTaken false)', () => {
    let server: TestServer;
    let staff: Staff;
    before(async () => {
      server = await startTestServer(STAFF_ENV);
      staff = await takeTwoHomesites(server);
    });
    after(() => server.close());

    it('GET /api/homesites keeps the price key but answers null for them, and the price of the others', async () => {
      const homesites = await apiHomesites(server);
      expect(homesites.get(SOLD_LOT)).to.include({ status: 'sold', price: null });
      expect(homesites.get(UNDER_CONTRACT_LOT)).to.include({ status: 'under-contract', price: null });
      expect(Object.keys(homesites.get(SOLD_LOT) ?? {})).to.include('price');
      expect(homesites.get(11)).to.include({ status: 'quick-move-in', price: 574_500 });
    });

    it('/site-plan shows no price in their table rows, nor anywhere in the page (the lot map’s cards included)', async () => {
      const html = await page(server, '/site-plan');
      expect(tableRow(html, SOLD_LOT)).to.not.include('$');
      expect(tableRow(html, UNDER_CONTRACT_LOT)).to.not.include('$');
      expect(tableRow(html, 11)).to.include('$574,500');
      expect(html).to.not.include(SOLD_PRICE);
      expect(html).to.not.include('559900');
      expect(html).to.not.include(String(UNDER_CONTRACT_PRICE));
    });

    it('/homesites/5 says it is sold, without its price in the page or its structured data', async () => {
      const html = await page(server, `/homesites/${SOLD_LOT}`);
      expect(html).to.include('Sold');
      expect(html).to.not.include(SOLD_PRICE);
      expect(html).to.not.include('559900');
      expect(html).to.not.match(/"price"/);
    });

    it('staff still see both prices (the CSV export)', async () => {
      const csv = await (
        await fetch(`${server.url}/admin/homesites.csv`, { headers: { Cookie: staff.cookie } })
      ).text();
      // Every cell is quoted: "5","sold","Silverwood II","559900",…
      expect(csv).to.match(new RegExp(`^"${SOLD_LOT}","sold","[^"]*","559900",`, 'm'));
      expect(csv).to.match(
        new RegExp(`^"${UNDER_CONTRACT_LOT}","under-contract","[^"]*","${UNDER_CONTRACT_PRICE}",`, 'm'),
      );
    });
  });

  describe('when content.homesites.showPriceWhenTaken is true', () => {
    let server: TestServer;
    before(async () => {
      const content = loadContent();
      server = await startTestServer(STAFF_ENV, {
        content: { ...content, homesites: { ...content.homesites, showPriceWhenTaken: true } },
      });
      await takeTwoHomesites(server);
    });
    after(() => server.close());

    it('shows their prices in GET /api/homesites, the site plan’s table and the homesite page', async () => {
      const homesites = await apiHomesites(server);
      expect(homesites.get(SOLD_LOT)).to.include({ status: 'sold', price: 559_900 });
      expect(homesites.get(UNDER_CONTRACT_LOT)).to.include({ price: UNDER_CONTRACT_PRICE });
      expect(tableRow(await page(server, '/site-plan'), SOLD_LOT)).to.include(SOLD_PRICE);
      expect(await page(server, `/homesites/${SOLD_LOT}`)).to.include(SOLD_PRICE);
    });
  });
});
