import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { nuErrors, skipWithoutJava } from '../support/nu-checker.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, WIDTHS } from './support.js';

interface JsonSearch {
  total: number;
}

/** The homes the map's markers stand for, pins and clusters together ("Name: 3 homes", "2 places, 9 homes: zoom in"). */
async function homesOnMap(page: Page): Promise<number> {
  const titles = await page
    .locator('.homes-map .map-marker')
    .evaluateAll((markers) => markers.map((marker) => marker.getAttribute('title') ?? ''));
  return titles.reduce((sum, title) => sum + Number(/([\d,]+) homes?\b/.exec(title)?.[1]?.replace(',', '') ?? 0), 0);
}

/** Waits until the map's markers stand for `total` homes (they are drawn again after each search). */
async function waitForHomesOnMap(page: Page, total: number): Promise<void> {
  await page.waitForFunction((expected) => {
    const titles = [...document.querySelectorAll('.homes-map .map-marker')].map((marker) =>
      marker.getAttribute('title'),
    );
    const sum = titles.reduce(
      (acc, title) => acc + Number(/([\d,]+) homes?\b/.exec(title ?? '')?.[1]?.replace(',', '') ?? 0),
      0,
    );
    return sum === expected;
  }, total);
}

const countText = (total: number) => new RegExp(`^${total.toLocaleString('en-US')} homes? match`);

/**
 * The live "Find your home" on the three-community demo: with JavaScript the results, counts, pins and address
 * follow the filters without loading a page, the back button walks through the searches, and a result opened and
 * left comes back as it was; without JavaScript the same search works with the form. axe and the Nu checker find
 * nothing on the page, before and after a live search.
 */
