import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { saveAndPublish } from '../support/content-api.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { PHONE_WIDTH, screenshot, useBrowserSuite, waitForHydration, waitUntil, WIDTHS } from './support.js';

/**
 * The monthly payment estimate in a real browser (contract, wave 4): live as the buyer types, the address kept in
 * step, the plain form without JavaScript, and axe (WCAG 2.1 A and AA) on the page at both widths.
 * `TEST_SCREENSHOTS=1` saves what a person should look at into /tmp/widget-shots.
 */

const PLAN = '/floor-plans/sweetwater-ii';
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

const result = (page: Page) => page.locator('#payment output');
const resultText = async (page: Page) => ((await result(page).textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Brings the estimate near the screen (it hydrates then) and waits for the widget to run. */
async function liveEstimate(page: Page): Promise<void> {
  await page.locator('#payment').scrollIntoViewIfNeeded();
  await waitForHydration(page, 'PaymentCalculator');
}

describe('Monthly payment estimate (browser)', function () {
  this.timeout(90_000);
  const suite = useBrowserSuite(STAFF_ENV);
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });
  before(async () => {
    const staff = await signIn(suite.server.url);
    const { publish } = await saveAndPublish(suite.server.url, staff, 'financing', (data) => ({
      ...data,
      ...FINANCING,
    }));
    expect(publish?.status).to.equal(200);
  });

  it('updates live at 375 px as the buyer changes the down payment, rate and term, keeping the address', async () => {
    const { page, problems } = await withScript.visit(PLAN, { width: PHONE_WIDTH });
    await liveEstimate(page);
    expect(await resultText(page)).to.include('Estimated payment $3,511/mo');
    expect(await result(page).getAttribute('aria-live')).to.equal('polite');

    await page.getByLabel('Down payment (%)').fill('10');
    await page.getByLabel('Interest rate (%)').fill('5');
    await page.getByLabel('Term (years)').selectOption('15');
    const text = await waitUntil(
      () => resultText(page),
      (value) => value.includes('$4,857/mo'),
      5_000,
      'the estimate at 10% down, 5%, 15 years',
    );
    expect(text).to.include('With 10% down ($57,990), a 15-year fixed-rate loan of $521,910, 180 monthly payments');
    expect(await page.locator('#payment').textContent()).to.include('Advertised terms: 20% down, 30 years');
    const url = new URL(page.url());
    expect([url.searchParams.get('down'), url.searchParams.get('rate'), url.searchParams.get('term')]).to.deep.equal([
      '10',
      '5',
      '15',
    ]);
    await screenshot(page.locator('#payment'), 'payment-375-live');

    await page.getByLabel('Down payment (%)').fill('abc');
    const problem = page.locator('#payment-down-problem');
    await problem.waitFor();
    expect(await problem.textContent()).to.equal(
      'Ignored “abc”: enter a down payment from 0 to 100 percent of the price. This estimate uses 20%.',
    );
    expect(await page.getByLabel('Down payment (%)').getAttribute('aria-invalid')).to.equal('true');
    expect(await resultText(page)).to.include('With 20% down');
    await screenshot(page, 'payment-375-ignored', { fullPage: true });
    expect(await axeViolations(page)).to.deep.equal([]);

    // Enter in a field sends nothing once live: the estimate is already figured.
    await page.getByLabel('Down payment (%)').fill('25');
    await page.getByLabel('Down payment (%)').press('Enter');
    await waitUntil(
      () => resultText(page),
      (value) => value.includes('With 25% down'),
      5_000,
      '25% down',
    );
    expect(new URL(page.url()).pathname).to.equal(PLAN);
    expect(problems).to.deep.equal([]);
  });

  for (const width of WIDTHS) {
    it(`has no axe violations on a plan page and a homesite page at ${width} px`, async () => {
      const { page, problems } = await withScript.visit(PLAN, { width });
      await liveEstimate(page);
      expect(await axeViolations(page)).to.deep.equal([]);
      await screenshot(page, `payment-${width}-plan`, { fullPage: true });
      const homesites = (await (await fetch(`${suite.server.url}/api/homesites?status=quick-move-in`)).json()) as {
        _embedded: { homesites: { lot: number; price: number | null }[] };
      };
      const lot = homesites._embedded.homesites.find((homesite) => homesite.price !== null)!.lot;
      await withScript.visit(`/homesites/${lot}`, { width });
      await liveEstimate(page);
      expect(await resultText(page)).to.match(/^Estimated payment \$[\d,]+\/mo With 20% down/);
      expect(await axeViolations(page)).to.deep.equal([]);
      await screenshot(page, `payment-${width}-homesite`, { fullPage: true });
      expect(problems).to.deep.equal([]);
    });
  }

  it('recalculates with the plain form without JavaScript at 375 px, back at the estimate', async () => {
    const { page } = await withoutScript.visit(PLAN, { width: PHONE_WIDTH });
    await page.getByLabel('Down payment (%)').fill('10');
    await page.getByLabel('Interest rate (%)').fill('5');
    await page.getByLabel('Term (years)').selectOption('15');
    await Promise.all([page.waitForURL(/down=10/), page.getByRole('button', { name: 'Recalculate' }).click()]);
    const url = new URL(page.url());
    expect(url.search).to.equal('?down=10&rate=5&term=15');
    expect(url.hash).to.equal('#payment');
    expect(await resultText(page)).to.include('Estimated payment $4,857/mo');
    // (axe runs inside the page, which a context without JavaScript does not allow: the same markup is checked live.)
    await screenshot(page, 'payment-375-no-script');
  });
});
