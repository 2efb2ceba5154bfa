import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite } from './support.js';

/**
 * The navigation bar (seed-spec §2 "Navigation bar", contract "Page conventions"): HTML and CSS only, so every
 * test here runs with JavaScript switched off. Above the md breakpoint the links are inline and the Floor Plans
 * menu opens on hover and on keyboard focus; below it they sit in a native popover behind the Menu button.
 * Which link is current and where Home shows is in the HTML alone: test/web/pages.test.ts checks it on every page.
 */
const PLAN_LINKS = [
  ['Sweetwater II', '/floor-plans/sweetwater-ii'],
  ['Silverwood II', '/floor-plans/silverwood-ii'],
  ['The Canyon', '/floor-plans/canyon'],
  ['Overlook', '/floor-plans/overlook'],
] as const;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const dropdown = (page: Page) => page.locator('.site-nav .dropdown-menu');

async function tabTo(page: Page, accessibleText: string) {
  for (let press = 0; press < 30; press += 1) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === accessibleText) return;
  }
  throw new Error(`Tab never reached ${accessibleText}`);
}

describe('Navigation (no JavaScript)', function () {
  const suite = useBrowserSuite();
  // One page without JavaScript for every test, each loading its page afresh.
  const tab = reusedPage(suite, { javaScriptEnabled: false });
  const openNav = (path: string, width: number) => tab.visit(path, { width });

  describe('at 1280px', function () {
    const width = 1280;

    it('shows the seed labels inline, with Get Pre-Approved linking to /about#lenders', async () => {
      const { page } = await openNav('/about', width);
      const nav = mainNav(page);
      expect(await page.locator('.menu-toggle').isVisible(), 'no Menu button').to.equal(false);
      for (const label of ['Home', 'About', 'Site Plan', 'Floor Plans', 'Contact']) {
        expect(await nav.getByRole('link', { name: label, exact: true }).isVisible(), label).to.equal(true);
      }
      expect(await nav.getByRole('link', { name: 'Get Pre-Approved' }).getAttribute('href')).to.equal('/about#lenders');
      for (const [label, href] of PLAN_LINKS) {
        expect(
          await nav.getByRole('link', { name: label, exact: true, includeHidden: true }).getAttribute('href'),
        ).to.equal(href);
      }
    });

    it('opens the Floor Plans menu on mouse hover and closes it when the mouse leaves', async () => {
      const { page } = await openNav('/', width);
      expect(await dropdown(page).isVisible()).to.equal(false);
      await page.locator('.site-nav .dropdown-trigger').hover();
      expect(await dropdown(page).isVisible()).to.equal(true);
      expect(await dropdown(page).getByRole('link').allTextContents()).to.deep.equal(
        PLAN_LINKS.map(([label]) => label),
      );
      await page.locator('.site-nav .dropdown-menu a', { hasText: 'Overlook' }).hover();
      expect(await dropdown(page).isVisible(), 'stays open while the pointer moves into it').to.equal(true);
      await screenshot(page, 'nav-dropdown-hover-1280');
      await page.mouse.move(width / 2, 600);
      expect(await dropdown(page).isVisible()).to.equal(false);
    });

    it('opens the Floor Plans menu when keyboard focus enters it, and closes it when focus leaves', async () => {
      const { page } = await openNav('/', width);
      await tabTo(page, 'Floor Plans');
      expect(await dropdown(page).isVisible()).to.equal(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Sweetwater II');
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Overlook');
      expect(await dropdown(page).isVisible()).to.equal(true);
      await screenshot(page, 'nav-dropdown-focus-1280');
      // Under the plans, the menu links the quick move-in homes.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Quick Move-In Homes');
      expect(await page.locator('.site-nav .dropdown-more').isVisible()).to.equal(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Contact');
      expect(await dropdown(page).isVisible()).to.equal(false);
    });
  });

  describe('at 375px', function () {
    const width = 375;

    it('collapses the links behind the Menu button, which opens them in a popover', async () => {
      const { page } = await openNav('/about', width);
      const nav = mainNav(page);
      const menuButton = nav.getByRole('button', { name: 'Menu' });
      expect(await menuButton.isVisible()).to.equal(true);
      expect(await nav.getByRole('link', { name: 'Site Plan' }).isVisible(), 'links collapsed').to.equal(false);
      await menuButton.click();
      expect(await page.locator('#site-menu').evaluate((menu) => menu.matches(':popover-open'))).to.equal(true);
      for (const label of [
        'Home',
        'About',
        'Site Plan',
        'Floor Plans',
        'Contact',
        'Get Pre-Approved',
        ...PLAN_LINKS.map(([plan]) => plan),
        'Quick Move-In Homes',
      ]) {
        expect(await nav.getByRole('link', { name: label, exact: true }).isVisible(), label).to.equal(true);
      }
      const box = (await page.locator('#site-menu').boundingBox())!;
      expect(box.x + box.width, 'the menu fits the screen').to.be.at.most(width);
      await screenshot(page, 'nav-menu-open-375');
      await page.keyboard.press('Escape');
      expect(await nav.getByRole('link', { name: 'Site Plan' }).isVisible(), 'Escape closes it').to.equal(false);
    });

    it('opens the menu from the keyboard and lets focus walk its links', async () => {
      const { page } = await openNav('/contact', width);
      await tabTo(page, 'Menu');
      await page.keyboard.press('Enter');
      expect(await page.locator('#site-menu').evaluate((menu) => menu.matches(':popover-open'))).to.equal(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Home');
    });
  });
});
