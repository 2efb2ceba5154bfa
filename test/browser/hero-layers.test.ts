import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { reusedPage } from './reused-page.js';
import { useBrowserSuite, WIDTHS } from './support.js';

/** What a person sees first: the title, tagline, dots and pause button painted above the photos. */
async function topmostAt(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit) || hit.contains(element));
  });
}

/**
 * The overlay lets clicks through (pointer-events: none); for hit-testing what is painted on top, let it be hit.
 * (Set through the CSSOM: the CSP refuses inline style elements.)
 */
async function letOverlayBeHit(page: Page): Promise<void> {
  await page.locator('.hero-overlay').evaluate((element) => {
    (element as HTMLElement).style.pointerEvents = 'auto';
  });
}

describe('Home hero layers', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();
  // One page with JavaScript and one without, each test loading the home page afresh.
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });

  for (const width of WIDTHS) {
    it(`shows the title and tagline above the first slide, before and after hydration, at ${width}px`, async () => {
      const plain = await withoutScript.visit('/', { width });
      await letOverlayBeHit(plain.page);
      expect(await topmostAt(plain.page, '.hero-title'), 'title without JavaScript').to.equal(true);
      expect(await topmostAt(plain.page, '.hero-tagline'), 'tagline without JavaScript').to.equal(true);

      const live = await withScript.visit('/', { width, widget: 'HomeCarousel' });
      await letOverlayBeHit(live.page);
      expect(await topmostAt(live.page, '.hero-title'), 'title after hydration').to.equal(true);
      expect(await topmostAt(live.page, '.hero-tagline'), 'tagline after hydration').to.equal(true);
    });

    it(`keeps the slide dots and the pause button clickable above everything at ${width}px`, async () => {
      const live = await withScript.visit('/', { width, widget: 'HomeCarousel' });
      expect(await topmostAt(live.page, '.hero-toggle'), 'pause button').to.equal(true);
      expect(await topmostAt(live.page, '.hero-dot >> nth=1'), 'second dot').to.equal(true);
    });
  }
});
