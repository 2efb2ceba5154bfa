import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { MESSAGES } from '../../src/shared/constants.js';
import { EMAIL_PATTERN_ATTRIBUTE } from '../../src/shared/contact-rules.js';
import { reusedPage } from './reused-page.js';
import { accessibleNode, PHONE_WIDTH, screenshot, useBrowserSuite, waitUntil, WIDTHS } from './support.js';

/** The contact form (seed-spec §4, §5, §7, §8), in a real browser against the real server and database. */
const FIELDS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  phone: '9705550142',
  subject: 'Touring the model home',
  message: 'Could we visit on Saturday morning?',
};

type Field = keyof typeof FIELDS;

function field(page: Page, name: Field) {
  return page.locator(`form.contact-form [name="${name}"]`);
}

async function fillForm(page: Page, values: Partial<Record<Field, string>> = {}) {
  const all = { ...FIELDS, ...values };
  for (const name of Object.keys(all) as Field[]) {
    if (name === 'phone') {
      await field(page, name).fill('');
      if (all.phone) await field(page, name).pressSequentially(all.phone);
    } else {
      await field(page, name).fill(all[name]);
    }
  }
}

/** Records the contact posts the page sends. */
function watchSubmits(page: Page): Request[] {
  const submits: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/contact/submit') submits.push(request);
  });
  return submits;
}

const sendButton = (page: Page) => page.locator('form.contact-form button[type="submit"]');
const visibleAlerts = (page: Page) => page.locator('form.contact-form .alert:visible').allTextContents();

