import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { passwordFingerprint, tokenHash } from '../../src/services/team.js';
import { seedTour } from '../support/leads.js';
import { appStaffRoutes, concreteRoutePath } from '../support/admin-routes.js';
import { PUBLIC_PAGES } from '../support/site-pages.js';
import { signIn, signInCookie, STAFF_ENV } from '../support/staff.js';
import { inviteLink } from '../support/team.js';
import { openTourSlots } from '../support/tour-slots.js';
import { reusedPage } from './reused-page.js';
import { useBrowserSuite } from './support.js';

const RESET_TOKEN = 'reset-token-for-the-form-origins-0123456789';
// 43 characters, as a real one (32 random bytes in base64url).
const TOUR_TOKEN = 'tour-token-for-the-form-origins-01234567890';

/** What a refusal as cross-site looks like: the JSON of a call, or the page of a form post. */
const CROSS_SITE = /Cross-site requests are not allowed|This form could not be sent/;

interface FormPage {
  path: string;
  /** Signed in as the owner (a fresh session for each form: a form may sign out or end sessions). */
  staff: boolean;
}

interface Submission {
  page: string;
  action: string;
  status: number;
  origin: string | undefined;
  refused: boolean;
}

/**
 * Every page with a form, public and staff (the staff pages read from the app's router), in Chromium: each POST form
 * is sent from the page itself, as the browser sends it (the page's own referrer policy, so its own Origin or
 * `Origin: null`), by HTMLFormElement.submit (which no script can intercept). None may be refused as cross-site.
 */
