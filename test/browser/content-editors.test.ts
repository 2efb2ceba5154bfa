import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { SECTION_IDS } from '../../src/content/schema.js';
import { addDays, dateInZone } from '../../src/shared/tour-slots.js';
import { STAFF_ENV } from '../support/staff.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { signInAtForm } from './staff-sign-in-form.js';
import { screenshot, useBrowserSuite, waitForHydration, WIDTHS } from './support.js';

/** Where the screenshots a person looks at go (list, floor-plans editor, history at both widths). */
const SHOTS = '/tmp/shots-editors';
const ZONE = 'America/Denver';

/**
 * Issue 28: a person edits sections as staff do, at a phone's and a laptop's width, with JavaScript and without:
 * types the tagline and a plan's price, adds a promotion and moves it up by keyboard, saves drafts, previews,
 * publishes and sees it all on the public site.
 */
describe('Content editors (browser)', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite(STAFF_ENV);
  let run = 0;
  // One page with JavaScript and one without, and a second page for the preview and the public site, each kept for
  // every test (a new one starts a Chromium renderer): each test signs in afresh and gives the second page its session.
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });
  const viewer = reusedPage(suite);

  for (const javaScriptEnabled of [true, false]) {
    for (const width of WIDTHS) {
      it(`edits, saves, previews and publishes at ${width} px ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
        run += 1;
        const tab = javaScriptEnabled ? withScript : withoutScript;
        const { page, problems } = await signInAtForm(tab, '/admin/content', { width });
        const tagline = `Homes from the 600s, run ${run}`;
        const price = 612_000 + run;
        const title = `Incentive number ${run}`;

        /** Saves the form as the person does; with JavaScript the page stays, without it comes back. */
        async function saveDraft() {
          if (javaScriptEnabled) {
            const url = page.url();
            await page.getByRole('button', { name: 'Save draft' }).first().click();
            await page.getByText(/Draft saved \(version \d+\)/).waitFor();
            expect(page.url(), 'no reload').to.equal(url);
          } else {
            await Promise.all([
              page.waitForURL(/done=saved/),
              page.getByRole('button', { name: 'Save draft' }).first().click(),
            ]);
            await page.getByText(/Draft saved/).waitFor();
          }
        }
        async function openEditor(id: string) {
          await page.goto(`/admin/content/${id}`);
          if (javaScriptEnabled) await waitForHydration(page, 'ContentEditor');
        }
        async function publish() {
          await Promise.all([
            page.waitForURL(/done=published/),
            page.getByRole('button', { name: 'Publish now' }).first().click(),
          ]);
        }

        await openEditor('community');
        await page.locator('#f-tagline').fill(tagline);
        if (javaScriptEnabled) {
          // Leaving with unsaved changes asks first.
          let asked = '';
          page.once('dialog', (dialog) => {
            asked = dialog.type();
            void dialog.dismiss();
          });
          await page.getByRole('link', { name: 'Dashboard' }).click();
          await page.waitForTimeout(100);
          expect(asked).to.equal('beforeunload');
          expect(new URL(page.url()).pathname).to.equal('/admin/content/community');
        }
        await saveDraft();

        await openEditor('floor-plans');
        await page.locator('#f-plans-0-basePrice').fill(String(price));
        if (javaScriptEnabled) {
          // A refusal by the JSON call shows next to its field, typed values kept.
          await page.locator('#f-plans-1-beds').fill('');
          await page.getByRole('button', { name: 'Save draft' }).first().click();
          await page.locator('#f-plans-1-beds-error').waitFor();
          expect(await page.locator('#content-errors').isVisible()).to.equal(true);
          expect(await page.locator('#f-plans-0-basePrice').inputValue()).to.equal(String(price));
          await page.locator('#f-plans-1-beds').fill('3');
        }
        await saveDraft();
        if (run <= 2) await shot(page, `floor-plans-editor-${width}`);

        await openEditor('promotions');
        const count = Number(await page.locator('input[name="promotions.length"]').inputValue());
        // The list buttons post the form; the new page focuses the new item (autofocus, applied after parsing).
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Add promotion' }).click()]);
        await page.waitForFunction(() => document.activeElement?.tagName === 'LI', undefined, { timeout: 5000 });
        expect(await page.evaluate(() => document.activeElement?.querySelector('input')?.id)).to.equal(
          `f-promotions-${count}-title`,
        );
        const today = dateInZone(Date.now(), ZONE);
        await page.locator(`#f-promotions-${count}-title`).fill(title);
        await page.locator(`#f-promotions-${count}-text`).fill('Closing costs paid on every plan.');
        await page.locator(`#f-promotions-${count}-starts`).fill(addDays(today, -1));
        await page.locator(`#f-promotions-${count}-ends`).fill(addDays(today, 30));
        if (count > 0) {
          // By keyboard: focus the new item's Move up button and press Enter; focus comes back to the same button
          // (to Move down once the item is first, where Move up is disabled).
          await page.getByRole('button', { name: `Move up: Promotion ${count + 1}`, exact: true }).focus();
          await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
          await page.locator(`#f-promotions-${count - 1}-title`).waitFor();
          expect(await page.locator(`#f-promotions-${count - 1}-title`).inputValue()).to.equal(title);
          const movedFocus = count === 1 ? 'down:promotions.0' : `up:promotions.${count - 1}`;
          await page.waitForFunction(
            (value) => (document.activeElement as HTMLButtonElement | null)?.value === value,
            movedFocus,
            { timeout: 5000 },
          );
          if (javaScriptEnabled) await waitForHydration(page, 'ContentEditor');
        }
        await saveDraft();

        // Preview shows the drafts; the public site does not yet. Seen in the same session, in another tab.
        const session = await page.context().cookies();
        const { page: publicPage } = await viewer.visit('/preview/', {
          width,
          prepare: async (viewerPage) => {
            await viewerPage.context().clearCookies();
            await viewerPage.context().addCookies(session);
          },
        });
        expect(await publicPage.locator('body').innerText()).to.include(tagline);
        await publicPage.goto('/');
        expect(await publicPage.locator('body').innerText()).to.not.include(tagline);

        await openEditor('community');
        await publish();
        await openEditor('floor-plans');
        await publish();
        await openEditor('promotions');
        await publish();

        await publicPage.goto('/');
        const home = await publicPage.locator('body').innerText();
        expect(home).to.include(tagline);
        expect(home).to.include(title);
        const slug = await page
          .evaluate(async () => {
            const response = await fetch('/admin/content/floor-plans.json');
            return ((await response.json()) as { published: { data: { plans: { slug: string }[] } } }).published.data
              .plans[0]!.slug;
          })
          .catch(() => undefined);
        await publicPage.goto(`/floor-plans/${slug ?? 'sweetwater-ii'}`);
        expect(await publicPage.locator('body').innerText()).to.include(`From $${price.toLocaleString('en-US')}`);
        expect(problems).to.deep.equal([]);
      });
    }
  }

  it('has no axe violations on the list, every editor and the history, and screenshots them', async () => {
    for (const width of WIDTHS) {
      const { page } = await signInAtForm(withScript, '/admin/content', { width });
      const found: string[] = [];
      found.push(...(await axeViolations(page)));
      await shot(page, `content-list-${width}`);
      for (const id of width === 1280 ? SECTION_IDS : (['community', 'floor-plans', 'promotions', 'tours'] as const)) {
        await page.goto(`/admin/content/${id}`);
        await waitForHydration(page, 'ContentEditor');
        found.push(...(await axeViolations(page)));
      }
      await page.goto('/admin/content/community/history?compare=1');
      found.push(...(await axeViolations(page)));
      await shot(page, `history-${width}`);
      expect(found).to.deep.equal([]);
    }
  });
});

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { folder: SHOTS, fullPage: true });
}
