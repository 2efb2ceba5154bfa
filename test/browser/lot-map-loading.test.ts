import { expect } from 'chai';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { reusedPage } from './reused-page.js';
import { isNearViewport, useBrowserSuite, waitForHydration } from './support.js';

/** The lot map's code waits until the map nears the viewport; its card leads to a tour of that homesite. */
describe('Lot map loading and its card (browser)', function () {
  this.timeout(90_000);
  const suite = useBrowserSuite();
  // One page for the file, each test loading /site-plan afresh.
  const tab = reusedPage(suite);

  it('fetches no LotMap code while the map is far below the fold, and hydrates it once scrolled near', async () => {
    // A short window: the page heading alone fills it and the 200 px margin below it. A script served from the
    // browser's cache is reported as a request too.
    const scripts: string[] = [];
    const recordScript = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(path.basename(new URL(request.url()).pathname));
    };
    const page = await tab.visit('/site-plan', {
      width: 375,
      height: 80,
      prepare: async (page) => page.on('request', recordScript),
    });
    expect(await isNearViewport(page.page, '[data-widget="LotMap"]'), 'map near at load').to.equal(false);
    await page.page.waitForLoadState('networkidle');
    expect(
      scripts.some((name) => name.startsWith('LotMap-')),
      'LotMap code before scrolling',
    ).to.equal(false);
    await page.page.locator('[data-widget="LotMap"]').scrollIntoViewIfNeeded();
    await waitForHydration(page.page, 'LotMap');
    expect(
      scripts.some((name) => name.startsWith('LotMap-')),
      'LotMap code once near',
    ).to.equal(true);
    page.page.off('request', recordScript);
  });

  for (const width of [375, 1280]) {
    it(`offers "Schedule a tour" of the homesite on a lot's card, at ${width} px`, async () => {
      const page = await tab.visit('/site-plan', { width, widget: 'LotMap' });
      await page.page.locator('.lot-map-overlay [data-lot="24"]').click();
      const link = page.page.locator('.lot-card').getByRole('link', { name: 'Schedule a tour' });
      expect(await link.getAttribute('href')).to.equal('/tours?homesite=24');
      await Promise.all([page.page.waitForURL(/\/tours\?homesite=24$/), link.click()]);
      expect(await page.page.locator('h1').innerText()).to.equal('Schedule a tour');
    });
  }
});