describe('Every form, as the browser sends it', function () {
  this.timeout(600_000);
  const suite = useBrowserSuite({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0', LOGIN_RATE_LIMIT: '1000' });
  const pages: FormPage[] = [];
  let invitation = '';

  before(async () => {
    const { url, db } = suite.server;
    const owner = await signIn(url);
    invitation = new URL(await inviteLink(url, owner, 'sales', 'new.counselor@example.com')).pathname;
    const user = await db('users').where({ username: 'staff' }).first();
    await db('password_resets').insert({
      token_hash: tokenHash(RESET_TOKEN),
      user_id: user.id,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      password_fingerprint: passwordFingerprint(user.password_hash),
    });
    const [slot] = await openTourSlots(url);
    const now = new Date().toISOString();
    await seedTour(db, now, slot ?? new Date(Date.now() + 3 * 86400_000).toISOString(), { token: TOUR_TOKEN });
    const publicPaths = PUBLIC_PAGES.filter((page) => page.method !== 'POST').map((page) => page.path);
    for (const path of [
      ...publicPaths,
      '/login',
      '/login/forgot',
      invitation,
      `/login/reset/${RESET_TOKEN}`,
      `/tours/${TOUR_TOKEN}`,
      `/tours/${TOUR_TOKEN}/cancel`,
    ])
      pages.push({ path, staff: false });
    const staffPages = appStaffRoutes(suite.server)
      .filter((route) => route.method === 'GET' && !route.mount && !/\.(json|csv|ics)$/.test(route.path))
      .map((route) => concreteRoutePath(route.path, { slug: 'canyon', lot: '1', kind: 'tour', ref: '1', id: '1' }));
    for (const path of staffPages) pages.push({ path, staff: true });
  });

  /** The POST forms of a page: their actions, one of each (numbers in an action are the same form for another row). */
  async function postForms(page: Page): Promise<{ index: number; action: string }[]> {
    const forms = await page.$$eval('form', (elements) =>
      elements.map((form, index) => ({
        index,
        // The attribute, not form.action: a field named "action" would stand in for it.
        method: (form.getAttribute('method') ?? 'get').toLowerCase(),
        action: new URL(form.getAttribute('action') ?? '', location.href).pathname,
      })),
    );
    const seen = new Set<string>();
    return forms.filter((form) => {
      const kind = form.action.replace(/\d+/g, 'N');
      if (form.method !== 'post' || seen.has(kind)) return false;
      seen.add(kind);
      return true;
    });
  }

  // One page for the whole walk: a new browser context for each form would start a Chromium renderer each time,
  // which costs more than the page. Each visit starts with no cookie but a fresh session's when the page is staff's.
  const walker = reusedPage(suite);

  /** `target` loaded afresh, with a session of its own (signed in when the page is staff's) and no other cookie. */
  async function opened(target: FormPage): Promise<Page> {
    const { page } = await walker.visit(target.path, {
      width: 1280,
      prepare: async (page) => {
        page.setDefaultTimeout(15_000);
        await page.context().clearCookies();
        if (!target.staff) return;
        const [name, value] = (await signInCookie(suite.server.url)).split('=') as [string, string];
        await page.context().addCookies([{ name, value, url: suite.server.url }]);
      },
    });
    return page;
  }

  it('sends every form of every page without a cross-site refusal', async () => {
    const submissions: Submission[] = [];
    for (const target of pages) {
      // The page read for its forms sends the first of them; each further form gets a fresh session and load.
      let loaded: Page | undefined = await opened(target);
      const forms = await postForms(loaded);
      for (const form of forms) {
        const page = loaded ?? (await opened(target));
        loaded = undefined;
        // Found again by its action: an earlier form of the walk may have changed the page (a withdrawn invitation's
        // row is gone), and then this form is not there to send.
        const index = (await postForms(page)).find((again) => again.action === form.action)?.index;
        if (index === undefined) continue;
        // Until the page the form leads to (after any redirect) has loaded, so that nothing is still under way when
        // the next visit clears the cookies.
        const [response] = await Promise.all([
          page.waitForResponse(
            (answer) => answer.request().method() === 'POST' && answer.request().isNavigationRequest(),
          ),
          page.waitForEvent('load'),
          page.evaluate((at) => HTMLFormElement.prototype.submit.call(document.forms[at]!), index),
        ]);
        const body = await response.text().catch(() => '');
        submissions.push({
          page: target.path,
          action: form.action,
          status: response.status(),
          origin: await response
            .request()
            .headerValue('origin')
            .then((value) => value ?? undefined),
          refused: response.status() === 403 && CROSS_SITE.test(body),
        });
      }
    }
    const actions = submissions.map((submission) => submission.action);
    // The pages the issue names, and at least one staff form: the walk reached them.
    expect(actions).to.include.members([
      invitation,
      `/login/reset/${RESET_TOKEN}`,
      `/tours/${TOUR_TOKEN}/cancel`,
      '/login',
      '/contact/submit',
      '/tours',
      '/interest',
      '/agents/register',
    ]);
    expect(actions.some((action) => action.startsWith('/admin/'))).to.equal(true);
    expect(submissions.filter((submission) => submission.refused)).to.deep.equal([]);
  });

  it('lets new staff join and a password be reset in the browser, by typing and pressing the button', async () => {
    const { url } = suite.server;
    // A link of its own: the walk above sends the team page's forms, withdrawing the first invitation among them.
    const owner = await signIn(url);
    const ownLink = new URL(await inviteLink(url, owner, 'sales', 'nora@example.com')).pathname;
    const join = await opened({ path: ownLink, staff: false });
    await join.getByLabel('Username').fill('nora');
    await join.locator('#new-password').fill('juniper lantern forty');
    await Promise.all([
      join.waitForURL(`${url}/login?joined=1`),
      join.getByRole('button', { name: 'Create my account' }).click(),
    ]);

    const reset = await opened({ path: `/login/reset/${RESET_TOKEN}`, staff: false });
    await reset.locator('#new-password').fill('tangerine glacier nine');
    await Promise.all([
      reset.waitForURL(`${url}/login?reset=1`),
      reset.getByRole('button', { name: 'Set the password' }).click(),
    ]);
  });
});
