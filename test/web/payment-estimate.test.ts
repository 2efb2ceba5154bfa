import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { contentCall, saveAndPublish } from '../support/content-api.js';
import { all, one, parseHtml, text, type El } from '../support/html.js';
import { nuErrors, skipWithoutJava } from '../support/nu-checker.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Contract, wave 4, "Find your home": the monthly payment estimate on each plan and home page. */

const FINANCING = {
  ratePercent: 6,
  aprPercent: 6.25,
  termYears: 30,
  downPaymentPercent: 20,
  propertyTaxPercent: 1.2,
  insuranceMonthly: 100,
  hoaMonthly: 50,
  note: 'Rate quoted November 1, 2026.',
};

/** A raw GET with gzip, so a page the cache stores is answered before Express as a browser would get it. */
function get(url: string): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const html = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body;
          resolve({ status: res.statusCode ?? 0, html: html.toString() });
        });
      })
      .on('error', reject);
  });
}

/** The estimate section of a page, or undefined when it has none. */
async function estimateOf(server: TestServer, path: string): Promise<El | undefined> {
  const { status, html } = await get(`${server.url}${path}`);
  expect(status, path).to.equal(200);
  return all(parseHtml(html), 'section', (section) => section.attrs.id === 'payment')[0];
}

async function shownEstimate(server: TestServer, path: string): Promise<El> {
  const section = await estimateOf(server, path);
  expect(section, `an estimate on ${path}`).to.not.equal(undefined);
  return section!;
}

const squeeze = (value: string) => value.replace(/\s+/g, ' ').trim();
const outputText = (section: El) => squeeze(text(one(section, 'output')));
const byId = (section: El, id: string) => one(section, 'p', (element) => element.attrs.id === id);

