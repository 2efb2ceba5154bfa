import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../src/shared/constants.js';
import { PHONE_HINT } from '../../src/shared/contact-rules.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { PHONE_WIDTH, screenshot, useBrowserSuite, WIDTHS } from './support.js';

/**
 * Both lead forms in a real browser: the phone formatted as it is typed on both (its hint in sight throughout),
 * long messages in any script sent with and without JavaScript, the summary a post without JavaScript opens on,
 * and the rate limit's own sentence in place of the generic failure alert.
 */
const BUYER = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' };
const CJK_MESSAGE = '你'.repeat(4_999);
const EMOJI_MESSAGE = '🏡'.repeat(4_999);

const FORMS = [
  { path: '/tours', form: 'form.tour-form', widget: undefined },
  { path: '/contact', form: 'form.contact-form', widget: 'ContactForm' },
] as const;

/** The element that has focus, as a short description: tag, id and class. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName.toLowerCase()}#${active.id}.${active.className}` : 'none';
  });

async function chooseFirstTime(page: Page): Promise<void> {
  await page.locator('input[name="start"]:not([disabled])').first().check();
}

/** Types `text` into the field as a keyboard or an input method would, so that its maxlength applies. */
async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).focus();
  await page.keyboard.insertText(text);
}

/**
 * Waits (up to 5 s) for the new page's autofocus to land on `id`: the load event can come before it is applied, so a
 * read straight after the navigation may still see <body>. The assertion after it says what did have focus.
 */
async function focusLanded(page: Page, id: string): Promise<void> {
  await page
    .waitForFunction((wanted) => document.activeElement?.id === wanted, id, { timeout: 5000 })
    .catch(() => undefined);
}