describe('Find your home, live (/homes, three communities)', function () {
  this.timeout(90_000);
  const suite = useBrowserSuite({ SAMPLE_COMMUNITIES: '3' });
  // One page with JavaScript and one without for every test: a new one starts a Chromium renderer.
  const tab = reusedPage(suite);
  const tabWithoutScript = reusedPage(suite, { javaScriptEnabled: false });

  async function json(query: string): Promise<JsonSearch> {
    const response = await fetch(`${suite.server.url}/homes.json${query}`);
    expect(response.status, query).to.equal(200);
    return (await response.json()) as JsonSearch;
  }

  /** A highest price that leaves fewer 4-bedroom matches than none does, but some. */
  async function priceLimit(page: Page): Promise<{ maxPrice: string; total: number; bedsTotal: number }> {
    const bedsTotal = (await json('?beds=4')).total;
    const values = await page
      .locator('#homes-max-price option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    for (const maxPrice of values) {
      const { total } = await json(`?beds=4&maxPrice=${maxPrice}`);
      if (total > 0 && total < bedsTotal) return { maxPrice, total, bedsTotal };
    }
    throw new Error('no price limit narrows the 4-bedroom search');
  }

  for (const width of WIDTHS) {
    describe(`at ${width} px`, () => {
      it('with JavaScript, updates the count, the pins and the address as filters change, without loading a page', async () => {
        const { page, problems } = await tab.visit('/homes', { width });
        let loads = 1;
        const countLoad = () => (loads += 1);
        page.on('load', countLoad);
        await page.locator('form[data-live-search][data-hydrated]').waitFor({ state: 'attached' });
        await page.evaluate(() => Object.assign(window, { sameDocument: 'yes' }));
        const all = (await json('')).total;
        expect(await page.locator('#homes-count').textContent()).to.match(countText(all));
        await page.locator('.homes-map').scrollIntoViewIfNeeded();
        await page.locator('.homes-map .map-marker').first().waitFor();
        expect(await homesOnMap(page), 'every match on the map, all pages').to.equal(all);

        // Bedrooms: 4 or more.
        const { maxPrice, total, bedsTotal } = await priceLimit(page);
        await page.locator('#homes-beds').focus();
        await page.locator('#homes-beds').selectOption('4');
        await page
          .locator('#homes-count')
          .filter({ hasText: countText(bedsTotal) })
          .waitFor();
        expect(new URL(page.url()).search).to.equal('?beds=4&sort=moveIn');
        expect(await page.evaluate(() => document.activeElement?.id), 'focus stays in the filter').to.equal(
          'homes-beds',
        );
        await page
          .locator('#homes-status')
          .filter({ hasText: countText(bedsTotal) })
          .waitFor();
        await waitForHomesOnMap(page, bedsTotal);

        // And a highest price.
        await page.locator('#homes-max-price').focus();
        await page.locator('#homes-max-price').selectOption(maxPrice);
        await page
          .locator('#homes-count')
          .filter({ hasText: countText(total) })
          .waitFor();
        expect(await page.evaluate(() => document.activeElement?.id)).to.equal('homes-max-price');
        expect(new URL(page.url()).searchParams.get('maxPrice')).to.equal(maxPrice);
        expect(new URL(page.url()).searchParams.get('beds')).to.equal('4');
        await waitForHomesOnMap(page, total);
        expect(await page.locator('.homes-card').count()).to.equal(Math.min(total, 12));
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: string }).sameDocument)).to.equal(
          'yes',
        );
        expect(loads, 'no page load after the first').to.equal(1);
        await screenshot(page, `homes-live-filtered-${width}`, { fullPage: true });

        // Back: the search before (4 bedrooms, any price), in the same document; forward again.
        await page.goBack();
        await page
          .locator('#homes-count')
          .filter({ hasText: countText(bedsTotal) })
          .waitFor();
        expect(await page.locator('#homes-max-price').inputValue()).to.equal('');
        expect(await page.locator('#homes-beds').inputValue()).to.equal('4');
        await waitForHomesOnMap(page, bedsTotal);
        await page.goBack();
        await page
          .locator('#homes-count')
          .filter({ hasText: countText(all) })
          .waitFor();
        expect(await page.locator('#homes-beds').inputValue()).to.equal('');
        await page.goForward();
        await page.goForward();
        await page
          .locator('#homes-count')
          .filter({ hasText: countText(total) })
          .waitFor();
        expect(await page.locator('#homes-max-price').inputValue()).to.equal(maxPrice);
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: string }).sameDocument)).to.equal(
          'yes',
        );
        expect(loads).to.equal(1);

        // Open a result and come back: the same filters and results.
        const first = page.locator('.homes-card a').first();
        const href = await first.getAttribute('href');
        await first.click();
        await page.waitForURL((url) => url.pathname === href);
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/homes');
        expect(new URL(page.url()).searchParams.get('maxPrice')).to.equal(maxPrice);
        expect(await page.locator('#homes-count').textContent()).to.match(countText(total));
        expect(await page.locator('#homes-beds').inputValue()).to.equal('4');
        expect(await page.locator('#homes-max-price').inputValue()).to.equal(maxPrice);
        expect(problems).to.deep.equal([]);
        page.off('load', countLoad);
      });

      it('with JavaScript, a filter chosen before the live search has loaded is searched once it runs', async () => {
        let release = () => undefined as void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const { page, problems } = await tab.visit('/homes', {
          width,
          waitUntil: 'domcontentloaded',
          prepare: (page) =>
            page.route('**/assets/homes-live-*.js', async (route) => {
              await released;
              await route.continue();
            }),
        });
        const bedsTotal = (await json('?beds=4')).total;
        await page.locator('#homes-beds').focus();
        await page.locator('#homes-beds').selectOption('4');
        expect(await page.locator('form[data-hydrated]').count(), 'the live search has not run yet').to.equal(0);
        release();
        await page
          .locator('#homes-count')
          .filter({ hasText: countText(bedsTotal) })
          .waitFor();
        expect(new URL(page.url()).searchParams.get('beds')).to.equal('4');
        expect(await page.locator('#homes-beds').inputValue()).to.equal('4');
        expect(await page.evaluate(() => document.activeElement?.id)).to.equal('homes-beds');
        expect(problems).to.deep.equal([]);
      });

      it('with JavaScript, a slower earlier search never replaces a newer one', async () => {
        const { page } = await tab.visit('/homes', { width });
        await page.locator('form[data-live-search][data-hydrated]').waitFor({ state: 'attached' });
        let release = () => undefined as void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let held: Promise<unknown> | undefined;
        await page.route(
          (url) => url.pathname === '/homes' && url.searchParams.get('beds') === '4',
          (route) => {
            held = released.then(() => route.continue()).catch(() => undefined);
            return held;
          },
        );
        const threeTotal = (await json('?beds=3')).total;
        await page.locator('#homes-beds').selectOption('4');
        await page.locator('#homes-beds').selectOption('3');
        // The address first: every home may have three bedrooms or more, so the count alone may not have changed yet.
        await page.waitForURL((url) => url.searchParams.get('beds') === '3');
        await page
          .locator('#homes-count')
          .filter({ hasText: countText(threeTotal) })
          .waitFor();
        release();
        await held;
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        expect(await page.locator('#homes-count').textContent()).to.match(countText(threeTotal));
        expect(new URL(page.url()).searchParams.get('beds')).to.equal('3');
      });

      it('with JavaScript, from nothing matching, the link that loosens a filter brings back the results and their map', async () => {
        const { page, problems } = await tab.visit('/homes?beds=6&maxPrice=300000', { width });
        await page.locator('form[data-live-search][data-hydrated]').waitFor({ state: 'attached' });
        expect(await page.locator('.homes-places').isHidden()).to.equal(true);
        const loosen = page.locator('.homes-loosen a');
        const href = (await loosen.getAttribute('href')) ?? '';
        const { total } = await json(new URL(href, suite.server.url).search);
        expect(total).to.be.above(0);
        await loosen.click();
        await page
          .locator('#homes-count')
          .filter({ hasText: countText(total) })
          .waitFor();
        expect(await page.evaluate(() => document.activeElement?.id)).to.equal('homes-count');
        expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal(href);
        expect(await page.locator('.homes-places').isVisible()).to.equal(true);
        await page.locator('.homes-map').scrollIntoViewIfNeeded();
        await waitForHomesOnMap(page, total);
        expect(problems).to.deep.equal([]);
      });

      it('with JavaScript, a page link shows the next page in place and moves focus to the results heading', async () => {
        const { page, problems } = await tab.visit('/homes', { width });
        await page.locator('form[data-live-search][data-hydrated]').waitFor({ state: 'attached' });
        await page.evaluate(() => Object.assign(window, { sameDocument: 'yes' }));
        await page.locator('.homes-pages a[rel="next"]').click();
        await page
          .locator('#homes-count')
          .filter({ hasText: /page 2 of/ })
          .waitFor();
        expect(new URL(page.url()).searchParams.get('page')).to.equal('2');
        expect(await page.evaluate(() => document.activeElement?.id)).to.equal('homes-count');
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: string }).sameDocument)).to.equal(
          'yes',
        );
        await page.goBack();
        await page
          .locator('#homes-count')
          .filter({ hasNotText: /page 2/ })
          .waitFor();
        expect(problems).to.deep.equal([]);
      });

      it('without JavaScript, the same search works with the form', async () => {
        const { page, problems } = await tabWithoutScript.visit('/homes', { width });
        const { maxPrice, total } = await priceLimit(page);
        await page.locator('#homes-beds').selectOption('4');
        await page.locator('#homes-max-price').selectOption(maxPrice);
        await page.getByRole('button', { name: 'Show homes' }).click();
        await page.waitForURL(/beds=4/);
        expect(await page.locator('#homes-count').textContent()).to.match(countText(total));
        expect(await page.locator('.homes-place-list li li').count()).to.equal(total);
        await screenshot(page, `homes-live-nojs-${width}`, { fullPage: true });
        expect(problems).to.deep.equal([]);
      });

      it('has no axe violations before and after a live search', async () => {
        const { page, problems } = await tab.visit('/homes', { width });
        await page.locator('form[data-live-search][data-hydrated]').waitFor({ state: 'attached' });
        const found = await axeViolations(page);
        await page.locator('#homes-beds').selectOption('4');
        await page.locator('#homes-city').selectOption({ index: 1 });
        await page.waitForURL(/city=/);
        await page.locator('#homes-count').waitFor();
        await page.locator('.homes-map').scrollIntoViewIfNeeded();
        await page.locator('.homes-map .map-marker').first().waitFor();
        found.push(...(await axeViolations(page)));
        await screenshot(page, `homes-live-after-${width}`, { fullPage: true });
        expect(found).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });
    });
  }

  it('passes the Nu checker on /homes, as loaded, filtered and with nothing matching', async function () {
    skipWithoutJava(this);
    const documents = [];
    for (const query of ['', '?beds=4', '?beds=6&maxPrice=300000']) {
      const response = await fetch(`${suite.server.url}/homes${query}`, { headers: { Accept: 'text/html' } });
      expect(response.status, query).to.equal(200);
      documents.push({ label: `/homes${query}`, html: await response.text() });
    }
    expect(await nuErrors(documents)).to.deep.equal([]);
  });
});

