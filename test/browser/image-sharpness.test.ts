import { expect } from 'chai';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { loadContent } from '../../src/content/index.js';
import { postImage, signIn, STAFF_ENV } from '../support/staff.js';
import { PUBLIC_PAGES } from './public-pages.js';
import { useBrowserSuite, waitForHydration, waitUntil, type BrowserSuite } from './support.js';

/**
 * Every photo is sharp at the size and device-pixel ratio it is shown: the file the browser chose (currentSrc)
 * has at least 0.9 × the pixels the image is drawn with (object-fit: cover draws an image wider or taller than
 * its box). When the source image itself is smaller than that, its largest variant is the best there is, and
 * that is what must be chosen. Phones are offered the hero's variants up to 1600 px only (a 375 × 585 phone hero
 * at DPR 3 would want 3120 px across): that is their largest candidate.
 * SVG logos are vectors, sharp at any size, and map tiles come from outside: both are left out.
 */
/**
 * A `sizes` that understates how wide an image is drawn shows at every density of a viewport, and most at the highest,
 * which asks for the most pixels: the phone is checked at DPR 3 (a DPR 2 pass made the same checks again, for a
 * quarter of the file's time).
 */
const SCREENS = [
  { width: 375, height: 812, dpr: 3 },
  { width: 1280, height: 800, dpr: 1 },
  { width: 1920, height: 1080, dpr: 1 },
] as const;
type Screen = (typeof SCREENS)[number] | { width: number; height: number; dpr: number };
const TOLERANCE = 0.9;

interface DrawnImage {
  name: string;
  /** Pixels of the file the browser chose. */
  file: { width: number; height: number };
  /** CSS pixels the image is drawn with (its box, or more under object-fit: cover). */
  drawn: { width: number; height: number };
  /** The widest candidate the browser could have chosen (the srcset of the <source> or <img> it used). */
  largestCandidate: number;
}

async function openScreen(suite: BrowserSuite, screen: Screen) {
  const context = await suite.browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.dpr,
    baseURL: suite.server.url,
    // The carousel holds still, so the server-rendered first slide stays the one on show.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  return { page, context, requests };
}

type ScreenView = Awaited<ReturnType<typeof openScreen>>;

/**
 * One browser context per screen, shared by that screen's checks: each check loads its page afresh and changes
 * nothing a later check reads (no server state; a new load starts the page over). A fresh context per page cost
 * about three times the CPU (a new renderer, a cold cache) and checked nothing more.
 */
function useScreen(suite: BrowserSuite, screen: Screen) {
  let view: ScreenView | undefined;
  let navigated = false;
  after(() => view?.context.close());
  return {
    /** The screen's page, loaded at `path`; `requests` holds this load's requests only. */
    async visit(path: string): Promise<ScreenView> {
      view ??= await openScreen(suite, screen);
      view.requests.length = 0;
      navigated = true;
      await view.page.goto(path);
      return view;
    },
    /** A page loaded at `path` with an empty cache: the screen's own page on its first load, else a new context. */
    async visitCold(path: string): Promise<ScreenView & { close: () => Promise<void> }> {
      if (!navigated) return { ...(await this.visit(path)), close: async () => {} };
      const cold = await openScreen(suite, screen);
      await cold.page.goto(path);
      return { ...cold, close: () => cold.context.close() };
    },
  };
}

/**
 * Scrolls down the page a screenful at a time, as a reader would, so lazy images load and `visible` widgets
 * hydrate (both reach beyond the viewport), and back to the top.
 */
async function readThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
}

