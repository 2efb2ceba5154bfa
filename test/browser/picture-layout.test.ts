import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { PUBLIC_PAGES } from './public-pages.js';
import { reusedPage } from './reused-page.js';
import { nextFrame, screenshot, useBrowserSuite, type BrowserSuite } from './support.js';

/**
 * A <picture> only chooses a file: its <img> is the box the page's grid or flex layout places. A <source> never
 * takes part in layout (with `picture { display: contents }` each one used to become an empty grid item that
 * took a cell, so the special-offer flyer dropped below and beside its text and the portrait sat under a gap).
 */
const WIDTHS = [375, 768, 992, 1280, 1920];
const HEIGHT = 800;

type Box = { left: number; top: number; right: number; bottom: number };

/**
 * One page for the whole file: every check here only reads the layout (the sources it takes out for a measurement
 * go back in the same synchronous pass), so a page per check would only cost CPU.
 */
function useSharedPage(suite: BrowserSuite) {
  const shared = reusedPage(suite);
  return async (width: number): Promise<Page> => {
    const { page } = await shared.at(width, HEIGHT);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    return page;
  };
}

function contentBox(page: Page, selector: string): Promise<Box> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      left: box.left + parseFloat(style.paddingLeft),
      top: box.top + parseFloat(style.paddingTop),
      right: box.right - parseFloat(style.paddingRight),
      bottom: box.bottom - parseFloat(style.paddingBottom),
    };
  });
}

const borderBox = (page: Page, selector: string): Promise<Box> =>
  page.locator(selector).evaluate((element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  });

describe('Pictures in the page layout', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();

  const pageAt = useSharedPage(suite);

  for (const path of PUBLIC_PAGES) {
    it(`gives no <source> a box, and places each image as if it had no <source>, on ${path}`, async () => {
      // Loaded once, then measured at each width by resizing (CSS lays out again; widgets get their resize events).
      const page = await pageAt(WIDTHS[0]!);
      await page.goto(path);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await nextFrame(page);
        // One synchronous pass (nothing else runs in between): measure, take the sources out, measure again, and
        // put them back where they were.
        const { laidOut, moved } = await page.evaluate(() => {
          const sources = [...document.querySelectorAll('source')];
          const images = [...document.querySelectorAll('picture > img')];
          const before = images.map((img) => img.getBoundingClientRect());
          const laidOut = sources
            .filter((source) => source.getClientRects().length > 0)
            .map((source) => `${source.parentElement?.parentElement?.className ?? ''} > source[${source.type}]`);
          const removed = sources
            .filter((source) => source.parentElement?.matches('picture'))
            .map((source) => ({ source, parent: source.parentElement!, next: source.nextSibling }));
          for (const { source } of removed) source.remove();
          const moved = images
            .map((img, index) => {
              const was = before[index]!;
              const now = img.getBoundingClientRect();
              const shift = Math.max(
                ...(['left', 'top', 'right', 'bottom'] as const).map((side) => Math.abs(was[side] - now[side])),
              );
              return shift > 0.5 ? `${(img as HTMLImageElement).alt || img.className} moves ${shift} px` : '';
            })
            .filter(Boolean);
          for (const { source, parent, next } of removed.reverse()) parent.insertBefore(source, next);
          return { laidOut, moved };
        });
        expect(laidOut, `sources with a layout box at ${width}px on ${path}`).to.deep.equal([]);
        expect(moved, `images placed differently because of their sources at ${width}px on ${path}`).to.deep.equal([]);
      }
    });
  }

  for (const width of WIDTHS) {
    describe(`at ${width}px`, function () {
      it('puts the special-offer flyer beside its text from 900px, else right under it', async () => {
        const page = await pageAt(width);
        await page.goto('/');
        // The first promotion: its text and its flyer.
        const offer = await contentBox(page, '.offer-item');
        const text = await borderBox(page, '.offer-text');
        const flyer = await borderBox(page, '.offer-flyer');
        const rowGap = await page
          .locator('.offer-item')
          .first()
          .evaluate((element) => parseFloat(getComputedStyle(element).rowGap));
        if (width >= 900) {
          expect(flyer.top, 'flyer at the top of the row').to.be.closeTo(offer.top, 1);
          expect(flyer.right, 'flyer in the right-hand column').to.be.closeTo(offer.right, 1);
          expect(text.left, 'text in the left-hand column').to.be.closeTo(offer.left, 1);
          expect(flyer.left, 'flyer beside the text').to.be.greaterThan(text.right);
          expect((text.top + text.bottom) / 2, 'text centred on the flyer').to.be.closeTo(
            (flyer.top + flyer.bottom) / 2,
            1,
          );
          expect(flyer.bottom, 'no empty row under the flyer').to.be.closeTo(offer.bottom, 1);
        } else {
          expect(text.top).to.be.closeTo(offer.top, 1);
          expect(flyer.top, 'flyer right under the text').to.be.closeTo(text.bottom + rowGap, 1);
        }
        await screenshot(page.locator('.offer-item').first(), `offer-${width}`);
      });

      it('puts the portrait at the top of the About section, with no space above it', async () => {
        const page = await pageAt(width);
        await page.goto('/about');
        const about = await contentBox(page, '.about');
        const portrait = await borderBox(page, '.portrait');
        const text = await borderBox(page, '.about-text');
        expect(portrait.top).to.be.closeTo(about.top, 1);
        expect(portrait.left).to.be.closeTo(about.left, 1);
        if (width >= 900) expect(text.top, 'the text beside it, at the same top').to.be.closeTo(about.top, 1);
        await screenshot(page.locator('.about'), `about-${width}`);
      });
    });
  }
});
