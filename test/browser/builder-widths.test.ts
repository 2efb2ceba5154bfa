import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openPage, useBrowserSuite } from './support.js';

/** Every 32 px from 320 to 1920, and the widths where phones and the nav's breakpoints sit. */
const SWEEP = [
  ...new Set([...Array.from({ length: 51 }, (_, step) => 320 + step * 32), 375, 390, 414, 767, 991, 1119]),
].sort((a, b) => a - b);
const HEIGHT = 800;

/** The builder's own pages on a site of several communities. */
const BUILDER_PAGES = [
  '/',
  '/communities',
  '/homes',
  '/homes?beds=4&maxPrice=600000',
  '/plans',
  '/plans/sweetwater-ii',
];

/**
 * What does not fit at the page's current width: a page that scrolls sideways, a nav label that wraps or leaves the
 * screen, a header taller than its bar.
 */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      const wide = [...document.querySelectorAll<HTMLElement>('body *')].find(
        (element) =>
          element.getBoundingClientRect().right > width + 1 && getComputedStyle(element).position !== 'fixed',
      );
      found.push(
        `scrolls sideways (${document.documentElement.scrollWidth} px): ${wide?.outerHTML.slice(0, 80) ?? ''}`,
      );
    }
    for (const link of document.querySelectorAll<HTMLElement>('header nav a')) {
      const box = link.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(link).visibility === 'hidden') continue; // in the closed menu
      const lineHeight = parseFloat(getComputedStyle(link).lineHeight) || 24;
      if (box.right > width + 1 || box.left < -1) found.push(`nav link "${link.textContent}" off screen`);
      if (link.getClientRects().length > 1 || box.height > lineHeight * 1.8) {
        found.push(`nav link "${link.textContent}" wraps`);
      }
    }
    return found;
  });
}

/**
 * The builder's pages (SAMPLE_COMMUNITIES=3) at every width a visitor may have, 320 to 1920 px, with and without
 * JavaScript: nothing scrolls sideways and the nav never wraps or leaves the screen. And a visitor with a keyboard
 * alone reaches a community from the builder home, and searches for homes.
 */
describe("The builder's pages at every width, and by keyboard", function () {
  this.timeout(120_000);
  const suite = useBrowserSuite({ SAMPLE_COMMUNITIES: '3' });

  for (const javaScriptEnabled of [false, true]) {
    it(`fit every width from 320 to 1920 px ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
      const { page, problems, context } = await openPage(suite, { width: SWEEP[0], javaScriptEnabled });
      const found: string[] = [];
      for (const path of BUILDER_PAGES) {
        await page.setViewportSize({ width: SWEEP[0]!, height: HEIGHT });
        await page.goto(path);
        for (const width of SWEEP) {
          await page.setViewportSize({ width, height: HEIGHT });
          for (const misfit of await misfits(page)) found.push(`${path} at ${width} px: ${misfit}`);
        }
      }
      expect(found).to.deep.equal([]);
      expect(problems).to.deep.equal([]);
      await context.close();
    });
  }

  /** Presses Tab until the focused element matches `selector`; fails after `limit` presses. */
  async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
    for (let press = 0; press < limit; press += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    }
    throw new Error(`${selector} not reached in ${limit} presses of Tab`);
  }

  for (const width of [375, 1280]) {
    it(`at ${width} px by keyboard alone: from the builder home to a community, and a search for homes`, async () => {
      const { page, problems, context } = await openPage(suite, { width });
      await page.goto('/');
      await page.keyboard.press('Tab');
      const skip = await page.evaluate(() => document.activeElement?.getAttribute('href'));
      expect(skip, 'the first Tab reaches the skip link').to.equal('#main');
      await tabTo(page, '.community-card a[href="/communities/willow-bend"]');
      const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(ring, 'the focused link shows it').to.not.equal('none');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/communities/willow-bend');
      expect(await page.locator('.brand-name').textContent()).to.equal('Willow Bend');

      await page.goto('/homes');
      await tabTo(page, 'form.homes-form select[name="beds"]');
      await page.keyboard.press('ArrowDown');
      // Results may follow the choice at once (JavaScript); the form's button sends it in any case.
      if (!new URL(page.url()).searchParams.has('beds')) {
        await tabTo(page, 'form.homes-form button[type="submit"]');
        await page.keyboard.press('Enter');
      }
      await page.waitForURL(/beds=/);
      expect(new URL(page.url()).searchParams.get('beds')).to.match(/^\d+$/);
      expect(problems).to.deep.equal([]);
      await context.close();
    });
  }
});