/**
 * Twelve communities, in three towns of Northern Colorado, three of the Front Range, three of Pikes Peak and two of
 * the Wasatch: the map opens on all of them, so the places of each area are drawn as one cluster with their homes'
 * count, which zooms in when clicked or when Enter is pressed on it.
 */
describe('Find your home, the map clusters places (twelve communities)', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite({ SAMPLE_COMMUNITIES: '12' });
  const tab = reusedPage(suite);

  for (const width of WIDTHS) {
    it(`at ${width} px, draws dense places as clusters that zoom in from the keyboard`, async () => {
      const { page, problems } = await tab.visit('/homes', { width });
      const response = await fetch(`${suite.server.url}/homes.json`);
      const { total } = (await response.json()) as JsonSearch;
      await page.locator('.homes-map').scrollIntoViewIfNeeded();
      const clusters = page.locator('.homes-map .map-cluster');
      await clusters.first().waitFor();
      expect(await homesOnMap(page), 'every match on the map, in pins and clusters').to.equal(total);
      const before = await page.locator('.homes-map .map-marker').count();
      await screenshot(page.locator('.homes-map'), `homes-live-clusters-${width}`);
      const cluster = clusters.first();
      const title = (await cluster.getAttribute('title')) ?? '';
      expect(title).to.match(/^\d+ places, [\d,]+ homes: zoom in$/);
      await cluster.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (count) => document.querySelectorAll('.homes-map .map-marker').length !== count,
        before,
      );
      expect(
        await page
          .locator('.homes-map .map-marker')
          .evaluateAll((markers) => markers.map((m) => m.getAttribute('title'))),
      ).to.not.include(title);
      await screenshot(page.locator('.homes-map'), `homes-live-cluster-opened-${width}`);
      expect(problems).to.deep.equal([]);
    });
  }
});
