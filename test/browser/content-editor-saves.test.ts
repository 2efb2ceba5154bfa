import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { minimalPdf } from '../support/sample-files.js';
import { STAFF_ENV } from '../support/staff.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { signInAtForm } from './staff-sign-in-form.js';
import { screenshot, useBrowserSuite, waitForHydration, WIDTHS } from './support.js';

/** Screenshots a person looks at: the picker, the conflict, a save's outcome at the foot of a long form. */
const SHOTS = '/tmp/shots-editor-saves';

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { folder: SHOTS });
}

/** A staff call from the page, as a colleague's browser would make it (their session is the same account here). */
async function call(
  page: Page,
  method: string,
  url: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([method, url, body]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const response = await fetch(url as string, {
        method: method as string,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    [method, url, body] as const,
  );
}

/** Whether the element is inside the window now (the person sees it without scrolling). */
async function inWindow(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

/**
 * Issue 35 item 4 in a real browser with JavaScript, at a phone's and a laptop's width: a file chosen from the
 * library by name, the draft line after a save by fetch, a save's outcome where the person is, and a conflict
 * shown field by field with the choice kept.
 */
describe('Content editors: saves, files and conflicts (browser)', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite(STAFF_ENV);
  // One page for every test (a new one starts a Chromium renderer); each test signs in afresh.
  const tab = reusedPage(suite);

  for (const width of WIDTHS) {
    it(`chooses a PDF by name, updates the draft line on save, and discards the draft at ${width} px`, async () => {
      const { page, problems } = await signInAtForm(tab, '/admin/content', { width });
      const name = `price-sheet-${width}.pdf`;
      await page.evaluate(
        async ([name, bytes]) => {
          const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(bytes)]), name);
          await fetch('/admin/files', { method: 'POST', headers: { 'X-CSRF-Token': token }, body: form });
        },
        [name, [...minimalPdf()]] as const,
      );
      await page.goto('/admin/content/media');
      await waitForHydration(page, 'ContentEditor');
      expect(await page.locator('#content-state-draft').innerText()).to.equal(
        'No draft: the form shows the published version.',
      );
      expect(await page.locator('#content-discard').isVisible()).to.equal(false);
      const picker = page.getByLabel('PDF for desktop');
      expect(await picker.evaluate((element) => element.tagName)).to.equal('SELECT');
      await picker.selectOption({ label: name });
      await shot(page, `media-picker-${width}`);
      await page.getByRole('button', { name: 'Save draft' }).first().click();
      await page.getByText(/Draft saved \(version \d+\)/).waitFor();
      await page.locator('#content-state-draft', { hasText: /^Draft: version \d+, saved .+ by staff\./ }).waitFor();
      expect(await page.locator('#content-discard').isVisible()).to.equal(true);

      await Promise.all([
        page.waitForURL(/done=discarded/),
        page.getByRole('button', { name: 'Discard draft' }).click(),
      ]);
      expect(await page.locator('#content-state-draft').innerText()).to.equal(
        'No draft: the form shows the published version.',
      );
      expect(await page.getByLabel('PDF for desktop').inputValue()).to.not.include(name);
      expect(problems).to.deep.equal([]);
    });

    it(`shows a save's outcome and its refusal where the person is, at the foot of a long form, at ${width} px`, async () => {
      const { page, problems } = await signInAtForm(tab, '/admin/content', { width });
      await page.goto('/admin/content/floor-plans');
      await waitForHydration(page, 'ContentEditor');
      const lowerSave = page.locator('.content-publish').getByRole('button', { name: 'Save draft' });
      await lowerSave.scrollIntoViewIfNeeded();
      expect(await inWindow(page, '#f-plans-0-name'), 'the first plan is far above').to.equal(false);
      await lowerSave.click();
      await page.locator('.content-editor-live .alert-success').waitFor();
      expect(await inWindow(page, '.content-editor-live .alert-success'), 'success in sight').to.equal(true);
      expect(await page.locator('.content-editor-live').getAttribute('aria-live')).to.equal('polite');
      await shot(page, `floor-plans-saved-at-foot-${width}`);

      // A refusal: the summary takes focus (it is read out and shown), each problem a link to its field.
      await page.locator('#f-plans-0-name').fill('');
      await lowerSave.scrollIntoViewIfNeeded();
      await lowerSave.click();
      await page.locator('#f-plans-0-name-error').waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'content-errors');
      expect(await inWindow(page, '#content-errors')).to.equal(true);
      expect(await page.locator('#f-plans-0-name-error').innerText()).to.equal('Name is required.');
      const link = page.locator('#content-errors a[href="#f-plans-0-name"]');
      expect(await link.count()).to.equal(1);
      await link.click();
      await page.waitForFunction(() => document.activeElement?.id === 'f-plans-0-name');
      expect(await inWindow(page, '#f-plans-0-name')).to.equal(true);
      await shot(page, `floor-plans-refused-${width}`);
      expect(problems).to.deep.equal([]);
    });

    it(`on a conflict shows each field's two values, keeps theirs where untouched, and saves the choice at ${width} px`, async () => {
      const { page, problems } = await signInAtForm(tab, '/admin/content', { width });
      await page.goto('/admin/content/community');
      await waitForHydration(page, 'ContentEditor');
      const view = (await call(page, 'GET', '/admin/content/community.json', undefined)).body as {
        published: { version: number; data: Record<string, unknown> };
        draft: { version: number; data: Record<string, unknown> } | null;
      };
      const latest = view.draft ?? view.published;
      const theirTagline = `Their tagline at ${width}`;
      const theirTitle = `Their title at ${width}`;
      const put = await call(page, 'PUT', '/admin/content/community/draft', {
        data: { ...latest.data, tagline: theirTagline, title: theirTitle },
        baseVersion: latest.version,
      });
      expect(put.status).to.equal(200);

      const myTitle = `My title at ${width}`;
      await page.locator('#f-title').fill(myTitle);
      await page.getByRole('button', { name: 'Save draft' }).first().click();
      const conflict = page.locator('.content-conflict');
      await conflict.waitFor();
      const tagline = conflict.getByRole('group', { name: 'Tagline' });
      expect(await tagline.getByLabel(`Keep theirs: “${theirTagline}”`).isChecked()).to.equal(true);
      const title = conflict.getByRole('group', { name: 'Title' });
      expect(await title.getByLabel(`Keep yours: “${myTitle}”`).isChecked()).to.equal(true);
      expect(await title.getByLabel(`Keep theirs: “${theirTitle}”`).isChecked()).to.equal(false);
      await shot(page, `community-conflict-${width}`);
      expect(await axeViolations(page)).to.deep.equal([]);

      await page.getByRole('button', { name: 'Save draft' }).first().click();
      await page.getByText(/Draft saved \(version \d+\)/).waitFor();
      const saved = (await call(page, 'GET', '/admin/content/community.json', undefined)).body as {
        draft: { data: { tagline: string; title: string } };
      };
      expect(saved.draft.data).to.include({ tagline: theirTagline, title: myTitle });
      expect(problems).to.deep.equal([]);
    });
  }

  it('has no axe violations on the media and promotions editors with their pickers', async () => {
    for (const width of WIDTHS) {
      const { page } = await signInAtForm(tab, '/admin/content', { width });
      const found: string[] = [];
      for (const id of ['media', 'promotions']) {
        await page.goto(`/admin/content/${id}`);
        await waitForHydration(page, 'ContentEditor');
        found.push(...(await axeViolations(page)));
        await screenshot(page, `${id}-${width}`, { folder: SHOTS, fullPage: true });
      }
      expect(found).to.deep.equal([]);
    }
  });
});