describe('Monthly payment estimate (contract, wave 4)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let staff: Staff;
  let quickMoveIn: { lot: number; price: number };
  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    const response = await fetch(`${server.url}/api/homesites?status=quick-move-in`);
    const { _embedded } = (await response.json()) as {
      _embedded: { homesites: { lot: number; price: number | null }[] };
    };
    const priced = _embedded.homesites.find((homesite) => homesite.price !== null);
    quickMoveIn = { lot: priced!.lot, price: priced!.price! };
  });
  after(() => server.close());

  describe('while the financing section is empty (the default)', () => {
    it('shows no estimate on a plan page or a homesite page', async () => {
      expect(await estimateOf(server, '/floor-plans/sweetwater-ii')).to.equal(undefined);
      expect(await estimateOf(server, `/homesites/${quickMoveIn.lot}`)).to.equal(undefined);
      expect(await estimateOf(server, '/floor-plans/sweetwater-ii?down=10')).to.equal(undefined);
    });

    it('answers the section as JSON, every value empty', async () => {
      const response = await contentCall(server.url, staff, 'GET', '/admin/content/financing.json');
      expect(response.status).to.equal(200);
      const { published } = (await response.json()) as { published: { data: Record<string, unknown> } };
      expect(published.data).to.deep.equal({
        ratePercent: null,
        aprPercent: null,
        termYears: null,
        downPaymentPercent: null,
        propertyTaxPercent: null,
        insuranceMonthly: null,
        hoaMonthly: null,
        note: null,
      });
    });
  });

  describe('staff setting the financing assumptions', () => {
    it('refuses a rate without its APR, term and down payment, naming each (400)', async () => {
      const { save } = await saveAndPublish(server.url, staff, 'financing', (data) => ({ ...data, ratePercent: 6 }));
      expect(save.status).to.equal(400);
      const body = (await save.json()) as { errors: { path: string; message: string }[] };
      expect(body.errors.map((error) => error.path)).to.have.members(['aprPercent', 'termYears', 'downPaymentPercent']);
      expect(await estimateOf(server, '/floor-plans/sweetwater-ii')).to.equal(undefined);
    });

    it('publishes them; the estimate shows at once on the plan page', async () => {
      const { save, publish } = await saveAndPublish(server.url, staff, 'financing', (data) => ({
        ...data,
        ...FINANCING,
      }));
      expect(save.status, await save.clone().text()).to.equal(200);
      expect(publish?.status).to.equal(200);
      expect(await estimateOf(server, '/floor-plans/sweetwater-ii')).to.not.equal(undefined);
    });
  });

  describe('the estimate as published', () => {
    it('gives the plan’s payment at its base price with the down payment, term and APR beside it', async () => {
      // $579,900, 20% down: $463,920 at 6% for 30 years is $2,781.43; tax 1.2% a year $579.90; $100; $50.
      const section = await shownEstimate(server, '/floor-plans/sweetwater-ii');
      expect(outputText(section)).to.equal(
        'Estimated payment $3,511/mo With 20% down ($115,980), a 30-year fixed-rate loan of $463,920, 360 monthly ' +
          'payments, at 6% interest, 6.25% APR.',
      );
      const parts = all(section, 'div', (div) => div.parent?.tag === 'dl').map((row) => squeeze(text(row)));
      expect(parts).to.deep.equal([
        'Principal and interest$2,781',
        'Property taxes$580',
        'Homeowner’s insurance$100',
        'HOA dues$50',
      ]);
      expect(squeeze(text(section))).to.include('Rate quoted November 1, 2026.');
    });

    it('links to the preferred lenders', async () => {
      const section = await shownEstimate(server, '/floor-plans/sweetwater-ii');
      const { lenders } = server.site.content.published();
      const links = all(section, 'a').map((link) => link.attrs.href);
      for (const lender of lenders) expect(links).to.include(lender.href);
    });

    it('gives a quick move-in homesite’s payment at its price', async () => {
      const section = await shownEstimate(server, `/homesites/${quickMoveIn.lot}`);
      const down = Math.round(quickMoveIn.price * 0.2).toLocaleString('en-US');
      expect(outputText(section)).to.match(/^Estimated payment \$[\d,]+\/mo With 20% down \(\$([\d,]+)\)/);
      expect(outputText(section)).to.include(`($${down})`);
      expect(outputText(section)).to.include('30-year fixed-rate loan');
      expect(outputText(section)).to.include('6.25% APR');
    });

    it('shows none for a plan without a price', async () => {
      expect(await estimateOf(server, '/floor-plans/overlook')).to.equal(undefined);
    });

    it('offers a GET form with the down payment, the rate and the term, labelled, filled with the advertised terms', async () => {
      const section = await shownEstimate(server, '/floor-plans/sweetwater-ii');
      const form = one(section, 'form');
      expect(form.attrs.method).to.equal('get');
      expect(form.attrs.action).to.equal('#payment');
      const fields = [...all(form, 'input'), ...all(form, 'select')];
      expect(fields.map((field) => field.attrs.name)).to.deep.equal(['down', 'rate', 'term']);
      for (const field of fields) one(section, 'label', (label) => label.attrs.for === field.attrs.id);
      expect(all(form, 'input').map((input) => input.attrs.value)).to.deep.equal(['20', '6']);
      const options = all(form, 'option');
      expect(options.map((option) => option.attrs.value)).to.deep.equal(['10', '15', '20', '30']);
      expect(options.find((option) => 'selected' in option.attrs)?.attrs.value).to.equal('30');
    });
  });

  describe('the buyer’s own numbers (GET form, no JavaScript)', () => {
    it('figures the payment at the down payment, rate and term in the address', async () => {
      // $579,900, 10% down: $521,910 at 5% for 15 years is $4,127.23, + $579.90 + $100 + $50.
      const section = await shownEstimate(server, '/floor-plans/sweetwater-ii?down=10&rate=5&term=15');
      expect(outputText(section)).to.equal(
        'Estimated payment $4,857/mo With 10% down ($57,990), a 15-year fixed-rate loan of $521,910, 180 monthly ' +
          'payments, at 5% interest (the APR of a rate or term you choose depends on the lender’s costs).',
      );
      expect(squeeze(text(section))).to.include('Advertised terms: 20% down, 30 years, 6% interest, 6.25% APR.');
      expect(squeeze(text(section))).to.include(
        'Not included: mortgage insurance, which lenders usually ask for with less than 20% down.',
      );
      const form = one(section, 'form');
      expect(all(form, 'input').map((input) => input.attrs.value)).to.deep.equal(['10', '5']);
    });

    it('recalculates a homesite page the same way', async () => {
      const section = await shownEstimate(server, `/homesites/${quickMoveIn.lot}?down=100`);
      expect(outputText(section)).to.match(/^Estimated payment \$[\d,]+\/mo With 100% down/);
      const parts = all(section, 'div', (div) => div.parent?.tag === 'dl').map((row) => squeeze(text(row)));
      expect(parts[0]).to.equal('Principal and interest$0');
    });

    it('says next to each field what it ignored, and figures with the advertised value instead (never a 5xx)', async () => {
      const section = await shownEstimate(server, '/floor-plans/sweetwater-ii?down=abc&rate=99&term=7');
      expect(squeeze(text(byId(section, 'payment-down-problem')))).to.equal(
        'Ignored “abc”: enter a down payment from 0 to 100 percent of the price. This estimate uses 20%.',
      );
      expect(squeeze(text(byId(section, 'payment-rate-problem')))).to.equal(
        'Ignored “99”: enter an interest rate from 0 to 25 percent. This estimate uses 6%.',
      );
      expect(squeeze(text(byId(section, 'payment-term-problem')))).to.equal(
        'Ignored “7”: choose a term of 10, 15, 20 or 30 years. This estimate uses 30 years.',
      );
      const down = one(section, 'input', (input) => input.attrs.name === 'down');
      expect(down.attrs['aria-invalid']).to.equal('true');
      expect(down.attrs['aria-describedby']).to.equal('payment-down-problem');
      expect(outputText(section)).to.include('Estimated payment $3,511/mo');
    });

    it('answers 200 for any value: repeated, huge, negative, empty, encoded junk', async () => {
      for (const query of [
        'down=5&down=6',
        `rate=${'9'.repeat(5000)}`,
        'down=-1',
        'term=',
        'rate=%00%ff',
        'down=1e999',
        'term=30.0',
        'down[]=5',
      ]) {
        const { status, html } = await get(`${server.url}/floor-plans/sweetwater-ii?${query}`);
        expect(status, query).to.equal(200);
        expect(html, query).to.include('Estimated payment');
      }
      const repeated = await shownEstimate(server, '/floor-plans/sweetwater-ii?down=5&down=6');
      expect(squeeze(text(byId(repeated, 'payment-down-problem')))).to.equal(
        'Ignored: the address gives this more than once. This estimate uses 20%.',
      );
    });
  });

  describe('the markup', () => {
    it('is valid HTML (Nu checker) on a plan page, a homesite page and a page with ignored values', async function () {
      this.timeout(120_000);
      skipWithoutJava(this);
      const paths = [
        '/floor-plans/sweetwater-ii',
        `/homesites/${quickMoveIn.lot}?down=10&rate=5.5&term=15`,
        '/floor-plans/sweetwater-ii?down=abc&rate=99&term=7',
      ];
      const documents = await Promise.all(
        paths.map(async (path) => ({ label: path, html: (await get(`${server.url}${path}`)).html })),
      );
      expect(await nuErrors(documents)).to.deep.equal([]);
    });
  });

  describe('the page cache', () => {
    it('stores the page without the buyer’s numbers once, and answers their numbers fresh, storing none', async () => {
      const cache = server.site.pageCache;
      cache.clear();
      // The cache learns the shared revision the publish above raised (else its next poll, up to 2 s after that
      // publish, would clear it in the middle of this test, as it did on a loaded machine).
      await cache.checkRevision();
      await get(`${server.url}/floor-plans/sweetwater-ii`);
      const stored = cache.get('/floor-plans/sweetwater-ii');
      expect(stored).to.not.equal(undefined);
      const mark = '<!-- stored page -->';
      cache.set('/floor-plans/sweetwater-ii', `${stored!.html}${mark}`);
      const sizeBefore = cache.size;

      // Campaign parameters are not the estimate's: the stored page answers them.
      expect((await get(`${server.url}/floor-plans/sweetwater-ii?utm_source=mail`)).html).to.include(mark);

      for (let down = 1; down <= 20; down += 1) {
        const { html } = await get(`${server.url}/floor-plans/sweetwater-ii?utm_source=mail&down=${down}`);
        expect(html, `down=${down}`).to.not.include(mark);
        expect(html).to.include(`With ${down}% down`);
      }
      const { html } = await get(`${server.url}/homesites/${quickMoveIn.lot}?rate=0`);
      expect(html).to.include('at 0% interest');
      expect(cache.size, 'no page stored for a buyer’s numbers').to.equal(sizeBefore);
      expect(cache.get(`/floor-plans/sweetwater-ii?down=1`)).to.equal(undefined);
    });
  });

  describe('a part left empty', () => {
    it('is left out of the payment and named as not included', async () => {
      const { publish } = await saveAndPublish(server.url, staff, 'financing', (data) => ({
        ...data,
        propertyTaxPercent: null,
        hoaMonthly: null,
      }));
      expect(publish?.status).to.equal(200);
      const section = await shownEstimate(server, '/floor-plans/sweetwater-ii');
      // $2,781.43 + $100.
      expect(outputText(section)).to.include('Estimated payment $2,881/mo');
      const parts = all(section, 'dt').map((term) => squeeze(text(term)));
      expect(parts).to.deep.equal(['Principal and interest', 'Homeowner’s insurance']);
      expect(squeeze(text(section))).to.include('Not included: property taxes and HOA dues.');
    });
  });

  describe('clearing the assumptions', () => {
    it('takes the estimate off every page again', async () => {
      const { publish } = await saveAndPublish(server.url, staff, 'financing', (data) => ({
        ...data,
        ratePercent: null,
        aprPercent: null,
        termYears: null,
        downPaymentPercent: null,
      }));
      expect(publish?.status).to.equal(200);
      expect(await estimateOf(server, '/floor-plans/sweetwater-ii')).to.equal(undefined);
      expect(await estimateOf(server, `/homesites/${quickMoveIn.lot}`)).to.equal(undefined);
    });
  });
});
