import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { holdHydration } from './hold-hydration.js';
import { isNearViewport, nextFrame, openPage, useBrowserSuite, waitForHydration, WIDTHS } from './support.js';

/**
 * Widgets wake up after the page has painted, so whatever they change in the layout moves what a visitor is
 * already reading (and counts as Cumulative Layout Shift). On every page with widgets, at a phone width, the width
 * of Lighthouse's phone and a desktop width, the widgets in view hydrate without changing their own place or height
 * or moving what follows them.
 */
const PAGES_WITH_WIDGETS = ['/', '/site-plan', '/floor-plans/overlook', '/contact', '/tours'];
const LIGHTHOUSE_PHONE_WIDTH = 412;

/** Where each widget in view sits and how tall it is, and where the footer starts: what a shift would move. */
async function layoutOf(page: Page, widgets: string[]): Promise<string[]> {
  // No named helpers inside: tsx's keepNames would wrap them in a __name() the page does not have.
  return page.evaluate(
    (names) =>
      [...names.map((name) => [name, `[data-widget="${name}"]`]), ['footer', 'footer']].map(([label, selector]) => {
        const box = document.querySelector(selector!)?.getBoundingClientRect();
        return `${label}: top ${box?.top.toFixed(1)}, height ${box?.height.toFixed(1)}`;
      }),
    widgets,
  );
}

/** The widgets near the viewport (the ones further down hydrate when scrolled to). */
async function widgetsInView(page: Page): Promise<string[]> {
  const names = await page
    .locator('[data-widget]')
    .evaluateAll((widgets) => widgets.map((widget) => widget.getAttribute('data-widget')!));
  const inView: string[] = [];
  for (const name of names) if (await isNearViewport(page, `[data-widget="${name}"]`)) inView.push(name);
  return inView;
}

describe('Layout when widgets hydrate', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();

  for (const width of [WIDTHS[0], LIGHTHOUSE_PHONE_WIDTH, WIDTHS[1]]) {
    it(`moves nothing on ${PAGES_WITH_WIDGETS.join(', ')} as their widgets in view hydrate (${width}px)`, async () => {
      const { page, context, problems } = await openPage(suite, { width });
      let hydratedAny = false;
      for (const path of PAGES_WITH_WIDGETS) {
        const hold = await holdHydration(page);
        await page.goto(path);
        const widgets = await widgetsInView(page);
        const before = await layoutOf(page, widgets);
        hold.release();
        for (const name of widgets) await waitForHydration(page, name);
        await nextFrame(page);
        expect(await layoutOf(page, widgets), `${path} once ${widgets.join(', ')} hydrated`).to.deep.equal(before);
        // Measured before hydration only if the page had to wait for the held code (not, say, served from memory).
        if (widgets.length > 0) expect(hold.requested(), `${path} asked for the held widget code`).to.equal(true);
        hydratedAny ||= widgets.length > 0;
      }
      expect(hydratedAny, 'some widget hydrated in view').to.equal(true);
      expect(problems).to.deep.equal([]);
      await context.close();
    });
  }
});
