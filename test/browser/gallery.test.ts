import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { loadContent } from '../../src/content/index.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, waitUntil, WIDTHS } from './support.js';

/**
 * The floor-plan galleries (seed-spec §2: floor-plan image gallery; Overlook's two fixed images): thumbnails
 * that open an accessible full-size viewer, a native modal <dialog>.
 */
const overlook = loadContent().floorPlans.find((plan) => plan.slug === 'overlook')!;

const thumbnails = (page: Page) => page.locator('.gallery-grid .gallery-thumb');
const viewer = (page: Page) => page.locator('dialog.viewer');

/** What the viewer shows: open or not, modal or not, its image, its "(n of N)" count, and where focus is. */
function readViewer(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog.viewer') as HTMLDialogElement;
    const image = dialog.querySelector('img');
    return {
      open: dialog.open,
      modal: dialog.matches(':modal'),
      alt: image?.getAttribute('alt') ?? null,
      loaded: Boolean(image?.complete && image.naturalWidth > 0),
      count: dialog.querySelector('.viewer-count')?.textContent ?? null,
      focusInside: dialog.contains(document.activeElement),
    };
  });
}

const focusedThumbnailIndex = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.gallery-grid .gallery-thumb')].indexOf(document.activeElement as Element),
  );

describe('Floor plan gallery', function () {
  const suite = useBrowserSuite();
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });
  const openGallery = (slug: string, width: number) =>
    withScript.visit(`/floor-plans/${slug}`, { width, widget: 'FloorPlanGallery' });

  for (const width of WIDTHS) {
    describe(`at ${width}px`, function () {
      this.timeout(45_000);

      it('opens the full-size viewer with Enter on a thumbnail, as a modal dialog with focus inside', async () => {
        const { page, problems } = await openGallery('sweetwater-ii', width);
        const count = await thumbnails(page).count();
        expect(count, 'thumbnails').to.be.at.least(3);
        await thumbnails(page).nth(1).focus();
        await page.keyboard.press('Enter');
        const state = await waitUntil(
          () => readViewer(page),
          (viewerState) => viewerState.open && viewerState.loaded,
          5_000,
          'the viewer',
        );
        expect(state).to.include({ open: true, modal: true, count: `(2 of ${count})`, focusInside: true });
        expect(state.alt).to.equal(await thumbnails(page).nth(1).locator('img').getAttribute('alt'));
        expect(await viewer(page).getAttribute('aria-label')).to.equal('Sweetwater II photo viewer');
        const box = (await viewer(page).boundingBox())!;
        expect(box.x, 'the viewer fits the screen').to.be.at.least(0);
        expect(box.x + box.width).to.be.at.most(width);
        await screenshot(page, `gallery-viewer-${width}`);
        expect(problems).to.deep.equal([]);
      });

      it('closes with Escape and gives focus back to the thumbnail', async () => {
        const { page } = await openGallery('silverwood-ii', width);
        await thumbnails(page).nth(2).focus();
        await page.keyboard.press('Enter');
        await waitUntil(
          () => readViewer(page),
          (state) => state.open,
          5_000,
          'the viewer',
        );
        await page.keyboard.press('Escape');
        expect((await readViewer(page)).open).to.equal(false);
        expect(await focusedThumbnailIndex(page)).to.equal(2);
      });

      it('moves to the next and previous image with ArrowRight and ArrowLeft, wrapping around', async () => {
        const { page } = await openGallery('canyon', width);
        const count = await thumbnails(page).count();
        const alts = await thumbnails(page)
          .locator('img')
          .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
        await thumbnails(page).first().focus();
        await page.keyboard.press('Enter');
        await waitUntil(
          () => readViewer(page),
          (state) => state.open,
          5_000,
          'the viewer',
        );
        const steps: [string, number][] = [
          ['ArrowRight', 1],
          ['ArrowRight', 2],
          ['ArrowLeft', 1],
          ['ArrowLeft', 0],
          ['ArrowLeft', count - 1],
          ['ArrowRight', 0],
        ];
        for (const [key, index] of steps) {
          await page.keyboard.press(key);
          const state = await readViewer(page);
          expect({ count: state.count, alt: state.alt }, `after ${key}`).to.deep.equal({
            count: `(${index + 1} of ${count})`,
            alt: alts[index],
          });
        }
        await page.keyboard.press('Escape');
        expect(await focusedThumbnailIndex(page), 'focus returns to the thumbnail that opened the viewer').to.equal(0);
      });

      it('opens with a click and closes with the Close button, focus back on the thumbnail', async () => {
        const { page } = await openGallery('sweetwater-ii', width);
        await thumbnails(page).nth(0).click();
        await waitUntil(
          () => readViewer(page),
          (state) => state.open,
          5_000,
          'the viewer',
        );
        expect(page.url(), 'the link did not navigate').to.match(/\/floor-plans\/sweetwater-ii$/);
        await page.getByRole('button', { name: 'Close' }).click();
        expect((await readViewer(page)).open).to.equal(false);
        expect(await focusedThumbnailIndex(page)).to.equal(0);
      });

      it('shows Overlook its two fixed images: the floor plan and the basement', async () => {
        const { page } = await openGallery('overlook', width);
        const items = await page.locator('.gallery-grid figure').evaluateAll((figures) =>
          figures.map((figure) => {
            const image = figure.querySelector('img')!;
            return { alt: image.getAttribute('alt'), caption: figure.querySelector('figcaption')?.textContent ?? null };
          }),
        );
        // Overlook's two drawings are ordinary gallery images staff manage, in level order.
        expect(items.map((item) => item.alt)).to.deep.equal(overlook.levels.map((level) => level.drawing.alt));
        await page.locator('.gallery-grid').scrollIntoViewIfNeeded();
        const loaded = await waitUntil(
          () =>
            thumbnails(page)
              .locator('img')
              .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
          Boolean,
          5_000,
          'both images to load',
        );
        expect(loaded).to.equal(true);
        await thumbnails(page).nth(1).click();
        const state = await waitUntil(
          () => readViewer(page),
          (viewerState) => viewerState.open && viewerState.loaded,
          5_000,
          'the viewer',
        );
        expect(state).to.include({ count: '(2 of 2)', alt: overlook.levels[1]!.drawing.alt });
        await screenshot(page, `gallery-overlook-basement-${width}`);
      });

      it('links each thumbnail to its full image when JavaScript is off', async () => {
        const { page } = await withoutScript.visit('/floor-plans/overlook', { width });
        const hrefs = await thumbnails(page).evaluateAll((links) =>
          links.map((link) => (link as HTMLAnchorElement).href),
        );
        expect(hrefs).to.have.length(2);
        for (const [index, href] of hrefs.entries()) {
          if (index > 0) await withoutScript.visit('/floor-plans/overlook', { width });
          // Followed by the browser, as a buyer follows it. Not fetched from Node with page.request: its client keeps
          // idle connections past the server's keep-alive timeout, and reusing one that the server was closing
          // failed with ECONNRESET when the worker was busy (the server runs in the worker's own event loop).
          const [response] = await Promise.all([page.waitForResponse(href), thumbnails(page).nth(index).click()]);
          expect(response.status(), href).to.equal(200);
          expect(await response.headerValue('content-type'), href).to.match(/^image\//);
          expect(page.url(), 'the image opened in place of the page').to.equal(href);
        }
      });
    });
  }
});
