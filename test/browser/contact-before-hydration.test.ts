import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { holdHydration } from './hold-hydration.js';
import { reusedPage } from './reused-page.js';
import { PHONE_WIDTH, useBrowserSuite, waitForHydration, waitUntil, WIDTHS } from './support.js';

/**
 * Widgets hydrate after the page's `load` event; on a slow phone a visitor has long started typing by then. What
 * they typed, and where their caret is, must survive React taking over, and the message must then send.
 */
const TYPED = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada.early@example.com',
  subject: 'Touring the model home',
  message: 'Could we visit on Saturday morning?',
};

const field = (page: Page, name: string) => page.locator(`form.contact-form [name="${name}"]`);

const sendButton = (page: Page) => page.locator('form.contact-form button[type="submit"]');

describe('Contact form typed into before it hydrates', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite({ CONTACT_RATE_LIMIT: '0' });
  // One page for every test and width, each test loading /contact afresh with the widget's code held back.
  const tab = reusedPage(suite);
  async function openHeld(width: number) {
    let hold!: Awaited<ReturnType<typeof holdHydration>>;
    const opened = await tab.visit('/contact', { width, prepare: async (page) => (hold = await holdHydration(page)) });
    return { ...opened, hold };
  }

  it('keeps what was typed when a key pressed mid-hydration makes React start the hydration over', async () => {
    const { page, problems, hold } = await openHeld(PHONE_WIDTH);
    await waitUntil(async () => hold.requested(), Boolean, 10_000, 'the page to ask for React');
    await field(page, 'firstname').pressSequentially(TYPED.firstname);
    await field(page, 'message').pressSequentially(TYPED.message);
    // React hydrates in slices, and fills in each field's defaultValue from the state as it goes (before its commit).
    // Once it has reached the message, a key goes down: React drops the slices done so far and hydrates again at once.
    // A slowed CPU (Lighthouse's phone) keeps the slices many, so the key lands among them, not after the commit.
    await page.evaluate(() => {
      const area = document.querySelector<HTMLTextAreaElement>('form.contact-form [name="message"]')!;
      const observer = new MutationObserver(() => {
        if (area.defaultValue !== area.value) return;
        observer.disconnect();
        const hydrated = document.querySelector('[data-widget="ContactForm"][data-hydrated]') !== null;
        Object.assign(window, { keyDuringHydration: !hydrated });
        area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true }));
      });
      observer.observe(area, { childList: true, characterData: true, subtree: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      hold.release();
      await waitForHydration(page, 'ContactForm', 60_000);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
    expect(await page.evaluate(() => (window as { keyDuringHydration?: boolean }).keyDuringHydration)).to.equal(true);
    expect(await field(page, 'firstname').inputValue()).to.equal(TYPED.firstname);
    expect(await field(page, 'message').inputValue()).to.equal(TYPED.message);
    expect(problems).to.deep.equal([]);
  });

  for (const width of WIDTHS) {
    it(`keeps every field, the focus and the caret, formats the phone, and sends (${width}px)`, async () => {
      const { page, problems, hold } = await openHeld(width);
      await waitUntil(async () => hold.requested(), Boolean, 10_000, 'the page to ask for React');
      const email = `early-${width}-${Date.now()}@example.com`;
      for (const [name, value] of Object.entries({ ...TYPED, email })) await field(page, name).pressSequentially(value);
      await field(page, 'phone').pressSequentially('+1 (970) 555-0199');
      // The visitor goes back into the message to add something just before " morning?".
      const message = field(page, 'message');
      await message.focus();
      for (let step = 0; step < ' morning?'.length; step += 1) await message.press('ArrowLeft');
      const caretBefore = await message.evaluate((area: HTMLTextAreaElement) => area.selectionStart);
      expect(await page.locator('[data-widget="ContactForm"][data-hydrated]').count(), 'not hydrated yet').to.equal(0);

      hold.release();
      await waitForHydration(page, 'ContactForm');
      // Once enhanced, the widget shows the phone in its own format: the sign that it now renders from its state.
      await waitUntil(
        () => field(page, 'phone').inputValue(),
        (value) => value === '(970) 555-0199',
        5_000,
        'the phone formatted',
      );

      for (const [name, value] of Object.entries({ ...TYPED, email }))
        expect(await field(page, name).inputValue(), name).to.equal(value);
      expect(await page.evaluate(() => document.activeElement?.id), 'focus stays in the message').to.equal(
        'contact-message',
      );
      expect(await message.evaluate((area: HTMLTextAreaElement) => area.selectionStart), 'the caret stays').to.equal(
        caretBefore,
      );
      await page.keyboard.type(' or Sunday');
      expect(await message.inputValue()).to.equal('Could we visit on Saturday or Sunday morning?');

      const answered = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/contact/submit');
      await sendButton(page).click();
      expect(await (await answered).text()).to.equal('success');
      await page.getByRole('status').waitFor();
      const row = await suite.server.db('contact_messages').where({ email }).first();
      expect(row, 'the message is stored').to.include({
        firstname: TYPED.firstname,
        lastname: TYPED.lastname,
        phone: '(970) 555-0199',
        subject: TYPED.subject,
        message: 'Could we visit on Saturday or Sunday morning?',
      });
      expect(problems).to.deep.equal([]);
    });

    it(`keeps the caret among the phone's digits when the number typed before hydration is formatted (${width}px)`, async () => {
      const { page, problems, hold } = await openHeld(width);
      await waitUntil(async () => hold.requested(), Boolean, 10_000, 'the page to ask for React');
      const phone = field(page, 'phone');
      await phone.pressSequentially('+1 970 555 0199');
      // Back before "0199", to correct the exchange.
      for (let step = 0; step < 4; step += 1) await phone.press('ArrowLeft');
      hold.release();
      await waitForHydration(page, 'ContactForm');
      await waitUntil(
        () => phone.inputValue(),
        (value) => value === '(970) 555-0199',
        5_000,
        'the phone formatted',
      );
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal('contact-phone');
      // "(970) 555|-0199": after the same six digits.
      expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).to.equal(9);
      await page.keyboard.press('Backspace');
      await page.keyboard.type('8');
      expect(await phone.inputValue()).to.equal('(970) 558-0199');
      expect(problems).to.deep.equal([]);
    });
  }
});
