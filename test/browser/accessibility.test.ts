import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openPage, useBrowserSuite, waitForHydration, WIDTHS, type BrowserSuite } from './support.js';

/**
 * axe-core on every public page and the 404 page, at both widths, with the WCAG 2.0/2.1 A and AA rules, once
 * the widgets have hydrated; and again in the states a visitor opens (menu, viewer, form errors, map popup).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
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

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`)
        .join('\n'),
  );
}

async function audit(suite: BrowserSuite, width: number, path: string, act?: (page: Page) => Promise<void>) {
  const { page, context } = await openPage(suite, { width });
  const response = await page.goto(path);
  expect(response?.status(), path).to.equal(path.startsWith('/this-page') ? 404 : 200);
  await settle(page);
  if (act) await act(page);
  const found = await violations(page);
  await context.close();
  return found;
}

describe('Accessibility (axe-core, WCAG 2.1 A/AA)', function () {
  const suite = useBrowserSuite();

  for (const width of WIDTHS) {
    describe(`at ${width}px`, function () {
      this.timeout(60_000);

      for (const path of PAGES) {
        it(`finds no violation on ${path}`, async () => {
          const found = await audit(suite, width, path);
          expect(found, found.join('\n')).to.deep.equal([]);
        });
      }

      it('finds no violation with the contact form showing its alerts and field problems', async () => {
        const found = await audit(suite, width, '/contact', async (page) => {
          await page.locator('#contact-email').fill('not-an-email');
          await page.locator('#contact-phone').pressSequentially('9705550142');
          await page.locator('form.contact-form button[type="submit"]').click();
          await page.locator('.field-error').first().waitFor();
        });
        expect(found, found.join('\n')).to.deep.equal([]);
      });

      it('finds no violation with the invalid phone alert shown', async () => {
        const found = await audit(suite, width, '/contact', async (page) => {
          await page.locator('#contact-phone').pressSequentially('970');
          await page.locator('form.contact-form button[type="submit"]').click();
          await page.getByRole('alert').waitFor();
        });
        expect(found, found.join('\n')).to.deep.equal([]);
      });

      it('finds no violation with the gallery viewer open', async () => {
        const found = await audit(suite, width, '/floor-plans/overlook', async (page) => {
          await page.locator('.gallery-thumb').first().click();
          await page.locator('dialog.viewer[open] img').waitFor();
        });
        expect(found, found.join('\n')).to.deep.equal([]);
      });

      it('finds no violation with a map popup open on another tab', async () => {
        const found = await audit(suite, width, '/site-plan', async (page) => {
          await page.getByRole('tab', { name: 'Grocery' }).click();
          await page.locator('.nearby .place-button').first().click();
          await page.locator('.nearby .leaflet-popup-content').waitFor();
        });
        expect(found, found.join('\n')).to.deep.equal([]);
      });

      if (width === 375) {
        it('finds no violation with the menu open', async () => {
          const found = await audit(suite, width, '/about', async (page) => {
            await page.getByRole('button', { name: 'Menu' }).click();
            await page.locator('#site-menu:popover-open').waitFor();
          });
          expect(found, found.join('\n')).to.deep.equal([]);
        });
      } else {
        it('finds no violation with the Floor Plans menu open', async () => {
          const found = await audit(suite, width, '/about', async (page) => {
            await page.locator('.site-nav .dropdown-trigger').hover();
            await page.locator('.site-nav .dropdown-menu').waitFor();
          });
          expect(found, found.join('\n')).to.deep.equal([]);
        });
      }
    });
  }
});
