import { expect } from 'chai';
import { reusedPage } from './reused-page.js';
import { useBrowserSuite } from './support.js';

/** /tours lists the open times day by day: each day's heading reads as the start of a new group. */
describe('Tour times, day by day', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();
  // One page for both widths, each test loading /tours afresh.
  const tab = reusedPage(suite);

  for (const width of [375, 1280]) {
    it(`sets each tour day's heading clearly apart from the day before's times at ${width} px`, async () => {
      const { page } = await tab.visit('/tours', { width });
      const gaps = await page.locator('.tour-day').evaluateAll((days) =>
        days.slice(1).map((day) => {
          const heading = day.querySelector('legend')!.getBoundingClientRect();
          const ownFirst = day.querySelector('.tour-time')!.getBoundingClientRect();
          const previousTimes = [...day.previousElementSibling!.querySelectorAll('.tour-time')];
          const previousBottom = Math.max(...previousTimes.map((time) => time.getBoundingClientRect().bottom));
          return { above: heading.top - previousBottom, below: ownFirst.top - heading.bottom };
        }),
      );
      expect(gaps.length, 'days listed').to.be.greaterThan(1);
      for (const gap of gaps) {
        // 28 px or more above, and at least three times the heading's gap to its own times.
        expect(gap.above, JSON.stringify(gap)).to.be.at.least(28);
        expect(gap.above, JSON.stringify(gap)).to.be.at.least(3 * gap.below);
      }
    });
  }
});
