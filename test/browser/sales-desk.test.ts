import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seedMessage, seedTour } from '../support/leads.js';
import { signInCookie, STAFF_ENV } from '../support/staff.js';
import { openTourSlots } from '../support/tour-slots.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, WIDTHS } from './support.js';

/**
 * A counselor's day on the sales desk, in the browser: on a phone and a desktop, with JavaScript and without (the
 * desk's pages are plain forms, so both must work the same). axe runs with JavaScript on: it is a script itself, and
 * with scripts off the page's HTML is the same.
 */
describe('The sales desk in the browser', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' });
  let cookie = '';
  let slots: string[] = [];
  let nextSlot = 0;

  before(async () => {
    cookie = await signInCookie(suite.server.url);
    slots = await openTourSlots(suite.server.url);
  });

  /** Whatever sticks out of the page sideways, or null. */
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.scrollWidth;
      if (width <= window.innerWidth) return null;
      const wide = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
      return `${width} px wide: ${wide.join(', ')}`;
    });

  // One page with JavaScript and one without, for every width: a browser context for each test would start a Chromium
  // renderer each time, which costs more than the pages it loads. Each test starts with a session of its own and
  // nothing recorded by the test before.
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });

  async function signedInPage(width: number, javaScriptEnabled: boolean) {
    const opened = await (javaScriptEnabled ? withScript : withoutScript).at(width);
    opened.page.setDefaultTimeout(15_000);
    await opened.context.clearCookies();
    for (const list of [opened.problems, opened.requests, opened.failures]) list.length = 0;
    const [name, value] = cookie.split('=') as [string, string];
    await opened.context.addCookies([{ name, value, url: suite.server.url }]);
    return opened;
  }

  for (const javaScriptEnabled of [false, true]) {
    for (const width of WIDTHS) {
      const label = `${width} px, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;
      const shot = (name: string) => `desk-${name}-${width}-${javaScriptEnabled ? 'js' : 'nojs'}`;

      it(`works a lead: note, owner, follow-up, a refused and a sent reply (${label})`, async () => {
        const email = `desk-${width}-${String(javaScriptEnabled)}@example.com`;
        const db = suite.server.db;
        const at = new Date(Date.now() - 2 * 3600_000).toISOString();
        const id = await seedMessage(db, at, {
          email,
          phone: `(970) 555-${String(width + (javaScriptEnabled ? 1 : 0)).padStart(4, '0')}`,
          subject: 'Walkout basements?',
          message: 'Which homesites allow a walkout basement?',
          utm_source: 'google',
        });
        await seedTour(
          db,
          new Date(Date.now() - 3600_000).toISOString(),
          new Date(Date.now() + 86_400_000).toISOString(),
          {
            email: email.toUpperCase(),
            phone: `(719) 555-${String(width + (javaScriptEnabled ? 1 : 0)).padStart(4, '0')}`,
          },
        );
        const { page, problems, failures } = await signedInPage(width, javaScriptEnabled);
        await page.goto(`/admin/leads/message/${id}`);
        expect(await page.locator('h1').textContent()).to.equal('Pat Buyer');
        expect(await page.locator('.buyer-leads li').count(), 'the buyer’s two leads').to.equal(2);
        expect(await overflow(page)).to.equal(null);
        if (javaScriptEnabled) expect(await axeViolations(page, `lead page, ${label}`)).to.deep.equal([]);
        await screenshot(page, shot('lead'), { fullPage: true });

        await page.getByLabel('Note (a call, a visit, what the buyer wants)').fill('Called: prefers lot 24.');
        await Promise.all([page.waitForURL(/done=notes/), page.getByRole('button', { name: 'Add note' }).click()]);
        expect(await page.locator('.timeline').textContent()).to.include('Called: prefers lot 24.');

        await page.getByLabel('Owner', { exact: true }).selectOption('staff');
        await Promise.all([page.waitForURL(/done=owner/), page.getByRole('button', { name: 'Set owner' }).click()]);
        expect(await page.getByLabel('Owner', { exact: true }).inputValue()).to.equal('staff');

        await page.getByLabel('Follow up on').fill('2026-12-01');
        await Promise.all([
          page.waitForURL(/done=follow-up/),
          page.getByRole('button', { name: 'Set follow-up' }).click(),
        ]);
        expect(await page.getByLabel('Follow up on').inputValue()).to.equal('2026-12-01');

        // A refused reply comes back with its problem next to the field and the message as typed.
        await page.getByLabel('Subject', { exact: true }).fill('');
        await page.getByLabel('Message', { exact: true }).fill('Lot 24 takes a walkout.');
        await page.evaluate(() => document.querySelectorAll('form').forEach((form) => (form.noValidate = true)));
        await page.getByRole('button', { name: 'Send e-mail' }).click();
        await page.locator('#reply-subject-error').waitFor();
        expect(await page.getByLabel('Message', { exact: true }).inputValue()).to.equal('Lot 24 takes a walkout.');
        expect(await page.getByLabel('Subject', { exact: true }).getAttribute('aria-invalid')).to.equal('true');
        if (javaScriptEnabled)
          expect(await axeViolations(page, `lead page, refused reply, ${label}`)).to.deep.equal([]);
        await screenshot(page, shot('lead-refused'), { fullPage: true });

        await page.getByLabel('Subject', { exact: true }).fill('Your walkout basement');
        await Promise.all([page.waitForURL(/done=reply/), page.getByRole('button', { name: 'Send e-mail' }).click()]);
        expect(await page.locator('.timeline').textContent()).to.include('Your walkout basement');
        expect(await page.getByRole('status').textContent()).to.include('E-mail queued');
        expect(problems).to.deep.equal([]);
        // The refused reply answered 400, as it should.
        expect(failures.filter((failure) => !failure.endsWith(' 400'))).to.deep.equal([]);
      });

      it(`books a walk-in, moves it, cancels it on /admin/tours (${label})`, async () => {
        const { page, problems, failures } = await signedInPage(width, javaScriptEnabled);
        const [start, later] = [slots[nextSlot++]!, slots[nextSlot++]!];
        const firstname = `Walk${width}${javaScriptEnabled ? 'Js' : 'Plain'}`;
        await page.goto(`/admin/tours?from=${start.slice(0, 10)}`);
        expect(await overflow(page)).to.equal(null);
        if (javaScriptEnabled) expect(await axeViolations(page, `tours, ${label}`)).to.deep.equal([]);
        await page.getByText('Book a tour for a walk-in or a caller').click();
        await page.evaluate(() => document.querySelectorAll('form').forEach((form) => (form.noValidate = true)));
        await page.getByLabel('First name').fill(firstname);
        await page.getByRole('button', { name: 'Book the tour' }).click();
        await page.locator('#book-lastname-error').waitFor();
        expect(await page.getByLabel('First name').inputValue()).to.equal(firstname);
        expect(await overflow(page)).to.equal(null);
        if (javaScriptEnabled) expect(await axeViolations(page, `tours, refused booking, ${label}`)).to.deep.equal([]);
        await screenshot(page, shot('tours-refused'), { fullPage: true });

        await page.getByLabel('Last name').fill('Walker');
        await page.getByLabel('E-mail').fill('walker@example.com');
        await page.getByLabel('Phone', { exact: true }).fill('970 555 0142');
        await page.getByLabel('Time', { exact: true }).selectOption(start);
        await Promise.all([
          page.waitForURL(/done=booked/),
          page.getByRole('button', { name: 'Book the tour' }).click(),
        ]);
        await page.goto(`/admin/tours?from=${start.slice(0, 10)}`);
        expect(await page.locator('body').textContent()).to.include(`${firstname} Walker`);
        await screenshot(page, shot('tours'), { fullPage: true });

        await page.getByRole('link', { name: `Move ${firstname} Walker’s tour` }).click();
        expect(await overflow(page)).to.equal(null);
        if (javaScriptEnabled) expect(await axeViolations(page, `move a tour, ${label}`)).to.deep.equal([]);
        await screenshot(page, shot('move'), { fullPage: true });
        await page.getByLabel('New time').selectOption(later);
        await Promise.all([page.waitForURL(/done=moved/), page.getByRole('button', { name: 'Move the tour' }).click()]);
        const row = await suite.server.db('tours').where({ firstname }).first();
        expect(row.start_at).to.equal(new Date(later).toISOString());

        await page.goto(`/admin/tours?from=${later.slice(0, 10)}`);
        await page
          .locator('li', { hasText: `${firstname} Walker` })
          .getByText('Cancel…')
          .click();
        await Promise.all([
          page.waitForURL(/done=cancelled/),
          page.getByRole('button', { name: `Cancel ${firstname} Walker’s tour` }).click(),
        ]);
        expect((await suite.server.db('tours').where({ firstname }).first()).status).to.equal('cancelled');
        expect(problems).to.deep.equal([]);
        expect(failures.filter((failure) => !failure.endsWith(' 400'))).to.deep.equal([]);
      });
    }
  }

  it('shows who registered an agent-registration lead and when the protection ends, at both widths', async () => {
    const response = await fetch(`${suite.server.url}/agents/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        agent_firstname: 'Alma',
        agent_lastname: 'Agent-Castellanos',
        agent_email: 'alma.castellanos@frontrange-realty-partners.example',
        agent_phone: '(970) 555-0120',
        brokerage: 'Front Range Realty Partners',
        license: 'FA100200300',
        client_firstname: 'Cleo',
        client_lastname: 'Client',
        client_email: 'cleo-browser@example.com',
      }),
    });
    expect(response.status).to.equal(200);
    const id = Number((await suite.server.db('agent_registrations').max({ id: 'id' }).first())!.id);
    for (const width of WIDTHS) {
      const { page, problems } = await signedInPage(width, true);
      await page.goto(`/admin/leads/agent-registration/${id}`);
      const card = page.locator('section[aria-labelledby="agent-heading"]');
      expect(await card.textContent())
        .to.include('Front Range Realty Partners')
        .and.include('FA100200300');
      expect(await card.locator('time').count()).to.equal(1);
      expect(await overflow(page)).to.equal(null);
      expect(await axeViolations(page, `agent registration lead, ${width} px`)).to.deep.equal([]);
      await screenshot(page, `desk-agent-lead-${width}`, { fullPage: true });
      expect(problems).to.deep.equal([]);
    }
  });

  it('shows follow-ups due and the time to first response on the dashboard, at both widths', async () => {
    for (const width of WIDTHS) {
      const { page } = await signedInPage(width, true);
      await page.goto('/admin');
      expect(await page.locator('#follow-ups-heading').count()).to.equal(1);
      expect(await overflow(page)).to.equal(null);
      expect(await axeViolations(page, `dashboard, ${width} px`)).to.deep.equal([]);
      await screenshot(page, `desk-dashboard-${width}`, { fullPage: true });
      await page.goto('/admin/messages?owner=staff');
      expect(await axeViolations(page, `my leads, ${width} px`)).to.deep.equal([]);
      expect(await page.locator('li[id^="lead-"]').count()).to.be.greaterThan(0);
      expect(await overflow(page)).to.equal(null);
      await screenshot(page, `desk-my-leads-${width}`, { fullPage: true });
    }
  });
});
