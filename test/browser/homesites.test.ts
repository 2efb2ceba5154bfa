import { expect } from 'chai';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { ASSET_MANIFEST, PUBLIC_BUILD_DIR } from '../../src/render/build-paths.js';
import type { Page } from 'playwright-core';
import { STAFF_ENV } from '../support/staff.js';
import { axeViolations } from './axe-check.js';
import { holdHydration } from './hold-hydration.js';
import { reusedPage } from './reused-page.js';
import { signInWithForm } from './staff-sign-in-form.js';
import { leaveWithoutAsking } from './worker-pages.js';
import { screenshot, waitForHydration, waitUntil, WIDTHS, type OpenedPage } from './support.js';
import { useBrowserSuite } from './support.js';

/** The lot map and the staff editor in a real browser: tap, hover, filters, search, zoom, save, 409, bulk, CSV. */

const lot = (page: Page, number: number) => page.locator(`.lot-map-overlay [data-lot="${number}"]`);
const card = (page: Page) => page.locator('.lot-card');

describe('Lot map and homesite editor (browser)', function () {
  this.timeout(90_000);
  const suite = useBrowserSuite(STAFF_ENV);
  const openedStaffPages: Page[] = [];
  afterEach(async () => {
    for (const page of openedStaffPages.splice(0)) await page.close();
  });
  // Public pages: one page with JavaScript and one without, each test loading its page afresh.
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });
  async function open(path: string, widget: string, width = 1280, javaScriptEnabled = true): Promise<OpenedPage> {
    return javaScriptEnabled ? withScript.visit(path, { width, widget }) : withoutScript.visit(path, { width });
  }

  /**
   * Staff pages: one page signed in once for the file (signing in is tested elsewhere), resized for each width, that
   * each test loads the editor into afresh; the 409 test's second editor is a page of its own, closed after it.
   */
  const staff = reusedPage(suite);
  let signedIn: Promise<void> | undefined;
  async function staffPage(width: number): Promise<Page> {
    const { page } = await staff.at(width);
    signedIn ??= signInWithForm(page, '/admin/homesites');
    await signedIn;
    return page;
  }
  async function openEditor(width = 1280, { another = false } = {}): Promise<Page> {
    const page = another ? await (await staffPage(width)).context().newPage() : await staffPage(width);
    if (another) openedStaffPages.push(page);
    page.on('dialog', leaveWithoutAsking);
    await page.goto('/admin/homesites').finally(() => page.off('dialog', leaveWithoutAsking));
    await waitForHydration(page, 'HomesiteEditor');
    return page;
  }

  describe('/site-plan', () => {
    it('adds at most 25 KB gzip of JavaScript beyond what the page already loads (React, Nearby)', async () => {
      const manifest = JSON.parse(await fs.readFile(ASSET_MANIFEST, 'utf8')) as {
        widgets: Record<string, { js: string; imports: string[] }>;
      };
      const lotMap = manifest.widgets.LotMap!;
      const nearby = manifest.widgets.Nearby!;
      const own = [lotMap.js, ...lotMap.imports.filter((file) => !nearby.imports.includes(file))];
      let gzip = 0;
      for (const url of own) {
        gzip += zlib.gzipSync(
          await fs.readFile(path.join(PUBLIC_BUILD_DIR, url.replace(/^\/assets\//, 'assets/'))),
        ).length;
      }
      expect(gzip).to.be.at.most(25 * 1024);
    });

    for (const width of WIDTHS) {
      it(`shows a lot's card on tap, with its facts and "Ask about homesite N", at ${width} px`, async () => {
        const { page, problems } = await open('/site-plan', 'LotMap', width);
        await lot(page, 24).click();
        await expect(card(page).getByRole('heading')).to.exist;
        const text = await card(page).innerText();
        expect(text).to.include('Homesite 24');
        expect(text).to.include('Available');
        expect(text).to.include('7,960 sq ft');
        expect(text).to.include('Sweetwater II, Silverwood II, The Canyon');
        expect(await card(page).getByRole('link', { name: 'Ask about homesite 24' }).getAttribute('href')).to.equal(
          '/contact?homesite=24',
        );
        // The card is inside the page's width (on a phone it follows the map).
        const box = await card(page).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).to.equal(true);
        await screenshot(page, `homesites-card-${width}`);
        await page.keyboard.press('Escape');
        await card(page).waitFor({ state: 'detached' });
        expect(problems).to.deep.equal([]);
      });
    }

    it('shows the card while the pointer is over a lot', async () => {
      const { page } = await open('/site-plan', 'LotMap');
      await lot(page, 5).hover();
      expect(await card(page).innerText()).to.include('Quick move-in');
      expect(await card(page).innerText()).to.include('$559,900');
    });

    it('filters by status and by plan at once, keeping the choice in the address', async () => {
      const { page } = await open('/site-plan', 'LotMap');
      await page.getByLabel('Status', { exact: true }).selectOption('quick-move-in');
      await page.getByText('Showing 6 of 78 homesites').waitFor();
      expect(
        await page
          .locator('.lot-link:not(.is-dimmed)')
          .evaluateAll((links) => links.map((link) => link.getAttribute('data-lot'))),
      ).to.deep.equal(['5', '11', '19', '28', '41', '53']);
      await page.getByLabel('Plan', { exact: true }).selectOption('Silverwood II');
      await page.getByText('Showing 2 of 78 homesites').waitFor();
      expect(new URL(page.url()).search).to.equal('?status=quick-move-in&plan=Silverwood+II');
    });

    it('keeps a filter chosen and a number typed before the map hydrates, and shows them in the address', async () => {
      let hold!: Awaited<ReturnType<typeof holdHydration>>;
      const { page } = await withScript.visit('/site-plan', {
        prepare: async (page) => (hold = await holdHydration(page)),
      });
      await waitUntil(async () => hold.requested(), Boolean, 10_000, 'the page to ask for React');
      await page.getByLabel('Status', { exact: true }).selectOption('quick-move-in');
      await page.getByLabel('Find homesite').fill('53');
      hold.release();
      await waitForHydration(page, 'LotMap');
      await page.getByText('Showing 6 of 78 homesites').waitFor();
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).to.equal('quick-move-in');
      expect(await page.getByLabel('Find homesite').inputValue()).to.equal('53');
      expect(await page.locator('.lot-link:not(.is-dimmed)').count()).to.equal(6);
      expect(new URL(page.url()).search).to.equal('?status=quick-move-in');
      await page.getByLabel('Find homesite').press('Enter');
      await page.locator('.lot-card:focus').waitFor();
      expect(await card(page).getAttribute('aria-label')).to.equal('Homesite 53');
    });

    it('finds a lot by its number from the keyboard and moves focus to its card', async () => {
      const { page } = await open('/site-plan', 'LotMap');
      await page.getByLabel('Find homesite').fill('53');
      await page.keyboard.press('Enter');
      await page.locator('.lot-card:focus').waitFor();
      expect(await card(page).getAttribute('aria-label')).to.equal('Homesite 53');
      await page.getByLabel('Find homesite').fill('99');
      await page.keyboard.press('Enter');
      expect(await page.getByRole('alert').innerText()).to.equal('There is no homesite 99.');
    });

    it('zooms in and pans with the buttons and a drag, and resets', async () => {
      const { page } = await open('/site-plan', 'LotMap', 375);
      const stage = page.locator('.lot-map-stage');
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await stage.evaluate((element) => (element as HTMLElement).style.transform)).to.match(/scale\(2\.25\)/);
      // The buttons sit above the drawing: a click scrolls only them into view, the drawing may still be below.
      await page.locator('.lot-map-viewport').scrollIntoViewIfNeeded();
      const box = (await page.locator('.lot-map-viewport').boundingBox())!;
      const before = await stage.evaluate((element) => (element as HTMLElement).style.transform);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 5 });
      await page.mouse.up();
      expect(await stage.evaluate((element) => (element as HTMLElement).style.transform)).not.to.equal(before);
      await page.getByRole('button', { name: 'Show the whole site plan' }).click();
      expect(await stage.evaluate((element) => (element as HTMLElement).style.transform)).to.equal('');
    });

    it('is complete without JavaScript: shapes link to each homesite, the table lists them all, the filter form works', async () => {
      const { page } = await open('/site-plan', 'LotMap', 375, false);
      expect(await page.locator('.lot-map-overlay a[href^="/homesites/"]').count()).to.equal(78);
      expect(await page.locator('table.homesite-table tbody tr').count()).to.equal(78);
      await page.getByLabel('Status', { exact: true }).selectOption('sold');
      await Promise.all([page.waitForURL(/status=sold/), page.getByRole('button', { name: 'Show' }).click()]);
      expect(await page.locator('.lot-link:not(.is-dimmed)').count()).to.equal(24);
      await page.getByLabel('Find homesite').fill('12');
      await Promise.all([page.waitForURL(/\/homesites\/12$/), page.getByRole('button', { name: 'Go' }).click()]);
      expect(await page.locator('h1').innerText()).to.equal('Homesite 12');
    });
  });

  describe('/admin/homesites', () => {
    const row = (page: Page, number: number) => page.locator(`tr[data-lot="${number}"]`);

    it('saves a row inline and the public map shows it', async () => {
      const page = await openEditor();
      await row(page, 10).getByLabel('Status of homesite 10').selectOption('under-contract');
      await row(page, 10).getByRole('button', { name: 'Save homesite 10' }).click();
      await row(page, 10).getByText('Saved.').waitFor();
      const map = await open('/site-plan', 'LotMap');
      expect(await lot(map.page, 10).getAttribute('data-status')).to.equal('under-contract');
    });

    it('saves a price typed as "$552,900", and says why 5529 is refused before posting anything', async () => {
      const page = await openEditor();
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      await row(page, 14).getByLabel('Price of homesite 14 in dollars').fill('5529');
      await row(page, 14).getByRole('button', { name: 'Save homesite 14' }).click();
      await row(page, 14)
        .getByText(/price must be at least \$100,000 .*\$5,529 looks like a digit is missing/)
        .waitFor();
      expect(posts).to.deep.equal([]);

      await row(page, 14).getByLabel('Price of homesite 14 in dollars').fill('$552,900');
      await row(page, 14).getByRole('button', { name: 'Save homesite 14' }).click();
      await row(page, 14).getByText('Saved.').waitFor();
      expect(await suite.server.db('homesites').where({ lot: 14 }).first()).to.include({ price: 552_900 });
    });

    it('shows what is stored when someone else saved the lot first (409), overwriting nothing', async () => {
      const page = await openEditor();
      const other = await openEditor(1280, { another: true });
      await row(other, 12).getByLabel('Price of homesite 12 in dollars').fill('612000');
      await row(other, 12).getByRole('button', { name: 'Save homesite 12' }).click();
      await row(other, 12).getByText('Saved.').waitFor();

      await row(page, 12).getByLabel('Status of homesite 12').selectOption('under-contract');
      await row(page, 12).getByRole('button', { name: 'Save homesite 12' }).click();
      await row(page, 12)
        .getByText(/changed homesite 12 meanwhile/)
        .waitFor();
      expect(await row(page, 12).getByLabel('Price of homesite 12 in dollars').inputValue()).to.equal('612000');
      expect(await row(page, 12).getByLabel('Status of homesite 12').inputValue()).to.equal('sold');
      await screenshot(page, 'homesites-editor-409');
      const stored = await suite.server.db('homesites').where({ lot: 12 }).first();
      expect(stored).to.include({ status: 'sold', price: 612000, version: 2 });
    });

    it('sets the status of the selected rows at once, and the lot history shows the change', async () => {
      const page = await openEditor();
      for (const number of [30, 32, 33]) await page.getByLabel(`Select homesite ${number}`).check();
      await page.locator('.homesite-bulk select').selectOption('sold');
      await page.getByRole('button', { name: 'Apply to selected (3)' }).click();
      await page.getByText('3 homesites set to Sold.').waitFor();
      for (const number of [30, 32, 33]) {
        expect(await row(page, number).getByLabel(`Status of homesite ${number}`).inputValue()).to.equal('sold');
      }
      await page.getByRole('link', { name: 'History of homesite 32' }).click();
      await page.getByRole('heading', { name: 'History of homesite 32' }).waitFor();
      expect(await page.locator('main').innerText()).to.match(/status: available → sold/);
    });

    it('keeps the rows ticked before the editor hydrated selected', async () => {
      const page = await staffPage(1280);
      const hold = await holdHydration(page);
      try {
        await page.goto('/admin/homesites');
        await waitUntil(async () => hold.requested(), Boolean, 10_000, 'the page to ask for React');
        for (const number of [40, 42]) await page.getByLabel(`Select homesite ${number}`).check();
        hold.release();
        await waitForHydration(page, 'HomesiteEditor');
        await page.getByRole('button', { name: 'Apply to selected (2)' }).waitFor();
        for (const number of [40, 42])
          expect(await page.getByLabel(`Select homesite ${number}`).isChecked(), `homesite ${number}`).to.equal(true);
      } finally {
        hold.release();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      }
    });

    it('exports a CSV that imports back: the dry run lists the change, the import applies it', async () => {
      const page = await openEditor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const csv = (await fs.readFile((await download.path())!, 'utf8')).replace(/^"40","available"/m, '"40","sold"');
      await page.setInputFiles('input[name="file"]', {
        name: 'homesites.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByText('Dry run: this file would change 1 homesites').waitFor();
      expect(await page.locator('.homesite-import-report').innerText()).to.include(
        'homesite 40: status available → sold',
      );
      expect((await suite.server.db('homesites').where({ lot: 40 }).first()).status).to.equal('available');
      await page.setInputFiles('input[name="file"]', {
        name: 'homesites.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByLabel(/Dry run/).uncheck();
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByText('Imported: 1 homesites').waitFor();
      expect((await suite.server.db('homesites').where({ lot: 40 }).first()).status).to.equal('sold');
    });
  });

  describe('accessibility (axe-core, WCAG 2.1 A/AA)', function () {
    this.timeout(180_000);
    for (const width of WIDTHS) {
      it(`finds no violation on /site-plan with the lot card open at ${width} px`, async () => {
        const map = await open('/site-plan', 'LotMap', width);
        await lot(map.page, 5).click();
        await card(map.page).waitFor();
        // The rest of /site-plan is checked as loaded by accessibility.test.ts.
        const found = await axeViolations(map.page, undefined, '[data-widget="LotMap"]');
        expect(found, found.join('\n')).to.deep.equal([]);
      });

      it(`finds no violation on /homesites/N and /quick-move-in at ${width} px`, async () => {
        const { page } = await withScript.visit('/quick-move-in', { width });
        const found = (await axeViolations(page)).map((violation) => `/quick-move-in: ${violation}`);
        for (const path of ['/homesites/5', '/homesites/24']) {
          await page.goto(path);
          found.push(...(await axeViolations(page)).map((violation) => `${path}: ${violation}`));
        }
        expect(found, found.join('\n')).to.deep.equal([]);
      });

      it(`finds no violation on /admin/homesites and a lot's history at ${width} px`, async () => {
        const staff = await openEditor(width);
        const found = (await axeViolations(staff)).map((violation) => `/admin/homesites: ${violation}`);
        await staff.goto('/admin/homesites/5/history');
        found.push(...(await axeViolations(staff)).map((violation) => `history: ${violation}`));
        expect(found, found.join('\n')).to.deep.equal([]);
      });
    }
  });
});
