import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { minutesBefore, seedMessage, seedTour } from '../support/leads.js';
import { signInCookie, STAFF_ENV } from '../support/staff.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, WIDTHS, type OpenedPage } from './support.js';

const BASE = '2026-11-20T18:00:00.000Z';

describe('Staff inbox in the browser (no JavaScript needed)', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite(STAFF_ENV);
  let cookie = '';

  before(async () => {
    const { db } = suite.server;
    for (let index = 0; index < 54; index += 1) {
      const at = minutesBefore(BASE, index * 11);
      const fields = {
        firstname: ['Avery', 'Jordan', 'Casey', 'Riley'][index % 4]!,
        lastname: `Buyer${index}`,
        email: `buyer${index}@example.com`,
        utm_source: index % 3 === 0 ? 'google' : index % 3 === 1 ? 'facebook' : null,
        utm_medium: index % 3 === 0 ? 'cpc' : null,
        utm_campaign: index % 3 === 0 ? 'fall-open-house' : null,
        referrer: index % 3 === 0 ? 'https://www.google.com/' : null,
        landing_page: '/floor-plans/canyon',
        homesite: index % 4 === 0 ? 12 + index : null,
        plan: index % 5 === 0 ? 'overlook' : null,
        lead_status: index % 7 === 0 ? 'contacted' : 'new',
      };
      if (index % 3 === 1) await seedTour(db, at, '2026-12-05T17:00:00.000Z', fields);
      else await seedMessage(db, at, { ...fields, subject: `Question about homesite ${index}` });
    }
    cookie = await signInCookie(suite.server.url);
  });

  // One page without JavaScript and one with it for all the tests, each loading its page afresh, signed in.
  const signedIn = {
    beforeVisit: (page: Page) => {
      const [name, value] = cookie.split('=') as [string, string];
      return page.context().addCookies([{ name, value, url: suite.server.url }]);
    },
  };
  const plainPage = reusedPage(suite, { ...signedIn, javaScriptEnabled: false });
  const scriptedPage = reusedPage(suite, signedIn);

  async function openInbox(width: number, path = '/admin/messages', javaScriptEnabled = false): Promise<OpenedPage> {
    const opened = await (javaScriptEnabled ? scriptedPage : plainPage).visit(path, { width });
    expect(opened.failures, `${path} loads`).to.deep.equal([]);
    expect(new URL(opened.page.url()).pathname, 'not sent to sign in').to.equal(
      new URL(path, suite.server.url).pathname,
    );
    return opened;
  }

  const listed = (page: Page) => page.locator('li[id^="lead-"]');
  const filters = (page: Page) => page.locator('form.lead-filter');

  it('filters by kind, source and status, and searches, with the plain form', async () => {
    const { page } = await openInbox(1280);
    await filters(page).getByLabel('Kind').selectOption('tour');
    await filters(page).getByLabel('Source').selectOption('facebook');
    await Promise.all([page.waitForURL(/kind=tour/), page.getByRole('button', { name: 'Filter' }).click()]);
    expect(new URL(page.url()).searchParams.get('source')).to.equal('facebook');
    expect(await listed(page).count()).to.equal(18);
    for (const id of await listed(page).evaluateAll((items) => items.map((item) => item.id))) {
      expect(id).to.match(/^lead-tour-/);
    }
    expect(await filters(page).getByLabel('Kind').inputValue()).to.equal('tour');

    await page.goto('/admin/messages');
    await filters(page).getByLabel('Status').selectOption('contacted');
    await Promise.all([page.waitForURL(/status=contacted/), page.getByRole('button', { name: 'Filter' }).click()]);
    expect(await listed(page).count()).to.equal(8);

    await page.goto('/admin/messages');
    await filters(page).getByLabel('Search').fill('buyer17@');
    await Promise.all([page.waitForURL(/q=buyer17/), page.getByRole('button', { name: 'Filter' }).click()]);
    expect(await listed(page).count()).to.equal(1);
    await Promise.all([page.waitForURL((url) => url.search === ''), page.getByRole('link', { name: 'Clear' }).click()]);
    expect(await listed(page).count()).to.equal(50);
  });

  it('pages through 54 leads: 50, then 4', async () => {
    const { page } = await openInbox(1280);
    expect(await listed(page).count()).to.equal(50);
    await page.getByRole('link', { name: 'Older' }).click();
    await page.waitForURL(/page=2/);
    expect(await listed(page).count()).to.equal(4);
    await Promise.all([page.waitForURL((url) => url.search === ''), page.getByRole('link', { name: 'Newer' }).click()]);
    expect(await listed(page).count()).to.equal(50);
  });

  it('saves a status and notes, back on the same filtered list', async () => {
    const { page } = await openInbox(1280, '/admin/messages?kind=message');
    const first = listed(page).first();
    const id = await first.getAttribute('id');
    await first.getByLabel('Status').selectOption('touring');
    await first.getByLabel('Notes').fill('Coming Saturday at 10.');
    await Promise.all([
      page.waitForURL(/kind=message#lead-message-/),
      first.getByRole('button', { name: 'Save' }).click(),
    ]);
    const saved = page.locator(`li[id="${id}"]`);
    expect(await saved.getByLabel('Status').inputValue()).to.equal('touring');
    expect(await saved.getByLabel('Notes').inputValue()).to.equal('Coming Saturday at 10.');
  });

  for (const width of WIDTHS) {
    it(`has no axe violations and no sideways scrolling at ${width} px (deletion step open)`, async () => {
      // Every lead is drawn by the same template: the contacted ones (messages and tours, with and without a
      // source; 8 seeded, one moved on by the test above) show each part of it, and axe, whose time grows with
      // every element, reads a sixth of a full page.
      const { page } = await openInbox(width, '/admin/messages?status=contacted', true);
      expect(await listed(page).count()).to.be.within(7, 8);
      expect(await page.locator('li[id^="lead-tour-"]').count(), 'tours among them').to.be.greaterThan(0);
      await screenshot(page, `inbox-${width}`);
      await listed(page).first().locator('summary').click();
      expect(await axeViolations(page), `axe on /admin/messages at ${width} px`).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);
      await screenshot(page, `inbox-erase-${width}`);
      await page.goto('/admin');
      expect(await axeViolations(page), `axe on /admin at ${width} px`).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);
      await screenshot(page, `admin-home-${width}`, { fullPage: true });
    });
  }
});
