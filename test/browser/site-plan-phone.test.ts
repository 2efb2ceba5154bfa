import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { reusedPage } from './reused-page.js';
import { accessibleNode, screenshot, useBrowserSuite, waitForHydration } from './support.js';

/**
 * /site-plan on a phone and on a laptop: every column of the homesite table is on screen at 320 px (the rows
 * stack, and the table is still a table to a screen reader), a link near the top jumps past the 78 homesites to
 * What's nearby, and the map's zoom buttons never lie over the drawing (its title block is in a corner).
 */

/** Cells of the table that reach beyond the screen's width, or the table's box scrolling sideways. */
function offScreenCells(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const wrap = document.querySelector('.homesite-table-wrap')!;
    if (wrap.scrollWidth > wrap.clientWidth) problems.push(`the table scrolls sideways (${wrap.scrollWidth} px)`);
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const cell of document.querySelectorAll('.homesite-table tbody :is(th, td)')) {
      const box = cell.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth)
        problems.push(`${cell.closest('tr')!.dataset.lot}: "${cell.textContent}" at ${box.left}–${box.right} px`);
    }
    return problems;
  });
}

describe('GET /site-plan on a phone and a laptop', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();
  const noScript = reusedPage(suite, { javaScriptEnabled: false });
  const withScript = reusedPage(suite);

  for (const width of [320, 375]) {
    it(`shows every column of the homesite table at ${width} px, labelled, without sideways scrolling`, async () => {
      const { page } = await noScript.visit('/site-plan', { width });
      expect(await offScreenCells(page)).to.deep.equal([]);
      const row = page.locator('.homesite-table tr[data-lot="11"]');
      expect((await row.innerText()).replace(/\s+/g, ' ')).to.match(
        /^11 Quick move-in The Canyon \$574,500 [\d,]+ sq ft$/,
      );
      // Each fact is named on screen by its column (generated content, which innerText leaves out).
      const labels = await row.evaluate((tr) =>
        [...tr.querySelectorAll('td[data-label]')].map((cell) => getComputedStyle(cell, '::before').content),
      );
      expect(labels).to.have.length(3);
      for (const label of labels) expect(label).to.not.equal('none');
      await screenshot(row, `site-plan-table-row-${width}`);
    });
  }

  it('keeps the stacked table a table with its column headers for a screen reader', async () => {
    const { page } = await noScript.visit('/site-plan', { width: 320 });
    expect((await accessibleNode(page, '.homesite-table')).role).to.equal('table');
    expect((await accessibleNode(page, '.homesite-table tr[data-lot="11"]')).role).to.equal('row');
    expect((await accessibleNode(page, '.homesite-table thead th:nth-child(4)')).role).to.equal('columnheader');
    // The visible "Price" label is not read a second time before the cell's value.
    expect(await accessibleNode(page, '.homesite-table tr[data-lot="11"] td:nth-of-type(3)')).to.include({
      role: 'cell',
      name: '$574,500',
    });
  });

  it('has a link near the top that jumps to What’s nearby, and one back to the site plan', async () => {
    const { page } = await noScript.visit('/site-plan', { width: 375 });
    const jump = page.getByRole('link', { name: 'Jump to What’s nearby' });
    const [jumpTop, mapTop] = await Promise.all([
      jump.evaluate((link) => link.getBoundingClientRect().top),
      page.locator('.lot-map-frame').evaluate((map) => map.getBoundingClientRect().top),
    ]);
    expect(jumpTop, 'the jump link comes before the map').to.be.below(mapTop);
    await jump.click();
    await page.waitForURL('**/site-plan#nearby');
    const heading = page.getByRole('heading', { name: 'What’s nearby' });
    const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(top, 'the heading shows below the fixed bar').to.be.within(64, 800 / 2);
    await page.getByRole('link', { name: 'Back to the site plan' }).click();
    await page.waitForURL('**/site-plan#homesites');
  });

  for (const width of [375, 1280]) {
    it(`keeps the zoom buttons off the drawing at ${width} px`, async () => {
      const { page } = await withScript.visit('/site-plan', { width, widget: 'LotMap' });
      await waitForHydration(page, 'LotMap');
      const drawing = await page.locator('.lot-map-viewport').boundingBox();
      const buttons = page.locator('.lot-map-zoom button');
      expect(await buttons.count()).to.equal(3);
      for (const box of await Promise.all((await buttons.all()).map((button) => button.boundingBox()))) {
        const overlaps =
          box!.x < drawing!.x + drawing!.width &&
          box!.x + box!.width > drawing!.x &&
          box!.y < drawing!.y + drawing!.height &&
          box!.y + box!.height > drawing!.y;
        expect(
          overlaps,
          `a zoom button at ${JSON.stringify(box)} over the drawing at ${JSON.stringify(drawing)}`,
        ).to.equal(false);
      }
      await screenshot(page.locator('.lot-map'), `site-plan-zoom-${width}`);
    });
  }
});