describe('Lead forms in the browser', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite({ CONTACT_RATE_LIMIT: '0' });
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });

  for (const { path, form, widget } of FORMS) {
    it(`formats 9705550111 as (970) 555-0111 while typing on ${path}, the hint in sight throughout`, async () => {
      const { page } = await withScript.visit(path, { width: PHONE_WIDTH, widget });
      const phone = page.locator(`${form} input[name="phone"]`);
      const hint = page.locator(`${form} .field-hint`, { hasText: PHONE_HINT });
      if (!widget)
        await page.waitForFunction(() =>
          performance.getEntriesByType('resource').some((entry) => entry.name.includes('/phone-input-')),
        );
      await phone.click();
      for (const digit of '9705550111') {
        await page.keyboard.type(digit);
        expect(await hint.isVisible(), `the hint after typing ${digit}`).to.equal(true);
      }
      expect(await phone.inputValue()).to.equal('(970) 555-0111');
      expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).to.equal(14);
      // A digit deleted in the middle keeps the caret where it was.
      await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(4, 4));
      await page.keyboard.press('Backspace');
      expect(await phone.inputValue()).to.equal('(975) 550-111');
      expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).to.equal(3);
      await screenshot(page, `lead-form-phone-${path.slice(1)}`);
    });
  }

  it('books a tour with a 4,999-emoji note typed without JavaScript', async () => {
    const { page } = await withoutScript.visit('/tours', { width: 1280 });
    await chooseFirstTime(page);
    for (const [name, value] of Object.entries(BUYER))
      await page.locator(`form.tour-form [name="${name}"]`).fill(value);
    await page.locator('form.tour-form [name="phone"]').fill('9705550111');
    await typeInto(page, 'form.tour-form [name="message"]', EMOJI_MESSAGE);
    expect([...(await page.locator('form.tour-form [name="message"]').inputValue())]).to.have.length(4_999);
    await Promise.all([
      page.waitForURL(/\/tours\/[A-Za-z0-9_-]{43}$/),
      page.getByRole('button', { name: 'Book my tour' }).click(),
    ]);
    const row = await suite.server.db('tours').orderBy('id', 'desc').first();
    expect(row).to.include({ phone: '(970) 555-0111', message: EMOJI_MESSAGE });
  });

  it('sends a 4,999-character Chinese message with JavaScript', async () => {
    const { page } = await withScript.visit('/contact', { width: 1280, widget: 'ContactForm' });
    for (const [name, value] of Object.entries({ ...BUYER, phone: '9705550111', subject: '中文' }))
      await page.locator(`form.contact-form [name="${name}"]`).fill(value);
    await typeInto(page, 'form.contact-form [name="message"]', CJK_MESSAGE);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.contactSuccess }).waitFor();
    const row = await suite.server.db('contact_messages').where({ subject: '中文' }).first();
    expect(row).to.include({ phone: '(970) 555-0111', message: CJK_MESSAGE });
  });

  for (const width of WIDTHS) {
    it(`opens /contact after a post without JavaScript on a focused summary of every problem, each a link to its field, at ${width}px`, async () => {
      const { page } = await withoutScript.visit('/contact', { width });
      await page.locator('form.contact-form [name="email"]').fill('ada@example');
      await Promise.all([
        page.waitForURL('**/contact/submit'),
        page.getByRole('button', { name: 'Send message' }).click(),
      ]);
      await focusLanded(page, 'contact-problems');
      expect(await focused(page)).to.equal('div#contact-problems.error-summary');
      const summary = page.getByRole('group', { name: 'There is a problem with these 6 fields' });
      expect(await summary.getByRole('link').count()).to.equal(6);
      expect(await summary.isVisible()).to.equal(true);
      await screenshot(page, `contact-error-summary-${width}`);
      await summary.getByRole('link', { name: 'Phone' }).click();
      expect(await focused(page)).to.match(/^input#contact-phone\./);
    });

    it(`opens /tours after a post without JavaScript on a focused summary of every problem at ${width}px`, async () => {
      const { page } = await withoutScript.visit('/tours', { width });
      await page.locator('form.tour-form [name="firstname"]').fill('Ada');
      await page.locator('form.tour-form [name="phone"]').fill('970555011');
      await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Book my tour' }).click(),
      ]);
      await page.waitForLoadState();
      await focusLanded(page, 'tour-problems');
      expect(await focused(page)).to.equal('div#tour-problems.error-summary');
      const summary = page.getByRole('group', { name: /^There is a problem/ });
      const links = await summary.getByRole('link').allTextContents();
      expect(links).to.deep.equal(['Day and time', 'Last name', 'Email', 'Phone']);
      await screenshot(page, `tours-error-summary-${width}`);
      await summary.getByRole('link', { name: 'Last name' }).click();
      expect(await focused(page)).to.match(/^input#tour-lastname\./);
    });
  }

  it('has no axe violation on either form with its summary shown', async () => {
    const { page } = await withScript.visit('/tours', { width: PHONE_WIDTH });
    await page.getByRole('button', { name: 'Book my tour' }).click();
    await page.getByText('There is a problem').waitFor();
    expect(await axeViolations(page), '/tours').to.deep.equal([]);
    // The contact page as a plain post left it, hydrated: the summary stays until the next send.
    const contact = await withScript.visit('/contact', { width: PHONE_WIDTH, widget: 'ContactForm' });
    await contact.page
      .locator('form.contact-form')
      .evaluate((form: HTMLFormElement) => HTMLFormElement.prototype.submit.call(form));
    await contact.page.getByText('There is a problem').waitFor();
    expect(await axeViolations(contact.page), '/contact').to.deep.equal([]);
  });

  it('shows no summary when the form is sent with JavaScript: the first field with a problem takes focus', async () => {
    const { page } = await withScript.visit('/contact', { width: PHONE_WIDTH, widget: 'ContactForm' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.invalidPhone }).waitFor();
    expect(await page.locator('.error-summary').count()).to.equal(0);
    expect(await focused(page)).to.match(/^input#contact-firstname\./);
  });
});

describe('Lead forms over CONTACT_RATE_LIMIT in the browser', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite({ CONTACT_RATE_LIMIT: '1' });
  const withScript = reusedPage(suite);

  it('shows the server’s sentence, when to try again and the phone, instead of the generic failure alert', async () => {
    const { page } = await withScript.visit('/contact', { width: PHONE_WIDTH, widget: 'ContactForm' });
    const send = async (subject: string) => {
      for (const [name, value] of Object.entries({ ...BUYER, phone: '9705550111', subject, message: 'Hello' }))
        await page.locator(`form.contact-form [name="${name}"]`).fill(value);
      await page.getByRole('button', { name: 'Send message' }).click();
    };
    await send('First');
    await page.getByRole('status').filter({ hasText: MESSAGES.contactSuccess }).waitFor();
    await send('Second');
    const alert = page.getByRole('alert').filter({ hasText: 'try again' });
    await alert.waitFor();
    expect(await alert.textContent()).to.match(
      /^We have received several requests from you in a short time: please try again in \d+ minutes?, or call our sales team at \(970\) 555-0142\.$/,
    );
    expect(await page.getByText(MESSAGES.contactFailure).count()).to.equal(0);
    expect(await page.locator('form.contact-form [name="subject"]').inputValue()).to.equal('Second');
    await screenshot(page, 'contact-rate-limited');
  });
});
