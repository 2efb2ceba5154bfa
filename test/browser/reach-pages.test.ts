import { expect } from 'chai';
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { useBrowserSuite, WIDTHS } from './support.js';

/**
 * axe-core (WCAG 2.1 A and AA) on the pages "Reach beyond the site" adds, at both widths: /agents (as loaded and
 * with a plain post's problems), /interest, the interest form on / and /site-plan, and the pages the e-mailed
 * confirm and unsubscribe links open; and the staff page /admin/interest with its update form, the form's problems,
 * an update's preview and the sent update. REACH_SHOTS=<folder> also saves a screenshot of each for a person to
 * look at.
 */
const SHOTS = process.env.REACH_SHOTS;

async function shot(page: Page, name: string, selector?: string): Promise<void> {
  if (!SHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  if (selector) await page.locator(selector).screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('Reach pages: accessibility', function () {
  this.timeout(120_000);
  // A real SMTP server, so the staff page's preview offers to send (it does not without mail): its address is known
  // once it listens, before the suite's server starts (this hook is registered first, so it runs first).
  const sink = new SmtpSink();
  const env: Record<string, string> = { ...STAFF_ENV, CONTACT_RATE_LIMIT: '0', CONTACT_TO: 'sales@example.com' };
  before(async () => {
    await sink.start();
    env.SMTP_URL = sink.url;
  });
  after(() => sink.stop());
  const suite = useBrowserSuite(env);
  let confirmPath = '';
  let unsubscribePath = '';

  before(async () => {
    const answer = await fetch(`${suite.server.url}/interest`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'shots@example.com', firstname: 'Sky' }),
    });
    expect(await answer.text()).to.equal('success');
    const entry = (await suite.server.db('interest_entries').where({ email: 'shots@example.com' }).first()) as {
      confirm_token: string;
      unsubscribe_token: string;
    };
    confirmPath = `/interest/confirm/${entry.confirm_token}`;
    unsubscribePath = `/interest/unsubscribe/${entry.unsubscribe_token}`;
    // A confirmed entry for the staff page's updates to go to.
    await fetch(`${suite.server.url}/interest`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'list@example.com', plan: 'canyon' }),
    });
    const listed = (await suite.server.db('interest_entries').where({ email: 'list@example.com' }).first()) as {
      confirm_token: string;
    };
    expect((await fetch(`${suite.server.url}/interest/confirm/${listed.confirm_token}`)).status).to.equal(200);
  });

  // One page for every test at both widths: a browser context for each would start a Chromium renderer each time,
  // which costs more than the pages it loads. Each test starts with no cookie and nothing recorded by the test before.
  const reused = reusedPage(suite);
  async function freshPage(width: number) {
    const opened = await reused.at(width);
    await opened.context.clearCookies();
    for (const list of [opened.problems, opened.requests, opened.failures]) list.length = 0;
    return opened;
  }

  for (const width of WIDTHS) {
    it(`has no violations at ${width} px on /agents, with and without a plain post's problems`, async () => {
      const { page, problems } = await freshPage(width);
      await page.goto('/agents');
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `agents-${width}`);
      await page.evaluate(() => document.querySelector('form.agents-form')?.setAttribute('novalidate', ''));
      await page.locator('#agent-agent-firstname').fill('Rita');
      await page.locator('#agent-client-email').fill('not an address');
      await Promise.all([
        page.waitForURL('**/agents/register'),
        page.locator('form.agents-form button[type=submit]').click(),
      ]);
      expect(await page.locator('.field-error').count()).to.be.greaterThan(3);
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `agents-problems-${width}`);
      expect(problems).to.deep.equal([]);
    });

    it(`has no violations at ${width} px in the interest form on / and /site-plan, and on /interest`, async () => {
      const { page } = await freshPage(width);
      await page.goto('/');
      expect(await axeViolations(page, page.url(), '#interest-home')).to.deep.equal([]);
      await shot(page, `interest-home-${width}`, '#interest-home');
      await page.goto('/site-plan');
      expect(await axeViolations(page, page.url(), '#interest-site-plan')).to.deep.equal([]);
      await shot(page, `interest-site-plan-${width}`, '#interest-site-plan');
      await page.goto('/interest');
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `interest-page-${width}`);
      await page.locator('#interest-page-email').fill('sky.two@example.com');
      await Promise.all([
        page.waitForURL('**/interest?sent=1'),
        page.locator('#interest-page button[type=submit]').click(),
      ]);
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `interest-sent-${width}`);
    });

    it(`has no violations at ${width} px on the confirm and unsubscribe pages`, async () => {
      const { page } = await freshPage(width);
      await page.goto(confirmPath);
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `interest-confirmed-${width}`);
      await page.goto(unsubscribePath);
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `interest-unsubscribe-ask-${width}`);
      if (width === WIDTHS[WIDTHS.length - 1]) {
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Unsubscribe' }).click()]);
        await page.locator('.alert-success').waitFor();
        expect(await axeViolations(page)).to.deep.equal([]);
        await shot(page, `interest-unsubscribed-${width}`);
      }
    });

    it(`has no violations at ${width} px on /admin/interest: the update form, its problems, the preview, the sent update`, async () => {
      const { page, problems } = await freshPage(width);
      await page.goto(`/login?next=${encodeURIComponent('/admin/interest')}`);
      await page.getByLabel('Username').fill('staff');
      await page.getByLabel('Password').fill(STAFF_PASSWORD);
      await Promise.all([
        page.waitForURL((url) => url.pathname === '/admin/interest'),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `admin-interest-${width}`);

      // A plain post with every field wrong: the problems next to each field, at once.
      await page.evaluate(() => document.querySelector('form.interest-update-form')?.setAttribute('novalidate', ''));
      await page.locator('#update-text').fill('A note without a subject.');
      await Promise.all([
        page.waitForURL('**/admin/interest/updates'),
        page.getByRole('button', { name: 'Preview' }).click(),
      ]);
      await page.evaluate(() => document.querySelector('form.interest-update-form')?.setAttribute('novalidate', ''));
      await page.locator('#update-text').fill('');
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Preview' }).click()]);
      expect(await page.locator('.interest-update-form .field-error').count()).to.equal(2);
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `admin-interest-problems-${width}`);

      await page.locator('#update-subject').fill('The Canyon model opens on Saturday');
      await page
        .locator('#update-text')
        .fill(
          'Hello from Maple Hollow,\n\nThe Canyon model home opens this Saturday from 10 to 4. Come and see it, with coffee from the sales centre.',
        );
      await page.locator('#update-plan').selectOption('canyon');
      await Promise.all([
        page.waitForURL(/\/admin\/interest\/updates\/\d+$/),
        page.getByRole('button', { name: 'Preview' }).click(),
      ]);
      await page.locator('.interest-preview').waitFor();
      expect(await page.locator('.mail-preview-text').textContent()).to.include('400 Summit Lane');
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `admin-interest-preview-${width}`, '.interest-preview');

      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Send to 1 person' }).click()]);
      await page.locator('.interest-preview .alert-success').waitFor();
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, `admin-interest-sent-${width}`);
      expect(problems).to.deep.equal([]);
    });
  }
});