describe('Contact form', function () {
  const suite = useBrowserSuite({ CONTACT_RATE_LIMIT: '0' });
  // One page with JavaScript and one without for every test and width, each test loading /contact afresh.
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });
  const openForm = (width: number) => withScript.visit('/contact', { width, widget: 'ContactForm' });

  // What the form does does not depend on the width: it is checked at the phone's. Where its messages appear is
  // checked at both widths below (the layout tests and axe cover the page at every width).
  describe(`at ${PHONE_WIDTH}px`, function () {
    const width = PHONE_WIDTH;
    this.timeout(45_000);

    it('formats the phone as (123) 456-7890 while typing, keeping only digits and at most 10 of them', async () => {
      const { page } = await openForm(width);
      const phone = field(page, 'phone');
      await phone.pressSequentially('97a0');
      expect(await phone.inputValue()).to.equal('970');
      await phone.pressSequentially('-5');
      expect(await phone.inputValue()).to.equal('(970) 5');
      await phone.pressSequentially('5 5x01');
      expect(await phone.inputValue()).to.equal('(970) 555-01');
      await phone.pressSequentially('99123');
      expect(await phone.inputValue()).to.equal('(970) 555-0199');
      await phone.fill('');
      await phone.pressSequentially('+1 (970) 555-0142 ext 9');
      expect(await phone.inputValue(), 'only the first 10 digits are kept').to.match(/^\(\d{3}\) \d{3}-\d{4}$/);
    });

    it('keeps the caret after the digit typed or deleted in the middle of the phone', async () => {
      const { page } = await openForm(width);
      const phone = field(page, 'phone');
      await phone.pressSequentially('123456789');
      expect(await phone.inputValue()).to.equal('(123) 456-789');
      const caret = () => phone.evaluate((input: HTMLInputElement) => input.selectionStart);
      await phone.press('Home');
      for (let step = 0; step < 3; step += 1) await phone.press('ArrowRight');
      expect(await caret()).to.equal(3); // "(12|3) 456-789"
      await phone.press('0');
      expect(await phone.inputValue()).to.equal('(120) 345-6789');
      expect(await waitUntil(caret, (at) => at === 4, 2_000, 'the caret after the typed 0')).to.equal(4);
      await phone.press('Backspace');
      expect(await phone.inputValue()).to.equal('(123) 456-789');
      expect(await waitUntil(caret, (at) => at === 3, 2_000, 'the caret where the 0 was')).to.equal(3);
    });

    it(`shows "${MESSAGES.invalidPhone}" and sends nothing when the phone is not 14 characters`, async () => {
      const { page, problems } = await openForm(width);
      const submits = watchSubmits(page);
      await fillForm(page, { phone: '970555014' });
      expect(await field(page, 'phone').inputValue()).to.have.length(13);
      await sendButton(page).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).to.equal(MESSAGES.invalidPhone);
      expect(await visibleAlerts(page)).to.deep.equal([MESSAGES.invalidPhone]);
      // The phone field itself says what is wrong, and keyboard focus is taken back to it.
      const phone = await accessibleNode(page, '#contact-phone');
      expect(phone.description).to.equal(MESSAGES.invalidPhone);
      expect(await field(page, 'phone').getAttribute('aria-invalid')).to.equal('true');
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal('contact-phone');
      await screenshot(page, `contact-invalid-phone-${width}`);
      // The submit handler has run to its end (the alert shows, focus moved): a post would have gone out by now.
      expect(submits, 'no request was sent').to.have.length(0);
      expect(problems).to.deep.equal([]);
    });

    it(`sends a valid message: "${MESSAGES.contactSuccess}", the form is reset, other alerts hidden, the row stored`, async () => {
      const { page, problems } = await openForm(width);
      const email = `lead-${width}-${Date.now()}@example.com`;
      // First a refused phone, so there is another alert to hide.
      await fillForm(page, { email, phone: '970' });
      await sendButton(page).click();
      await page.getByRole('alert').waitFor();
      await field(page, 'phone').fill('');
      await field(page, 'phone').pressSequentially(FIELDS.phone);
      const response = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/contact/submit');
      await sendButton(page).click();
      expect(await (await response).text()).to.equal('success');
      const status = page.getByRole('status');
      await status.waitFor();
      expect(await status.textContent()).to.equal(MESSAGES.contactSuccess);
      expect(await visibleAlerts(page)).to.deep.equal([MESSAGES.contactSuccess]);
      expect(
        await page.evaluate(() => document.activeElement?.textContent),
        'focus, dropped by the disabled button, is on the outcome',
      ).to.equal(MESSAGES.contactSuccess);
      for (const name of Object.keys(FIELDS) as Field[])
        expect(await field(page, name).inputValue(), name).to.equal('');
      expect(await page.locator('form.contact-form [aria-invalid="true"]').count()).to.equal(0);
      const row = await suite.server.db('contact_messages').where({ email }).first();
      expect(row, 'the message is in the database').to.include({
        firstname: FIELDS.firstname,
        lastname: FIELDS.lastname,
        phone: '(970) 555-0142',
        subject: FIELDS.subject,
        message: FIELDS.message,
      });
      await screenshot(page, `contact-success-${width}`);
      expect(problems).to.deep.equal([]);
    });

    it(`shows "${MESSAGES.contactFailure}" when the request fails, keeping what was typed`, async () => {
      const { page } = await openForm(width);
      await page.route('**/contact/submit', (route) => route.abort('failed'));
      await fillForm(page);
      await sendButton(page).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).to.equal(MESSAGES.contactFailure);
      expect(await visibleAlerts(page)).to.deep.equal([MESSAGES.contactFailure]);
      expect(await field(page, 'firstname').inputValue()).to.equal(FIELDS.firstname);
      expect(await sendButton(page).isEnabled(), 'the visitor can try again').to.equal(true);
      await screenshot(page, `contact-failure-${width}`);
    });

    it('shows the same failure alert when the server answers anything but "success"', async () => {
      const { page } = await openForm(width);
      const answers = [
        { status: 200, body: 'ok' },
        { status: 200, body: 'success\n' },
        { status: 400, body: 'Phone: Invalid phone number' },
      ];
      for (const answer of answers) {
        await page.unrouteAll();
        await page.route('**/contact/submit', (route) => route.fulfill({ ...answer, contentType: 'text/plain' }));
        await fillForm(page);
        const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/contact/submit');
        await sendButton(page).click();
        await answered;
        const alert = page.getByRole('alert');
        await alert.waitFor();
        expect(await alert.textContent(), JSON.stringify(answer)).to.equal(MESSAGES.contactFailure);
        expect(await page.getByRole('status').count()).to.equal(0);
      }
    });

    it('disables the send button while the message is being sent', async () => {
      const { page } = await openForm(width);
      const submits = watchSubmits(page);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/contact/submit', async (route) => {
        await held;
        await route.continue();
      });
      await fillForm(page, { email: `slow-${width}-${Date.now()}@example.com` });
      await sendButton(page).click();
      await waitUntil(() => sendButton(page).isDisabled(), Boolean, 5_000, 'the button to be disabled');
      expect(await sendButton(page).textContent()).to.equal('Sending…');
      // Enter in a field would submit again, were the button not disabled.
      await field(page, 'subject').press('Enter');
      release();
      await page.getByRole('status').waitFor();
      expect(await sendButton(page).isEnabled()).to.equal(true);
      expect(submits, 'one message sent').to.have.length(1);
    });

    it('asks for an email with type=email, the seed pattern and an example address as hint', async () => {
      const { page } = await openForm(width);
      const email = field(page, 'email');
      expect(await email.getAttribute('type')).to.equal('email');
      expect(await email.getAttribute('pattern')).to.equal(EMAIL_PATTERN_ATTRIBUTE);
      expect(await email.getAttribute('placeholder')).to.match(/^[\w.]+@[\w.-]+\.[a-z]{2,4}$/);
      const mismatch = async (value: string) => {
        await email.fill(value);
        return email.evaluate(
          (input: HTMLInputElement) => input.validity.patternMismatch || input.validity.typeMismatch,
        );
      };
      expect(await mismatch('first.last+tag@mail.example.com')).to.equal(false);
      expect(await mismatch('ada@example.c')).to.equal(true);
      expect(await mismatch('ada@example.museum'), 'an ending of any length from 2 letters').to.equal(false);
      expect(await mismatch('ada lovelace@example.com')).to.equal(true);
    });

    it('works without JavaScript: the plain form post shows the success message and stores the row', async () => {
      const { page } = await withoutScript.visit('/contact', { width });
      const email = `nojs-${width}-${Date.now()}@example.com`;
      for (const [name, value] of Object.entries({ ...FIELDS, email, phone: '(970) 555-0142' })) {
        await page.locator(`form.contact-form [name="${name}"]`).fill(value);
      }
      await Promise.all([page.waitForURL('**/contact?sent=1'), sendButton(page).click()]);
      expect(await page.getByRole('status').textContent()).to.equal(MESSAGES.contactSuccess);
      expect(await suite.server.db('contact_messages').where({ email }).first()).to.include({
        firstname: FIELDS.firstname,
      });
      await screenshot(page, `contact-no-js-success-${width}`);
    });
  });

  for (const width of WIDTHS) {
    describe(`at ${width}px`, function () {
      this.timeout(45_000);

      it("shows each field's problem next to it, tied by aria-describedby, and takes focus to the first one", async () => {
        const { page } = await openForm(width);
        const submits = watchSubmits(page);
        await fillForm(page, { firstname: '', email: 'ada-at-example.com', message: '   ' });
        await sendButton(page).click();
        await waitUntil(
          () => page.locator('[aria-invalid="true"]').count(),
          (count) => count === 3,
          5_000,
          'three invalid fields',
        );
        for (const name of ['firstname', 'email', 'message'] as const) {
          const input = field(page, name);
          expect(await input.getAttribute('aria-invalid'), name).to.equal('true');
          const describedBy = (await input.getAttribute('aria-describedby'))!;
          const message = page.locator(`#${describedBy}`);
          expect(await message.isVisible(), `${name} problem is shown`).to.equal(true);
          // "Next to it": in the same field box, right under the input.
          const [inputBox, messageBox] = [(await input.boundingBox())!, (await message.boundingBox())!];
          expect(messageBox.y, name).to.be.within(inputBox.y + inputBox.height - 1, inputBox.y + inputBox.height + 40);
          const node = await accessibleNode(page, `#contact-${name}`);
          expect(node.description, `${name} is announced with its problem`).to.equal(await message.textContent());
        }
        expect(await page.evaluate(() => document.activeElement?.id)).to.equal('contact-firstname');
        expect(await field(page, 'lastname').getAttribute('aria-invalid')).to.equal(null);
        await screenshot(page, `contact-field-errors-${width}`);
        expect(submits).to.have.length(0);
        await field(page, 'firstname').fill('Ada');
        expect(
          await field(page, 'firstname').getAttribute('aria-invalid'),
          'fixing a field clears its problem',
        ).to.equal(null);
      });
    });
  }
});
