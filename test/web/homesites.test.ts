import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Buyers' side of contract "Wave 2 → Homesites": the call, the lot map, one page per homesite, quick move-in. */

interface ApiHomesite {
  lot: number;
  status: string;
  plan: string | null;
  price: number | null;
  sqft: number | null;
  address: string;
  ready: string | null;
}

async function apiHomesites(server: TestServer, query = ''): Promise<ApiHomesite[]> {
  const response = await fetch(`${server.url}/api/homesites${query}`);
  expect(response.status).to.equal(200);
  return ((await response.json()) as { _embedded: { homesites: ApiHomesite[] } })._embedded.homesites;
}

async function html(server: TestServer, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.text() };
}

/** Text with tags and React's text separators removed, spaces collapsed. */
function textOf(markup: string): string {
  return markup
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

function jsonLdOf(markup: string): Array<Record<string, unknown>> {
  return [...markup.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );
}

describe('Homesites (public)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  describe('GET /api/homesites', () => {
    it('lists the 78 homesites sorted by lot, with exactly the contract’s fields', async () => {
      const homesites = await apiHomesites(server);
      expect(homesites.map((homesite) => homesite.lot)).to.deep.equal(Array.from({ length: 78 }, (_, i) => i + 1));
      for (const homesite of homesites) {
        expect(Object.keys(homesite)).to.deep.equal(['lot', 'status', 'plan', 'price', 'sqft', 'address', 'ready']);
      }
    });

    it('filters by ?status', async () => {
      const quick = await apiHomesites(server, '?status=quick-move-in');
      expect(quick.length).to.be.greaterThan(0);
      expect(new Set(quick.map((homesite) => homesite.status))).to.deep.equal(new Set(['quick-move-in']));
      const all = await apiHomesites(server);
      expect(quick.map((homesite) => homesite.lot)).to.deep.equal(
        all.filter((homesite) => homesite.status === 'quick-move-in').map((homesite) => homesite.lot),
      );
    });

    it('answers an unknown status with 400 naming the statuses', async () => {
      for (const query of ['?status=bogus', '?status=SOLD', '?status=']) {
        const response = await fetch(`${server.url}/api/homesites${query}`);
        expect(response.status, query).to.equal(400);
        expect(((await response.json()) as { error: string }).error).to.match(/available, quick-move-in/);
      }
    });
  });

  describe('GET /site-plan', () => {
    let body: string;
    let homesites: ApiHomesite[];
    before(async () => {
      body = (await html(server, '/site-plan')).body;
      homesites = await apiHomesites(server);
    });

    it('draws one shape per homesite with data-lot and data-status, linking to its page', () => {
      const shapes = [...body.matchAll(/<a[^>]*class="lot-link[^"]*"[^>]*>/g)].map((match) => match[0]);
      expect(shapes).to.have.length(78);
      for (const homesite of homesites) {
        const shape = shapes.find((tag) => tag.includes(`data-lot="${homesite.lot}"`));
        expect(shape, `lot ${homesite.lot}`).to.include(`data-status="${homesite.status}"`);
        expect(shape).to.include(`href="/homesites/${homesite.lot}"`);
      }
    });

    it('gives each status its own pattern, not only a colour', () => {
      const fills = new Set([...body.matchAll(/fill="url\(#lot-fill-([a-z-]+)\)"/g)].map((match) => match[1]));
      expect(fills).to.deep.equal(new Set(homesites.map((homesite) => homesite.status)));
      for (const status of fills) expect(body).to.include(`<pattern id="lot-fill-${status}"`);
    });

    it('shows a legend with the count of each status', () => {
      const legend = textOf(/<ul class="lot-legend"[\s\S]*?<\/ul>/.exec(body)?.[0] ?? '');
      const counts = (status: string) => homesites.filter((homesite) => homesite.status === status).length;
      for (const [label, status] of [
        ['Available', 'available'],
        ['Sold', 'sold'],
        ['Quick move-in', 'quick-move-in'],
        ['Under contract', 'under-contract'],
        ['Model home', 'model'],
        ['Future release', 'future'],
      ]) {
        expect(legend).to.include(`${label} ${counts(status!)}`);
      }
    });

    it('lists every homesite in a table: lot, status, plan, price, size', () => {
      const table = /<table class="homesite-table"[\s\S]*?<\/table>/.exec(body)?.[0] ?? '';
      expect(textOf(/<thead>[\s\S]*?<\/thead>/.exec(table)?.[0] ?? '')).to.match(/Homesite Status Plan Price Lot size/);
      const rows = [...table.matchAll(/<tr data-lot="(\d+)" data-status="([a-z-]+)">([\s\S]*?)<\/tr>/g)];
      expect(rows.map((row) => Number(row[1]))).to.deep.equal(homesites.map((homesite) => homesite.lot));
      const five = rows.find((row) => row[1] === '5');
      expect(textOf(five?.[3] ?? '')).to.equal(' 5 Quick move-in Silverwood II $559,900 9,500 sq ft ');
    });

    it('filters without JavaScript: ?status=sold dims every other lot', async () => {
      const filtered = (await html(server, '/site-plan?status=sold')).body;
      const dimmed = [...filtered.matchAll(/class="lot-link is-dimmed"[^>]*data-status="([a-z-]+)"/g)];
      const sold = homesites.filter((homesite) => homesite.status === 'sold').length;
      expect(dimmed).to.have.length(78 - sold);
      expect(dimmed.every((match) => match[1] !== 'sold')).to.equal(true);
    });
  });

  describe('GET /homesites/N', () => {
    it('shows one homesite: status, size, plan and price, and "Ask about homesite N"', async () => {
      const { status, body } = await html(server, '/homesites/5');
      expect(status).to.equal(200);
      const text = textOf(body);
      expect(text).to.include('Homesite 5');
      for (const fact of ['Quick move-in', '9,500 sq ft', 'Silverwood II', '$559,900', 'January 15, 2027']) {
        expect(text).to.include(fact);
      }
      expect(body).to.match(/<a[^>]*href="\/contact\?homesite=5"[^>]*>Ask about homesite 5<\/a>/);
    });

    it('lists the plans that fit a homesite without a plan', async () => {
      const body = (await html(server, '/homesites/24')).body;
      expect(textOf(body)).to.include('Plans that fit this homesite');
      const fits = textOf(/<ul class="homesite-fits">[\s\S]*?<\/ul>/.exec(body)?.[0] ?? '');
      // Lot 24 is 7,960 sq ft: Overlook needs 8,200.
      expect(fits).to.equal(' Sweetwater II Silverwood II The Canyon ');
    });

    it('carries a schema.org Offer with the price', async () => {
      const [offer] = jsonLdOf((await html(server, '/homesites/5')).body);
      expect(offer).to.include({ '@type': 'Offer', price: 559900, priceCurrency: 'USD' });
    });

    it('answers an unknown or malformed number with the 404 page', async () => {
      for (const path of ['/homesites/79', '/homesites/0', '/homesites/abc', '/homesites/5x', '/homesites/-1']) {
        const { status, body } = await html(server, path);
        expect(status, path).to.equal(404);
        expect(body, path).to.include('Page not found');
      }
    });

    it('sends the map’s no-JavaScript search to the homesite: /homesites?lot=12', async () => {
      const response = await fetch(`${server.url}/homesites?lot=12`, { redirect: 'manual' });
      expect(response.status).to.equal(303);
      expect(response.headers.get('location')).to.equal('/homesites/12');
    });
  });

  describe('Quick move-in homes', () => {
    it('lists every quick move-in home on /quick-move-in with price, ready date and JSON-LD offers', async () => {
      const quick = await apiHomesites(server, '?status=quick-move-in');
      const { status, body } = await html(server, '/quick-move-in');
      expect(status).to.equal(200);
      for (const home of quick) expect(textOf(body)).to.include(`${home.plan} on homesite ${home.lot}`);
      expect(textOf(body)).to.include('$612,000');
      expect(jsonLdOf(body).map((offer) => offer.price)).to.deep.equal(quick.map((home) => home.price));
    });

    it('shows a plan’s quick move-in homes on its floor-plan page, and only those', async () => {
      const body = textOf((await html(server, '/floor-plans/silverwood-ii')).body);
      expect(body).to.include('Silverwood II on homesite 5');
      expect(body).to.include('Silverwood II on homesite 41');
      expect(body).not.to.include('The Canyon on homesite 11');
    });
  });

  it('counts the homesites and those available now on the home page', async () => {
    const homesites = await apiHomesites(server);
    const available = homesites.filter((homesite) => homesite.status === 'available').length;
    const text = textOf((await html(server, '/')).body);
    expect(text).to.include('78 Home Lots');
    expect(text).to.include(`${available} available now`);
  });

  it('lists every homesite page and /quick-move-in in the sitemap', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (let lot = 1; lot <= 78; lot += 1) expect(sitemap).to.include(`/homesites/${lot}</loc>`);
    expect(sitemap).to.include('/quick-move-in</loc>');
  });
});