/** The photos a visitor can see (or reach by scrolling), once each has loaded. */
async function drawnImages(page: Page): Promise<DrawnImage[]> {
  const pending = () =>
    page.evaluate(() =>
      [...document.images]
        .filter((img) => !img.classList.contains('leaflet-tile') && img.checkVisibility({ visibilityProperty: true }))
        // Vector images are sharp at any size and are not measured below: no need to wait for them.
        .filter((img) => !new URL(img.currentSrc || img.src, location.href).pathname.endsWith('.svg'))
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.width > 0 && box.right > 0 && box.left < window.innerWidth;
        })
        // A lazy image the scroll did not reach in time (a starved machine) has no current source yet: load it now,
        // which picks its source for the size it is laid out at, as reaching it would.
        .filter((img) => !img.complete || img.naturalWidth === 0 || !img.currentSrc)
        .map((img) => {
          img.loading = 'eager';
          return img.currentSrc || img.src;
        }),
    );
  await waitUntil(pending, (urls) => urls.length === 0, 15_000, 'every visible image to load');
  // No named helpers inside: tsx's keepNames would wrap them in a __name() the page does not have.
  return page.evaluate(async () => {
    const shown = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return (
        !img.classList.contains('leaflet-tile') &&
        img.checkVisibility({ visibilityProperty: true }) &&
        box.width > 0 &&
        box.right > 0 &&
        box.left < window.innerWidth
      );
    });
    const results = [];
    for (const img of shown) {
      const url = new URL(img.currentSrc || img.src, location.href);
      if (url.pathname.endsWith('.svg')) continue;
      // The file's own pixels (naturalWidth is divided by the density the srcset chose): load it alone.
      // Its load event is enough for naturalWidth; decode() can be refused on a starved machine for no fault of the file.
      const file = new Image();
      const loaded = new Promise((resolve) => {
        file.addEventListener('load', () => resolve(true), { once: true });
        file.addEventListener('error', () => resolve(false), { once: true });
      });
      file.src = img.currentSrc;
      if (!(await loaded)) throw new Error(`${img.currentSrc} could not be loaded`);
      const style = getComputedStyle(img);
      const box = img.getBoundingClientRect();
      const boxWidth =
        box.width -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        parseFloat(style.borderLeftWidth) -
        parseFloat(style.borderRightWidth);
      const boxHeight =
        box.height -
        parseFloat(style.paddingTop) -
        parseFloat(style.paddingBottom) -
        parseFloat(style.borderTopWidth) -
        parseFloat(style.borderBottomWidth);
      const fit = style.objectFit;
      const scale =
        fit === 'cover'
          ? Math.max(boxWidth / file.naturalWidth, boxHeight / file.naturalHeight)
          : fit === 'contain'
            ? Math.min(boxWidth / file.naturalWidth, boxHeight / file.naturalHeight)
            : Number.NaN;
      const drawn = Number.isNaN(scale)
        ? { width: boxWidth, height: boxHeight }
        : { width: file.naturalWidth * scale, height: file.naturalHeight * scale };
      const offered = [...(img.parentElement?.matches('picture') ? img.parentElement.children : [img])]
        .map((element) => element.getAttribute('srcset') ?? '')
        .find((srcset) =>
          srcset.split(',').some((entry) => new URL(entry.trim().split(' ')[0]!, location.href).href === url.href),
        );
      const widths = (offered ?? '').split(',').map((entry) => parseInt(entry.trim().split(' ')[1] ?? '', 10));
      results.push({
        name: `${img.alt || img.className || 'img'} (${url.pathname})`,
        file: { width: file.naturalWidth, height: file.naturalHeight },
        drawn,
        largestCandidate: offered ? Math.max(...widths) : 0,
      });
    }
    return results;
  });
}

/** What is blurry: an image drawn with more device pixels than its file has, though a bigger variant exists. */
function blurry(images: DrawnImage[], dpr: number): string[] {
  const problems: string[] = [];
  for (const image of images) {
    if (image.largestCandidate === 0) {
      problems.push(`${image.name} has no srcset: one size for every screen`);
      continue;
    }
    const neededWidth = Math.min(image.drawn.width * dpr * TOLERANCE, image.largestCandidate);
    const largestHeight = (image.largestCandidate * image.file.height) / image.file.width;
    const neededHeight = Math.min(image.drawn.height * dpr * TOLERANCE, largestHeight);
    if (image.file.width < Math.floor(neededWidth) || image.file.height < Math.floor(neededHeight) - 1) {
      problems.push(
        `${image.name}: a ${image.file.width}×${image.file.height} file drawn at ` +
          `${Math.round(image.drawn.width)}×${Math.round(image.drawn.height)} CSS px (DPR ${dpr}) ` +
          `needs ${Math.ceil(neededWidth)} px across (variants up to ${image.largestCandidate} px)`,
      );
    }
  }
  return problems;
}

