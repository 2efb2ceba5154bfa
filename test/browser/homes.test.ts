import { expect } from 'chai';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, WIDTHS } from './support.js';

/**
 * "Find your home" in a browser without JavaScript, at a phone's width and a laptop's: a buyer filters with the
 * plain GET form, sees the count change, opens a result and comes back; axe finds nothing on the page as loaded,
 * with nothing matching, and with a problem shown beside its field.
 */
describe('Find your home (/homes) in a browser', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();
  // One page with JavaScript and one without for every test: a new one starts a Chromium renderer.
  const tab = reusedPage(suite);
  const tabWithoutScript = reusedPage(suite, { javaScriptEnabled: false });

  for (const width of WIDTHS) {
    describe(`at ${width} px`, () => {
      it('without JavaScript, finds a 4-bedroom home under a price with the form, opens it, and comes back to the same search', async () => {
        const { page, problems } = await tabWithoutScript.visit('/homes', { width });
        expect(await page.locator('#homes-count').textContent()).to.match(/10 homes match/);
        await screenshot(page, `homes-${width}`, { fullPage: true });
        await page.locator('#homes-beds').selectOption('4');
        await page.locator('#homes-max-price').selectOption('625000');
        await page.getByRole('button', { name: 'Show homes' }).click();
        await page.waitForURL(/beds=4/);
        expect(new URL(page.url()).searchParams.get('maxPrice')).to.equal('625000');
        expect(await page.locator('#homes-count').textContent()).to.match(/3 homes match/);
        expect(await page.locator('#homes-beds').inputValue()).to.equal('4');
        expect(await page.locator('.homes-place-list li li').count()).to.equal(3);
        await screenshot(page, `homes-filtered-${width}`, { fullPage: true });
        const first = page.locator('.homes-card a').first();
        const href = await first.getAttribute('href');
        await first.click();
        await page.waitForURL((url) => url.pathname === href);
        await page.goBack();
        expect(await page.locator('#homes-count').textContent()).to.match(/3 homes match/);
        expect(problems).to.deep.equal([]);
      });

      it('with JavaScript, shows the matches on a map: a pin per place with its count, following the filters', async () => {
        const { page, problems } = await tab.visit('/homes', { width });
        const map = page.locator('.homes-map');
        await map.scrollIntoViewIfNeeded();
        const pin = map.locator('.map-marker');
        await pin.waitFor();
        expect(await pin.count()).to.equal(1);
        expect(await pin.getAttribute('title')).to.equal('Maple Hollow, Windsor: 10 homes');
        expect((await map.boundingBox())?.height).to.equal(320);
        await pin.click();
        const popup = map.locator('.leaflet-popup-content');
        await popup.waitFor();
        expect(await popup.locator('li a').count()).to.equal(5);
        expect(await popup.locator('.homes-map-more a').textContent()).to.equal('and 5 homes more, in the list below');
        // Leaflet fades a popup in and pans the map to it: the screenshot waits for both to end.
        await page
          .locator('.homes-map .leaflet-popup')
          .evaluate((element) =>
            Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
          );
        await page.locator('.homes-map .leaflet-map-pane:not(.leaflet-pan-anim)').waitFor({ state: 'attached' });
        await screenshot(page, `homes-map-${width}`);
        await page.goto('/homes?beds=4&maxPrice=625000');
        await map.scrollIntoViewIfNeeded();
        await pin.waitFor();
        expect(await pin.getAttribute('title')).to.equal('Maple Hollow, Windsor: 3 homes');
        await page.goto('/homes?beds=4&maxPrice=560000');
        expect(await page.locator('.homes-places').isHidden(), 'no map without matches').to.equal(true);
        expect(problems).to.deep.equal([]);
      });

      it('has no axe violations as loaded, with nothing matching, and with a problem beside its field', async () => {
        const found: string[] = [];
        for (const query of ['', '?beds=4&maxPrice=560000', '?beds=lots&bedrooms=2&sort=price']) {
          const { page } = await tab.visit(`/homes${query}`, { width });
          if (query === '') {
            await page.locator('.homes-map').scrollIntoViewIfNeeded();
            await page.locator('.homes-map .map-marker').waitFor();
          }
          found.push(...(await axeViolations(page)));
        }
        const { page } = await tab.at(width);
        await screenshot(page, `homes-problems-${width}`, { fullPage: true });
        await page.goto('/homes?beds=4&maxPrice=560000');
        await screenshot(page, `homes-none-${width}`, { fullPage: true });
        expect(found).to.deep.equal([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no sideways scrolling').to.be.at.most(0);
      });
    });
  }
});
