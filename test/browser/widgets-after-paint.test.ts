import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { ASSET_MANIFEST } from '../../src/render/build-paths.js';
import type { AssetManifest } from '../../src/render/asset-manifest.js';
import { bootDynamicImports, holdHydration } from './hold-hydration.js';
import { reusedPage } from './reused-page.js';
import { openPage, useBrowserSuite, waitForHydration, WIDTHS } from './support.js';

/**
 * The widgets' code (React first) loads only once the page has painted its largest image: the page is complete
 * without it, and a phone that ran it before that paint would show the photo later (Lighthouse counts every script
 * that ran before the largest paint into its LCP). The server-rendered first slide stays the same element through
 * hydration, so hydrating never paints the photo again.
 */
const HERO_IMAGE = '.hero-cover img';

/**
 * Keeps the hero photo unpainted from the first frame on (a constructed stylesheet: the CSP refuses inline styles),
 * so the page's load event comes long before its largest paint.
 */
async function hideHeroPhoto(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.hero-cover img { visibility: hidden; }');
    document.adoptedStyleSheets = [sheet];
  });
}

/** Resolves once the page has rendered two more frames: whatever its load event set off has started. */
async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/** When the hero photo was painted as the page's largest contentful paint, and when the widget code was requested. */
async function paintAndRequestTimes(page: Page, urls: string[]): Promise<{ painted?: number; requested?: number }> {
  return page.evaluate(
    ({ selector, urls }) =>
      new Promise<{ painted?: number; requested?: number }>((resolve) => {
        const image = document.querySelector(selector);
        const requested = performance
          .getEntriesByType('resource')
          .find((entry) => urls.some((url) => new URL(entry.name).pathname === url))?.startTime;
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const entry = list
            .getEntries()
            .find((candidate) => (candidate as PerformanceEntry & { element: Element | null }).element === image);
          resolve({ painted: entry?.startTime, requested });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
    { selector: HERO_IMAGE, urls },
  );
}

describe('Widget code after the first paint', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();
  // The tests that hold hydration back share a page (a new one starts a Chromium renderer); the first test hides the
  // photo with an init script, which stays with its page, so it takes a page of its own.
  const tab = reusedPage(suite);

  for (const width of WIDTHS) {
    it(`requests no widget code on / until the hero photo is painted, long after the load event (${width}px)`, async () => {
      const { page, context, problems } = await openPage(suite, { width });
      await hideHeroPhoto(page);
      await page.goto('/');
      await twoFrames(page);
      await page.evaluate(() => (document.adoptedStyleSheets = []));
      await waitForHydration(page, 'HomeCarousel');

      const { painted, requested } = await paintAndRequestTimes(page, bootDynamicImports());
      expect(painted, 'the hero photo is the largest contentful paint').to.be.a('number');
      expect(requested, 'the widget code was requested').to.be.a('number');
      expect(requested, 'widget code requested after the photo was painted').to.be.at.least(painted!);
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it(`paints / with the site stylesheet alone; the slideshow's is linked once the carousel runs (${width}px)`, async () => {
      const manifest = JSON.parse(readFileSync(ASSET_MANIFEST, 'utf8')) as AssetManifest;
      const slideshow = manifest.lazyCss.HeroSlideshow;
      let hold: Awaited<ReturnType<typeof holdHydration>> | undefined;
      const { page, problems } = await tab.visit('/', {
        width,
        prepare: async (page) => (hold = await holdHydration(page)),
      });
      const stylesheets = () =>
        page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(await stylesheets(), 'linked by the HTML').to.deep.equal([manifest.siteCss]);
      hold!.release();
      await waitForHydration(page, 'HomeCarousel');
      await page.locator('.hero-dot').first().waitFor();
      expect(await stylesheets(), 'once the carousel runs').to.deep.equal([manifest.siteCss, slideshow]);
      // Styled from its first frame: the dots are the slideshow stylesheet's round 24 px targets.
      expect(
        await page
          .locator('.hero-dot')
          .first()
          .evaluate((dot) => getComputedStyle(dot).width),
      ).to.equal('24px');
      expect(problems).to.deep.equal([]);
    });

    it(`keeps the server-rendered hero photo, the very same element, through hydration (${width}px)`, async () => {
      let hold: Awaited<ReturnType<typeof holdHydration>> | undefined;
      const { page, problems } = await tab.visit('/', {
        width,
        prepare: async (page) => (hold = await holdHydration(page)),
      });
      const before = await page.locator(HERO_IMAGE).elementHandle();
      hold!.release();
      await waitForHydration(page, 'HomeCarousel');
      expect(
        await before!.evaluate(
          (image, selector) => image.isConnected && document.querySelector(selector) === image,
          HERO_IMAGE,
        ),
        'the same <img> node is still in the page',
      ).to.equal(true);
      // The carousel's own copies of the slides stay unpainted under it until the slideshow first moves.
      expect(
        await page.locator('.hero-slides .slider-wrapper').evaluate((wrapper) => getComputedStyle(wrapper).visibility),
      ).to.equal('hidden');
      expect(problems).to.deep.equal([]);
    });
  }
});