describe('Images are sharp at the size and pixel density they are shown', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite(STAFF_ENV);
  const views = new Map<Screen, ReturnType<typeof useScreen>>(
    SCREENS.map((screen) => [screen, useScreen(suite, screen)]),
  );

  for (const screen of SCREENS) {
    describe(`at ${screen.width}×${screen.height} px, DPR ${screen.dpr}`, function () {
      const view = views.get(screen)!;

      // First: it needs the screen's first load, with nothing cached yet.
      it('preloads exactly the hero photo the page shows, so it is fetched once', async () => {
        const { page, requests, close } = await view.visitCold('/');
        const first = page.locator('.hero-cover img');
        await waitUntil(
          () => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          Boolean,
          10_000,
          'the hero photo',
        );
        // Phones have a preload and sources of their own (no variant wider than 1600 px): those whose media apply.
        const applying = (elements: Element[]) =>
          elements
            .filter((element) => !element.getAttribute('media') || matchMedia(element.getAttribute('media')!).matches)
            .map((element) => ({
              srcset: element.getAttribute(element.localName === 'link' ? 'imagesrcset' : 'srcset'),
              sizes: element.getAttribute(element.localName === 'link' ? 'imagesizes' : 'sizes'),
            }));
        const preload = await page.locator('link[rel="preload"][as="image"]').evaluateAll(applying);
        const avif = await page.locator('.hero-cover source[type="image/avif"]').evaluateAll(applying);
        expect(preload).to.have.length(1);
        expect(preload).to.deep.equal(avif.slice(0, 1));
        const shown = new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
        const family = shown.replace(/-\d+\.([0-9a-f]+)\.\w+$/, '-');
        expect(requests.filter((request) => request.startsWith(family))).to.deep.equal([shown]);
        await close();
      });

      for (const path of PUBLIC_PAGES) {
        it(`on ${path}`, async () => {
          const { page } = await view.visit(path);
          await readThrough(page);
          const images = await drawnImages(page);
          if (path === '/') expect(images.map((image) => image.name).join('\n')).to.include('/img/carousel/');
          const problems = blurry(images, screen.dpr);
          expect(problems, problems.join('\n')).to.deep.equal([]);
        });
      }

      it('keeps the next carousel photo sharp once it shows', async () => {
        const { page } = await view.visit('/');
        await waitForHydration(page, 'HomeCarousel');
        const secondDot = page.locator('.hero-dot').nth(1);
        await secondDot.click();
        await page.locator('.hero-dot[aria-current="true"]').nth(0).and(secondDot).waitFor();
        await page.locator('.hero-slides:not(.is-covered)').waitFor();
        await readThrough(page);
        // The slide moves in over 0.8 s, and a starved machine may read the page before it is in view: read it
        // again until the second photo is drawn (the error names what was drawn instead).
        const isSecond = (image: DrawnImage) => image.name.includes('/img/carousel/carousel-2-');
        const images = await waitUntil(
          () => drawnImages(page),
          (drawn) => drawn.some(isSecond),
          15_000,
          'the second photo to be on show',
        );
        const second = images.filter(isSecond);
        const problems = blurry(second, screen.dpr);
        expect(problems, problems.join('\n')).to.deep.equal([]);
      });
    });
  }

  describe('a staff photo wider than its 3:2 thumbnail box', function () {
    const plan = loadContent().floorPlans[0]!;

    before(async function () {
      this.timeout(60_000);
      const staff = await signIn(suite.server.url);
      const panorama = await sharp({ create: { width: 2400, height: 800, channels: 3, background: '#6a8' } })
        .jpeg()
        .toBuffer();
      const answer = await postImage(
        suite.server.url,
        staff,
        `/admin/upload/floorplanimage?floorplan=${encodeURIComponent(plan.name)}`,
        { alt: 'Panorama of the back yard', bytes: panorama, type: 'image/jpeg', name: 'panorama.jpg' },
      );
      expect(answer.status).to.equal(201);
    });

    for (const screen of [SCREENS[0], SCREENS[1]]) {
      it(`is sharp in the gallery at ${screen.width} px, DPR ${screen.dpr} (object-fit: cover draws it wider)`, async () => {
        const { page } = await views.get(screen)!.visit(`/floor-plans/${plan.slug}`);
        await readThrough(page);
        const images = await drawnImages(page);
        const panorama = images.filter((image) => image.name.startsWith('Panorama'));
        expect(panorama, 'the panorama thumbnail').to.have.length(1);
        const problems = blurry(images, screen.dpr);
        expect(problems, problems.join('\n')).to.deep.equal([]);
      });
    }
  });
});
