import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { communityToday } from '../../src/content/promotions.js';
import { addMonths } from '../../src/services/home-search.js';
import { homesQueryKey, MAX_CACHED_SEARCHES } from '../../src/web/homes-router.js';
import { nuErrors, skipWithoutJava } from '../support/nu-checker.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Contract, wave 4, "Find your home", against the sample community (one community, 6 quick move-in homes and 4
 * plans, one of them without a price).
 */

interface HomesJson {
  total: number;
  results: {
    type: string;
    community: string;
    url: string;
    price: number | null;
    beds: number;
    baths: number;
    sqft: number;
    moveIn: string | null;
  }[];
  facets: { community: Record<string, number>; beds: Record<string, number> };
}

/** Text with tags and React's text separators removed, spaces collapsed. */
function textOf(markup: string): string {
  return markup
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** A raw GET (fetch would normalise the path), decompressed here. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const text =
            coding === 'gzip' ? zlib.gunzipSync(body) : coding === 'br' ? zlib.brotliDecompressSync(body) : body;
          resolve({ status: res.statusCode ?? 0, body: text.toString() });
        });
      })
      .on('error', reject);
  });
}

describe('Find your home', () => {
  let server: TestServer;
  let today: string;
  before(async () => {
    server = await startTestServer();
    today = communityToday(server.site.content.published());
  });
  after(() => server.close());

  async function json(query: string): Promise<HomesJson> {
    const response = await fetch(`${server.url}/homes.json${query}`);
    expect(response.status, query).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    return (await response.json()) as HomesJson;
  }

  async function page(query: string): Promise<{ status: number; body: string; text: string }> {
    const response = await fetch(`${server.url}/homes${query}`);
    const body = await response.text();
    return { status: response.status, body, text: textOf(body) };
  }

  describe('GET /homes.json', () => {
    it('answers every quick move-in home and offered plan, with exactly the contract’s keys', async () => {
      const answer = await json('');
      expect(Object.keys(answer)).to.deep.equal(['total', 'results', 'facets']);
      expect(answer.total).to.equal(10);
      expect(answer.results).to.have.length(10);
      for (const result of answer.results) {
        expect(Object.keys(result)).to.deep.equal([
          'type',
          'community',
          'url',
          'price',
          'beds',
          'baths',
          'sqft',
          'moveIn',
        ]);
        expect(result.community).to.equal('maple-hollow');
      }
      const homes = answer.results.filter((result) => result.type === 'qmi');
      const plans = answer.results.filter((result) => result.type === 'plan');
      expect(homes.map((home) => home.url).sort()).to.deep.equal(
        [5, 11, 19, 28, 41, 53].map((lot) => `/homesites/${lot}`).sort(),
      );
      expect(plans.map((plan) => plan.url).sort()).to.deep.equal([
        '/floor-plans/canyon',
        '/floor-plans/overlook',
        '/floor-plans/silverwood-ii',
        '/floor-plans/sweetwater-ii',
      ]);
      expect(plans.every((plan) => plan.moveIn === null)).to.equal(true);
      expect(homes.find((home) => home.url === '/homesites/5')).to.deep.equal({
        type: 'qmi',
        community: 'maple-hollow',
        url: '/homesites/5',
        price: 559_900,
        beds: 3,
        baths: 2.5,
        sqft: 2180,
        moveIn: '2027-01-15',
      });
      expect(plans.find((plan) => plan.url === '/floor-plans/overlook')?.price).to.equal(null);
      expect(answer.facets).to.deep.equal({ community: { 'maple-hollow': 10 }, beds: { '3': 10, '4': 5 } });
    });

    it('filters by every filter of the contract', async () => {
      expect((await json('?community=maple-hollow')).total).to.equal(10);
      expect((await json('?city=Windsor')).total).to.equal(10);
      expect((await json('?beds=4')).total).to.equal(5);
      expect((await json('?baths=3')).total).to.equal(2);
      const priced = await json('?minPrice=550000&maxPrice=600000');
      expect(priced.results.map((result) => result.price).sort()).to.deep.equal([
        552_000, 559_900, 574_500, 579_900, 598_500,
      ]);
      expect((await json('?minSqft=2000&maxSqft=2500')).total).to.equal(6);
      expect((await json('?stories=1')).total).to.equal(4);
      expect((await json('?type=qmi')).total).to.equal(6);
      expect((await json('?type=plan')).total).to.equal(4);
      for (const [choice, months] of [
        ['now', 0],
        ['3m', 3],
        ['6m', 6],
      ] as const) {
        const by = addMonths(today, months);
        const answer = await json(`?moveIn=${choice}`);
        const expected = ['2027-01-15', '2026-12-18', '2027-02-26', '2027-03-31', '2027-01-29', '2027-04-16'].filter(
          (ready) => ready <= by,
        );
        expect(answer.results.map((result) => result.moveIn).sort(), choice).to.deep.equal(expected.sort());
      }
    });

    it('counts each community and bedroom choice with the other filters applied', async () => {
      const answer = await json('?beds=4&maxPrice=600000');
      expect(answer.total).to.equal(2);
      expect(answer.facets).to.deep.equal({ community: { 'maple-hollow': 2 }, beds: { '3': 6, '4': 2 } });
    });

    it('sorts by price both ways, by size and by move-in', async () => {
      const prices = (await json('?sort=price')).results.map((result) => result.price);
      expect(prices).to.deep.equal([
        545_900,
        552_000,
        559_900,
        574_500,
        579_900,
        598_500,
        612_000,
        612_500,
        689_000,
        null,
      ]);
      const down = (await json('?sort=-price')).results.map((result) => result.price);
      expect(down).to.deep.equal([
        689_000,
        612_500,
        612_000,
        598_500,
        579_900,
        574_500,
        559_900,
        552_000,
        545_900,
        null,
      ]);
      const sizes = (await json('?sort=sqft')).results.map((result) => result.sqft);
      expect(sizes).to.deep.equal([...sizes].sort((a, b) => a - b));
      const moveIns = (await json('?sort=moveIn&type=qmi')).results.map((result) => result.moveIn);
      expect(moveIns).to.deep.equal([...moveIns].sort());
    });

    it('pages: a page past the last has no results and the same total', async () => {
      const second = await json('?page=2');
      expect(second.total).to.equal(10);
      expect(second.results).to.deep.equal([]);
    });

    it('ignores campaign and click ids', async () => {
      expect((await json('?beds=4&utm_source=news&utm_medium=email&gclid=a&fbclid=b&msclkid=c')).total).to.equal(5);
    });

    for (const [query, field] of [
      ['?minPrice=-1', 'minPrice'],
      ['?maxPrice=1000000000000000000000', 'maxPrice'],
      ['?beds=lots', 'beds'],
      ['?baths=%3Cscript%3E', 'baths'],
      ['?beds=3&beds=4', 'beds'],
      ['?sort=price&sort=-price', 'sort'],
      ['?bedrooms=3', 'bedrooms'],
      ['?minPrice=700000&maxPrice=500000', 'minPrice'],
      ['?minSqft=3000&maxSqft=1000', 'minSqft'],
      ['?community=pine-bluff', 'community'],
      ['?community=%00', 'community'],
      ['?moveIn=tomorrow', 'moveIn'],
      ['?type=condo', 'type'],
      ['?page=0', 'page'],
      ['?page=1e3', 'page'],
      ['?stories=%F0%9F%8F%A1', 'stories'],
      ['?city=Atlantis', 'city'],
      ['?constructor=1', 'constructor'],
      ['?__proto__=1', '__proto__'],
    ] as const) {
      it(`answers ${query} with 400 naming ${field}`, async () => {
        const response = await fetch(`${server.url}/homes.json${query}`);
        expect(response.status).to.equal(400);
        const body = (await response.json()) as { errors: { field: string; message: string }[] };
        expect(Object.keys(body)).to.deep.equal(['errors']);
        expect(body.errors.map((error) => error.field)).to.deep.equal([field]);
        expect(body.errors[0]!.message).to.include(field);
      });
    }

    it('answers a malformed query string (bad percent-escapes, a huge query) without a 5xx', async () => {
      for (const query of ['?beds=%E0%A4%A', '?%zz=1', `?beds=${'9'.repeat(5000)}`, `?${'a=1&'.repeat(2000)}`]) {
        const answer = await get(`${server.url}/homes.json${query}`);
        expect(answer.status, query.slice(0, 40)).to.equal(400);
      }
    });
  });

  describe('GET /homes', () => {
    it('is a GET form of every filter, with the count and a count beside each community and bedroom choice', async () => {
      const { status, body, text } = await page('');
      expect(status).to.equal(200);
      const form = /<form[^>]*>/.exec(body)?.[0] ?? '';
      expect(form).to.include('method="get"');
      expect(form).to.include('action="/homes"');
      for (const name of [
        'community',
        'city',
        'minPrice',
        'maxPrice',
        'beds',
        'baths',
        'minSqft',
        'maxSqft',
        'stories',
        'moveIn',
        'type',
        'sort',
      ])
        expect(body, name).to.include(`name="${name}"`);
      expect(text).to.include('10 homes match');
      expect(text).to.include('Maple Hollow, Windsor (10)');
      expect(body).to.include('>3+ (10)</option>');
      expect(body).to.include('>4+ (5)</option>');
      expect(body).to.match(/<link rel="canonical" href="https?:\/\/[^/"]+\/homes"/);
    });

    it('shows each result as a card linking to its page: price or “Pricing coming soon”, beds, baths, size, move-in', async () => {
      const { body, text } = await page('');
      expect(body).to.include('href="/homesites/11"');
      expect(body).to.include('href="/floor-plans/overlook"');
      expect(text).to.include('Lot 11 · The Canyon');
      expect(text).to.include('$574,500');
      expect(text).to.include('December 18, 2026');
      expect(text).to.include('From $545,900');
      expect(text).to.include('Pricing coming soon');
      expect(text).to.match(/Bedrooms 3 Bathrooms 2 Size 1,860 sq ft/);
    });

    it('keeps the choices made in the form and lists the matching homes by place', async () => {
      const { body, text } = await page('?beds=4&sort=price');
      expect(body).to.match(/<option value="4" selected="">4\+ \(5\)<\/option>/);
      expect(body).to.match(/<option value="price" selected="">/);
      expect(text).to.include('5 homes match');
      expect(text).to.include('Where they are');
      expect(text).to.include('Maple Hollow, Windsor: 5 homes · See it on OpenStreetMap (opens in a new tab)');
    });

    it('says clearly when nothing matches, and which filter to loosen', async () => {
      const { status, body, text } = await page('?beds=4&maxPrice=560000');
      expect(status).to.equal(200);
      expect(text).to.include('No homes match');
      expect(text).to.include('Remove the price limits to see 5 homes');
      expect(body).to.include('href="/homes?beds=4"');
    });

    it('answers a bad filter with 400 and the page of what it could search, the problem beside its field', async () => {
      const { status, body, text } = await page('?beds=lots&maxPrice=600000&bedrooms=2');
      expect(status).to.equal(400);
      expect(text).to.include('Part of this search was ignored');
      expect(text).to.include('Ignored: beds "lots" is not a number');
      expect(text).to.include('"bedrooms" is not a filter of this search');
      expect(body).to.match(/id="homes-beds"[^>]*aria-invalid="true"/);
      expect(text).to.include('6 homes match');
      expect(body).to.include('<meta name="robots" content="noindex"');
    });

    it('never answers a 5xx to hostile values', async () => {
      for (const query of [
        '?minPrice=-5',
        '?beds=99999999999999999999999',
        '?city=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        '?community=a&community=b&community=a',
        '?sort=constructor',
        '?page=%00',
        '?moveIn[]=now',
        `?beds=${'x'.repeat(6000)}`,
      ]) {
        const answer = await get(`${server.url}/homes${query}`);
        expect(answer.status, query.slice(0, 40)).to.equal(400);
        expect(answer.body).to.not.include('<script>alert(1)');
      }
    });

    it('is valid HTML (the Nu checker): as loaded, filtered, with nothing matching, with problems', async function () {
      skipWithoutJava(this);
      this.timeout(120_000);
      const documents = [];
      for (const query of [
        '',
        '?beds=4&maxPrice=600000&sort=price',
        '?beds=4&maxPrice=560000',
        '?beds=lots&bedrooms=2&page=0',
      ])
        documents.push({ label: `/homes${query}`, html: (await page(query)).body });
      expect(await nuErrors(documents)).to.deep.equal([]);
    });

    it('pages the results: a count of pages, previous and next, numbers, and pins for every page', async () => {
      const lots = Array.from({ length: 15 }, (_, index) => 60 + index);
      await server
        .db('homesites')
        .whereIn('lot', lots)
        .update({ status: 'quick-move-in', plan: 'The Canyon', price: 560_000, ready: '2027-06-01' });
      server.site.pageCache.clear();
      try {
        expect((await json('')).total).to.equal(25);
        const first = await page('');
        expect(first.text).to.include('25 homes match · page 1 of 3');
        expect(first.body).to.include('href="/homes?page=2" rel="next"');
        expect(first.body).to.match(/href="\/homes\?page=3" aria-label="Page 3"/);
        expect(first.body).to.not.include('rel="prev"');
        expect(first.text).to.include('Maple Hollow, Windsor: 25 homes');
        expect(first.text).to.include('and 5 homes more');
        const second = await page('?page=2');
        expect(second.text).to.include('page 2 of 3');
        expect(second.body).to.include('href="/homes" rel="prev"');
        expect(second.body).to.include('href="/homes?page=3" rel="next"');
        expect(second.body).to.match(/href="\/homes\?page=2" aria-current="page"/);
        expect((await json('?page=3')).results).to.have.length(1);
        const past = await page('?page=7');
        expect(past.status).to.equal(200);
        expect(past.text).to.include('There are 3 pages of results.');
      } finally {
        await server
          .db('homesites')
          .whereIn('lot', lots)
          .update({ status: 'available', plan: null, price: null, ready: null });
        server.site.pageCache.clear();
      }
    });

    it('is in the sitemap', async () => {
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).to.match(/<loc>[^<]+\/homes<\/loc>/);
    });

    it('is cached by its filters, whatever campaign ids or order they come in', async () => {
      const cache = server.site.pageCache;
      cache.clear();
      const first = await get(`${server.url}/homes?maxPrice=600000&beds=4`, { 'accept-encoding': 'gzip' });
      expect(first.status).to.equal(200);
      const key = `/homes?maxPrice=600000&beds=4#${today}`;
      const stored = cache.get(key);
      expect(stored, 'stored under its filters').to.not.equal(undefined);
      cache.set(key, `${stored!.html}<!-- stored -->`);
      for (const query of [
        '?beds=4&maxPrice=600000',
        '?beds=4&maxPrice=600000&utm_source=x&gclid=1',
        '?maxPrice=600000&beds=4&sort=moveIn&page=1',
      ]) {
        const answer = await get(`${server.url}/homes${query}`, { 'accept-encoding': 'gzip' });
        expect(answer.body, query).to.include('<!-- stored -->');
      }
      expect(cache.size).to.equal(1);
    });

    it('stores no page for a query with a problem, and at most MAX_CACHED_SEARCHES searches', async () => {
      const cache = server.site.pageCache;
      cache.clear();
      for (let index = 0; index < 20; index += 1) await get(`${server.url}/homes?beds=3&junk${index}=1`);
      expect(cache.size).to.equal(0);
    });

    it('keys at most its limit of searches between two clears, so junk values cannot grow the cache', () => {
      let generation = 0;
      const key = homesQueryKey(
        () => ({ communities: ['maple-hollow'] }),
        () => generation,
        () => '2026-11-28',
        3,
      );
      expect(['beds=1', 'beds=2', 'beds=3'].map(key)).to.deep.equal([
        'beds=1#2026-11-28',
        'beds=2#2026-11-28',
        'beds=3#2026-11-28',
      ]);
      expect(key('beds=4')).to.equal(undefined);
      expect(key('beds=2&utm_source=x')).to.equal('beds=2#2026-11-28');
      expect(key('community=pine-bluff')).to.equal(undefined);
      generation += 1;
      expect(key('beds=4')).to.equal('beds=4#2026-11-28');
      expect(MAX_CACHED_SEARCHES).to.equal(2_000);
    });
  });
});
