import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite } from './support.js';

/**
 * /tours offers a day first, then that day's times: every bookable day in view at once (no scroll box), a closed
 * day saying so, and a day chosen with the keyboard alone, with or without JavaScript.
 */

/** Elements inside the tour page whose own content scrolls (a box taller inside than out, set to scroll). */
function scrollBoxes(page: Page): Promise<string[]> {
  return page.locator('.tours *').evaluateAll((elements) =>
    elements
      .filter((element) => {
        // No helper function here: the bundler would name it with a function the page does not have.
        const { overflowX, overflowY } = getComputedStyle(element);
        return (
          (/auto|scroll/.test(overflowY) && element.scrollHeight > element.clientHeight + 1) ||
          (/auto|scroll/.test(overflowX) && element.scrollWidth > element.clientWidth + 1)
        );
      })
      .map((element) => element.className || element.tagName),
  );
}

describe('Choosing a tour day (browser)', function () {
  this.timeout(90_000);
  const suite = useBrowserSuite();
  const tab = reusedPage(suite);

  for (const width of [320, 375, 1280, 1920]) {
    it(`shows every bookable day and one day's times, with no scroll box and nothing wider than the page, at ${width} px`, async () => {
      const { page, problems } = await tab.visit('/tours', { width });
      expect(await scrollBoxes(page)).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);
      const days = page.locator('.tour-date');
      expect(await days.count()).to.be.greaterThan(27);
      for (const day of await days.all()) expect(await day.isVisible()).to.equal(true);
      // Each time of the one day shown is on the same date.
      const starts = await page
        .locator('input[name="start"]')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value.slice(0, 10)));
      expect(new Set(starts).size).to.equal(1);
      // Each day is at least a 24 px square target (WCAG 2.5.8), set in a column of its weekday.
      for (const box of await days.evaluateAll((links) => links.map((link) => link.getBoundingClientRect()))) {
        expect(Math.min(box.width, box.height)).to.be.at.least(24);
      }
      expect(await axeViolations(page)).to.deep.equal([]);
      await screenshot(page, `tour-days-${width}`, { fullPage: true });
      expect(problems).to.deep.equal([]);
    });
  }

  it('chooses a day with the keyboard, and the next Tab reaches that day’s first time', async () => {
    const { page } = await tab.visit('/tours', { width: 375 });
    const target = page.locator('a.tour-date:not([aria-current])').nth(2);
    const date = new URL((await target.getAttribute('href'))!, suite.server.url).searchParams.get('day')!;
    await page.locator('main').focus();
    let steps = 0;
    while (!(await target.evaluate((link) => link === document.activeElement))) {
      await page.keyboard.press('Tab');
      expect(++steps, 'Tab presses to reach the day').to.be.below(80);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`day=${date}#tour-day$`));
    expect(await page.locator(`a.tour-date[aria-current="page"]`).getAttribute('href')).to.include(`day=${date}`);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => (document.activeElement as HTMLInputElement).value ?? '');
    expect(focused.slice(0, 10)).to.equal(date);
    await page.keyboard.press('Space');
    expect(await page.locator('input[name="start"]:checked').getAttribute('value')).to.equal(focused);
    await screenshot(page, 'tour-day-chosen-375');
  });
});
