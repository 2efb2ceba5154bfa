import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { useBrowserSuite, waitUntil, type BrowserSuite } from './support.js';

/**
 * The home hero fills the screen's width: a laptop at DPR 2 gets a file as wide as its screen's device pixels
 * (2,560 at 1,280 px), while a phone, which shows a third of the cover-fit photo, keeps a file no wider than
 * 1,600 px; the preload that applies names the same srcset and sizes as the <source> the browser uses, so the
 * photo is fetched once.
 */
const SCREENS = [
  { width: 1280, height: 800, dpr: 2, widest: Infinity, atLeast: 2560 },
  { width: 1920, height: 1080, dpr: 2, widest: Infinity, atLeast: 3840 },
  { width: 375, height: 812, dpr: 2, widest: 1600, atLeast: 1 },
  { width: 375, height: 812, dpr: 3, widest: 1600, atLeast: 1 },
] as const;

/** The width a variant's name carries: /img/carousel/carousel-1-2560.0123456789.avif → 2560. */
function variantWidth(url: string): number {
  const width = /-(\d+)\.[0-9a-f]+\.\w+$/.exec(new URL(url).pathname)?.[1];
  if (!width) throw new Error(`${url} is not an image variant`);
  return Number(width);
}

async function openHome(suite: BrowserSuite, screen: (typeof SCREENS)[number]) {
  const context = await suite.browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.dpr,
    baseURL: suite.server.url,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  return { page, context, requests };
}

/** The hero's chosen file, once loaded, and the preload and the <source> that apply at this screen. */
async function heroChoice(page: Page) {
  const img = page.locator('.hero-cover img');
  await waitUntil(
    () => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
    Boolean,
    15_000,
    'the hero photo',
  );
  // No named helpers inside: tsx's keepNames would wrap them in a __name() the page does not have.
  return img.evaluate((element: HTMLImageElement) => {
    const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].filter(
      (link) => !link.media || matchMedia(link.media).matches,
    );
    const source = [...element.parentElement!.querySelectorAll('source')].find(
      (candidate) => candidate.type === 'image/avif' && (!candidate.media || matchMedia(candidate.media).matches),
    );
    return {
      currentSrc: element.currentSrc,
      preloads: preloads.map((link) => ({ srcset: link.getAttribute('imagesrcset'), sizes: link.imageSizes })),
      source: source ? { srcset: source.getAttribute('srcset'), sizes: source.sizes } : null,
    };
  });
}

describe('Home hero photo at the pixel density of the screen', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();

  for (const screen of SCREENS) {
    const wanted =
      screen.widest === Infinity ? `at least ${screen.atLeast} px wide` : `no wider than ${screen.widest} px`;
    it(`chooses a file ${wanted} at ${screen.width} px, DPR ${screen.dpr}, preloaded once`, async () => {
      const { page, context, requests } = await openHome(suite, screen);
      try {
        const choice = await heroChoice(page);
        const width = variantWidth(choice.currentSrc);
        expect(width, choice.currentSrc).to.be.at.least(screen.atLeast).and.at.most(screen.widest);
        expect(choice.preloads, 'exactly one preload applies').to.have.length(1);
        expect(choice.preloads[0]).to.deep.equal(choice.source);
        const family = choice.currentSrc.replace(/-\d+\.([0-9a-f]+)\.\w+$/, '-');
        expect(requests.filter((url) => url.startsWith(family))).to.deep.equal([choice.currentSrc]);
      } finally {
        await context.close();
      }
    });
  }
});
