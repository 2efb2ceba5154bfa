import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../src/shared/constants.js';
import { CONTACT_FIELDS, CONTACT_LABELS } from '../../src/shared/contact-rules.js';
import { reusedPage } from './reused-page.js';
import { PHONE_WIDTH, screenshot, useBrowserSuite, waitUntil } from './support.js';

/**
 * The contract's deviations from the seed's contact rules, in a real browser: a phone pasted or autofilled with
 * its country code, every problem shown at once (with and without JavaScript), the subject prefilled from
 * `/contact?plan=<slug>`.
 */
const VALID = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.homes',
  subject: 'Touring the model home',
  message: 'Could we visit on Saturday morning?',
};

const field = (page: Page, name: string) => page.locator(`form.contact-form [name="${name}"]`);
const sendButton = (page: Page) => page.locator('form.contact-form button[type="submit"]');

/** What a browser's autofill does: the value set in one go, then input and change events. */
async function autofill(page: Page, name: string, value: string): Promise<void> {
  await field(page, name).evaluate((element: HTMLInputElement, text) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** The problem shown under each field (by aria-describedby), or the seed's alert the phone points at. */
async function problems(page: Page): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const name of CONTACT_FIELDS) {
    const describedBy = await field(page, name).getAttribute('aria-describedby');
    if (describedBy) found[name] = (await page.locator(`#${describedBy}`).textContent()) ?? '';
  }
  return found;
}

const EVERY_PROBLEM = {
  firstname: `${CONTACT_LABELS.firstname} is required.`,
  lastname: `${CONTACT_LABELS.lastname} is required.`,
  email: `${CONTACT_LABELS.email} is required.`,
  phone: MESSAGES.invalidPhone,
  subject: `${CONTACT_LABELS.subject} is required.`,
  message: `${CONTACT_LABELS.message} is required.`,
};

describe('Contact form rules in the browser', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite({ CONTACT_RATE_LIMIT: '0' });
  // One page with JavaScript and one without for every test and width, each test loading its page afresh.
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });

  // The rules do not depend on the width: they are checked at the phone's, where they are typed most.
  describe(`at ${PHONE_WIDTH}px`, () => {
    const width = PHONE_WIDTH;
    it('reads a pasted "+1 (970) 555-0199" as (970) 555-0199, with the caret at the end', async () => {
      const { page } = await withScript.visit('/contact', { width, widget: 'ContactForm' });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.evaluate(() => navigator.clipboard.writeText('+1 (970) 555-0199'));
      const phone = field(page, 'phone');
      await phone.focus();
      await page.keyboard.press('ControlOrMeta+V');
      expect(await phone.inputValue()).to.equal('(970) 555-0199');
      await waitUntil(
        () => phone.evaluate((input: HTMLInputElement) => input.selectionStart),
        (caret) => caret === 14,
        2_000,
        'the caret after the last digit',
      );
    });

    it('reads autofilled numbers written with a country code, dots or dashes', async () => {
      const { page } = await withScript.visit('/contact', { width, widget: 'ContactForm' });
      for (const written of ['+1 (970) 555-0199', '1-970-555-0199', '+19705550199', '970.555.0199']) {
        await autofill(page, 'phone', written);
        expect(await field(page, 'phone').inputValue(), written).to.equal('(970) 555-0199');
      }
    });

    it('reads "1-970-555-0199" typed key by key, then sends it', async () => {
      const { page } = await withScript.visit('/contact', { width, widget: 'ContactForm' });
      const email = `typed-${width}-${Date.now()}@example.realty`;
      for (const [name, value] of Object.entries({ ...VALID, email })) await field(page, name).fill(value);
      await field(page, 'phone').pressSequentially('1-970-555-0199');
      expect(await field(page, 'phone').inputValue()).to.equal('(970) 555-0199');
      const answered = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/contact/submit');
      await sendButton(page).click();
      expect(await (await answered).text()).to.equal('success');
      const row = await suite.server.db('contact_messages').where({ email }).first();
      expect(row).to.include({ phone: '(970) 555-0199', email });
    });

    it(`shows every field's problem at once on an empty send, the phone's as "${MESSAGES.invalidPhone}"`, async () => {
      const { page } = await withScript.visit('/contact', { width, widget: 'ContactForm' });
      const sent: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/contact/submit') sent.push(request.url());
      });
      await sendButton(page).click();
      await page.getByRole('alert').waitFor();
      expect(await problems(page)).to.deep.equal(EVERY_PROBLEM);
      expect(await page.getByRole('alert').textContent()).to.equal(MESSAGES.invalidPhone);
      expect(await page.locator('form.contact-form [aria-invalid="true"]').count()).to.equal(CONTACT_FIELDS.length);
      expect(await page.evaluate(() => document.activeElement?.id), 'focus on the first problem').to.equal(
        'contact-firstname',
      );
      expect(sent, 'nothing sent').to.deep.equal([]);
      await screenshot(page, `contact-every-problem-${width}`);
    });

    it("shows every field's problem at once without JavaScript too", async () => {
      const { page } = await withoutScript.visit('/contact', { width });
      const [answer] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/contact/submit', {
          timeout: 10_000,
        }),
        sendButton(page).click(),
      ]);
      expect(answer.status(), 'the browser posted the empty form: it does not stop at the first problem').to.equal(400);
      await page.waitForLoadState();
      expect(await problems(page)).to.deep.equal(EVERY_PROBLEM);
      await screenshot(page, `contact-no-js-every-problem-${width}`, { fullPage: true });
    });

    it('prefills the subject from /contact?plan=canyon and sends the plan along', async () => {
      const { page } = await withScript.visit('/contact?plan=canyon', { width, widget: 'ContactForm' });
      expect(await field(page, 'subject').inputValue()).to.equal('Question about The Canyon');
      const email = `plan-${width}-${Date.now()}@example.com`;
      const { subject: _subject, ...rest } = VALID;
      for (const [name, value] of Object.entries({ ...rest, email })) await field(page, name).fill(value);
      await field(page, 'phone').pressSequentially('9705550199');
      const posted = page.waitForRequest((request) => new URL(request.url()).pathname === '/contact/submit');
      await sendButton(page).click();
      const body = new URLSearchParams((await posted).postData() ?? '');
      expect(body.get('plan')).to.equal('canyon');
      expect(body.get('subject')).to.equal('Question about The Canyon');
      await page.getByRole('status').waitFor();
      expect(await suite.server.db('contact_messages').where({ email }).first()).to.include({
        subject: 'Question about The Canyon',
      });
    });

    it('prefills the subject without JavaScript too', async () => {
      const { page } = await withoutScript.visit('/floor-plans/overlook', { width });
      await Promise.all([page.waitForURL('**/contact?plan=overlook'), page.getByText('Ask about Overlook').click()]);
      expect(await field(page, 'subject').inputValue()).to.equal('Question about Overlook');
      expect(await field(page, 'plan').inputValue()).to.equal('overlook');
    });

    it('asks browsers to autofill the phone with autocomplete="tel"', async () => {
      const { page } = await withoutScript.visit('/contact', { width });
      expect(await field(page, 'phone').getAttribute('autocomplete')).to.equal('tel');
      expect(await field(page, 'phone').getAttribute('type')).to.equal('tel');
    });
  });
});
