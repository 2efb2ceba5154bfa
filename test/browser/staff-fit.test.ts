import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seedMessage, seedTour } from '../support/leads.js';
import { STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { reusedPage } from './reused-page.js';
import { useBrowserSuite } from './support.js';

/** Every staff page fits the widths staff use, 320 to 1920 px, as the public pages do: it never scrolls sideways. */
const WIDTHS = [320, 375, 768, 1280, 1920];

/**
 * Resizes the page to each width and reads what sticks out: "<width>px: the page is N px wide (…)", naming the
 * widest elements that reach past the viewport, so a failure says what to fix.
 */
async function overflows(page: Page, label: string): Promise<string[]> {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const found = await page.evaluate(() => {
      const viewport = document.documentElement.clientWidth;
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth <= window.innerWidth) return null;
      // What reaches past the viewport, leaving out what a scrolling box (a wide table's) holds. (No named helpers
      // here: tsx's keepNames would wrap them in a __name() the page does not have.)
      const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
        .map((element) => {
          let scrolled = false;
          for (let parent = element.parentElement; parent && !scrolled; parent = parent.parentElement) {
            scrolled = getComputedStyle(parent).overflowX !== 'visible';
          }
          return { element, right: scrolled ? 0 : element.getBoundingClientRect().right };
        })
        .filter(({ right }) => right > viewport + 0.5)
        .sort((a, b) => b.right - a.right)
        .slice(0, 4)
        .map(
          ({ element, right }) =>
            `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0] || '-'} to ${Math.round(right)} px`,
        );
      return `the page is ${scrollWidth} px wide (${culprits.join(', ')})`;
    });
    if (found) failures.push(`${label} at ${width}px: ${found}`);
  }
  return failures;
}

describe('Staff pages at every width from 320 to 1920 px', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite(STAFF_ENV);
  const staff = reusedPage(suite);
  let page: Page;

  before(async function () {
    this.timeout(90_000);
    const { db } = suite.server;
    // Leads with long unbroken values, the way real ones arrive (a long e-mail, a campaign name, a landing page).
    const context = {
      email: 'alexandria.montgomery-whitfield@example-long-domain.com',
      utm_source: 'newsletter',
      utm_campaign: 'fall-quick-move-in-homes-maple-hollow-2026',
      landing_page: '/floor-plans/silverwood-ii?utm_source=newsletter&utm_campaign=fall-quick-move-in-homes',
      homesite: 24,
      plan: 'canyon',
    };
    await seedMessage(db, new Date().toISOString(), context);
    await seedTour(db, new Date().toISOString(), new Date(Date.now() + 86_400_000).toISOString(), context);
    page = (await staff.visit('/login', { width: 320 })).page;
  });

  it('fits /login', async () => {
    expect(await overflows(page, '/login')).to.deep.equal([]);
  });

  it('fits every page a signed-in staff member reaches', async () => {
    await page.getByLabel('Username').fill('staff');
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin'),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    // A change, so the homesite history and the last changes have an entry to lay out.
    const saved = await page.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const response = await fetch('/admin/homesites/10', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ status: 'sold', plan: 'Overlook', price: null, ready: null, version: 1 }),
      });
      return response.status;
    });
    expect(saved).to.equal(200);
    const failures: string[] = [];
    for (const path of [
      '/admin',
      '/admin/homepage-images',
      '/admin/floorplan-images',
      '/admin/floorplan-images/canyon',
      '/admin/messages',
      '/admin/messages?spam=1',
      '/admin/messages?homesite=24&plan=canyon',
      '/admin/tours',
      '/admin/homesites',
      '/admin/homesites/10/history',
    ]) {
      await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
      await page.goto(path);
      failures.push(...(await overflows(page, path)));
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });

  it('fits /admin/homesites showing an import’s problems next to its form', async () => {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.goto('/admin/homesites');
    await page.getByLabel(/CSV file/).setInputFiles({
      name: 'homesites.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'lot,status,plan,price,sqft,address,ready,version\n10,Model home,,5529,7000,2100 Hollow Creek Loop,,\n',
      ),
    });
    await Promise.all([page.waitForURL(/#import-result$/), page.getByRole('button', { name: 'Import' }).click()]);
    // Autofocus is applied at the first rendering after parsing, which may come after the load event.
    await page.waitForFunction(() => document.activeElement?.id === 'import-result', undefined, { timeout: 5000 });
    expect(await overflows(page, '/admin/homesites (import result)')).to.deep.equal([]);
  });
});
