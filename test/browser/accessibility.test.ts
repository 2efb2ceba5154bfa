import type axe from 'axe-core';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { axeResults, describeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { useBrowserSuite, waitForHydration, WIDTHS } from './support.js';

/**
 * axe-core on every public page and the 404 page, at both widths, with the WCAG 2.0/2.1 A and AA rules, once
 * the widgets have hydrated; and again in the states a visitor opens (menu, viewer, form errors, map popup), on the
 * same load of the page right after its first check.
 */
const PAGES = [
  '/',
  '/about',
  '/site-plan',
  '/floor-plans',
  '/floor-plans/sweetwater-ii',
  '/floor-plans/silverwood-ii',
  '/floor-plans/canyon',
  '/floor-plans/overlook',
  '/contact',
  '/tours',
  '/privacy',
  '/this-page-does-not-exist',
];

interface State {
  name: string;
  act: (page: Page) => Promise<void>;
  /** The part of the page the state changes, with what opened it: the rest was checked as loaded, just before. */
  within: string;
}

/**
 * The states checked after a page's own check, on the same load, each within the part it changes (color contrast,
 * most of axe's time, would measure the rest of a long page again); per width where they differ.
 */
function statesOf(path: string, width: number): State[] {
  switch (path) {
    case '/contact':
      return [
        {
          name: 'the contact form showing its alerts and field problems',
          within: 'form.contact-form',
          act: async (page) => {
            await page.locator('#contact-email').fill('not-an-email');
            await page.locator('#contact-phone').pressSequentially('9705550142');
            await page.locator('form.contact-form button[type="submit"]').click();
            await page.locator('.field-error').first().waitFor();
          },
        },
      ];
    case '/floor-plans/overlook':
      return [
        {
          name: 'the gallery viewer open',
          within: '.gallery-section',
          act: async (page) => {
            await page.locator('.gallery-thumb').first().click();
            await page.locator('dialog.viewer[open] img').waitFor();
          },
        },
      ];
    case '/site-plan':
      return [
        {
          name: 'a map popup open on another tab',
          within: '.nearby-section',
          act: async (page) => {
            await page.getByRole('tab', { name: 'Grocery' }).click();
            await page.locator('.nearby .place-button').first().click();
            await page.locator('.nearby .leaflet-popup-content').waitFor();
          },
        },
      ];
    case '/about':
      return width === 375
        ? [
            {
              name: 'the menu open',
              within: 'header',
              act: async (page) => {
                await page.getByRole('button', { name: 'Menu' }).click();
                await page.locator('#site-menu:popover-open').waitFor();
              },
            },
          ]
        : [
            {
              name: 'the Floor Plans menu open',
              within: 'header',
              act: async (page) => {
                await page.locator('.site-nav .dropdown-trigger').hover();
                await page.locator('.site-nav .dropdown-menu').waitFor();
              },
            },
          ];
    default:
      return [];
  }
}

/** Brings every widget on the page to life (scrolling to the lazy ones) and stops the carousel, so nothing moves. */
async function settle(page: Page): Promise<void> {
  for (const name of await page
    .locator('[data-widget]')
    .evaluateAll((widgets) => widgets.map((widget) => widget.getAttribute('data-widget')!))) {
    await page.locator(`[data-widget="${name}"]`).scrollIntoViewIfNeeded();
    await waitForHydration(page, name);
  }
  if (await page.locator('.nearby').count()) {
    await page.locator('.nearby-map').scrollIntoViewIfNeeded();
    await page.locator('.nearby .map-marker-home').waitFor();
  }
  const pause = page.getByRole('button', { name: 'Pause slideshow' });
  if (await pause.count()) await pause.click();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Resolves once every transition and animation that ends has ended (a popup fading in would be measured at part of
 * its contrast); the endless and the paused ones are left as they are.
 */
async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The violations on the page once its animations have ended (a fading popup would read as low contrast). */
async function violations(page: Page, within?: string): Promise<axe.Result[]> {
  await animationsFinished(page);
  return axeResults(page, within);
}

/**
 * Opens `path` afresh in `page`, checks it (unless `asLoaded` is false), then brings it into each state in turn
 * and checks that.
 */
async function audit(page: Page, width: number, path: string, states: State[], asLoaded = true): Promise<string[]> {
  // A fresh visit: nothing the tab kept from the page before (the first landing page) carries over.
  await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
  const response = await page.goto(path);
  expect(response?.status(), path).to.equal(path.startsWith('/this-page') ? 404 : 200);
  await settle(page);
  const found = asLoaded ? describeViolations(`${path} at ${width}px`, await violations(page)) : [];
  for (const state of states) {
    await state.act(page);
    found.push(...describeViolations(`${path} at ${width}px with ${state.name}`, await violations(page, state.within)));
  }
  return found;
}

describe('Accessibility (axe-core, WCAG 2.1 A/AA)', function () {
  const suite = useBrowserSuite();
  // One tab for these read-only checks, resized for each width: each opens its page afresh.
  const shared = reusedPage(suite);

  for (const width of WIDTHS) {
    describe(`at ${width}px`, function () {
      this.timeout(90_000);
      let tab: Page;
      before(async () => {
        ({ page: tab } = await shared.at(width));
      });

      for (const path of PAGES) {
        const states = statesOf(path, width);
        const also = states.map((state) => `, nor with ${state.name}`).join('');
        it(`finds no violation on ${path}${also}`, async () => {
          const found = await audit(tab, width, path, states);
          expect(found, found.join('\n')).to.deep.equal([]);
        });
      }

      it('finds no violation with the invalid phone alert shown', async () => {
        const found = await audit(
          tab,
          width,
          '/contact',
          [
            {
              name: 'the invalid phone alert shown',
              within: 'form.contact-form',
              act: async (page) => {
                await page.locator('#contact-phone').pressSequentially('970');
                await page.locator('form.contact-form button[type="submit"]').click();
                await page.getByRole('alert').waitFor();
              },
            },
          ],
          false,
        );
        expect(found, found.join('\n')).to.deep.equal([]);
      });
    });
  }
});
