import { expect } from 'chai';
import { passwordFingerprint, tokenHash } from '../../src/services/team.js';
import { nuErrors, type NuDocument, skipWithoutJava } from '../support/nu-checker.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { enrollTotp, inviteLink, passwordStep, staffCall, teamMember } from '../support/team.js';
import { axeResults, describeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, WIDTHS } from './support.js';

const SHOTS = '/tmp/shots-team';
const RESET_TOKEN = 'reset-token-for-the-page-checks-0123456789';

interface TeamPage {
  name: string;
  path: string;
  /** The session cookie to visit with (none: a signed-out visitor). */
  cookie?: () => string;
  status?: number;
  /** A plain form on the page to submit, the page it answers being the one checked. */
  submit?: { field: string; value: string; button: string; form: Record<string, string>; action: string };
}

/**
 * The team's pages — team, account (while enrolling an app), audit log, an invitation, forgot password, a reset
 * link, the two-factor step and the page of a role refused — checked by axe and the Nu checker, and photographed
 * at 375 and 1280 px into /tmp/shots-team for a person to look at.
 */
describe('Team pages: axe, the Nu checker and screenshots', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite(STAFF_ENV);
  let owner: Staff;
  let marketing: Staff;
  let tess: Staff;
  let pendingCookie = '';
  let invitation = '';
  const pages: TeamPage[] = [
    { name: 'team', path: '/admin/team', cookie: () => owner.cookie },
    { name: 'account', path: '/admin/account', cookie: () => owner.cookie },
    // An account with the app, a passkey and the calendar: every form that asks for the password again (042).
    { name: 'account-two-factor', path: '/admin/account', cookie: () => tess.cookie },
    {
      name: 'account-wrong-password',
      path: '/admin/account',
      cookie: () => tess.cookie,
      status: 400,
      submit: {
        field: '#recovery-codes-password',
        value: 'not the password',
        button: 'Make new recovery codes',
        action: '/admin/account/two-factor/recovery-codes',
        form: { password: 'not the password' },
      },
    },
    { name: 'audit', path: '/admin/audit', cookie: () => owner.cookie },
    { name: 'audit-filtered', path: '/admin/audit?action=sign-in', cookie: () => owner.cookie },
    { name: 'marketing-dashboard', path: '/admin', cookie: () => marketing.cookie },
    { name: 'marketing-refused', path: '/admin/messages', cookie: () => marketing.cookie, status: 403 },
    { name: 'invitation', path: '' },
    { name: 'forgot', path: '/login/forgot' },
    { name: 'reset', path: `/login/reset/${RESET_TOKEN}` },
    { name: 'two-factor-step', path: '/login/two-factor', cookie: () => pendingCookie },
  ];

  before(async () => {
    const { url, db } = suite.server;
    owner = await signIn(url);
    marketing = await teamMember(url, owner, 'marketing', 'mara', 'lilac window seventeen');
    await teamMember(url, owner, 'sales', 'sam', 'copper kettle harbor');
    tess = await teamMember(url, owner, 'sales', 'tess', 'orchid tunnel forty');
    await enrollTotp(url, tess);
    const tessRow = await db('users').where({ username: 'tess' }).first();
    await db('passkeys').insert({
      user_id: tessRow.id,
      credential_id: 'credential-for-the-page-checks',
      public_key: 'AQID',
      name: 'Work laptop',
      created_at: new Date().toISOString(),
    });
    pendingCookie = await passwordStep(url, 'tess', 'orchid tunnel forty');
    invitation = await inviteLink(url, owner, 'sales', 'new.counselor@example.com');
    pages.find((page) => page.name === 'invitation')!.path = new URL(invitation).pathname;
    await staffCall(url, '/admin/team/sam', owner, { role: 'marketing' });
    await staffCall(url, '/admin/account/two-factor/start', owner);
    const mara = await db('users').where({ username: 'mara' }).first();
    await db('password_resets').insert({
      token_hash: tokenHash(RESET_TOKEN),
      user_id: mara.id,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      password_fingerprint: passwordFingerprint(mara.password_hash),
    });
  });

  // One page for every team page at both widths: a browser context for each would start a Chromium renderer each
  // time, which costs more than the page. Each load starts with no cookie but the session it is visited with.
  const team = reusedPage(suite);

  for (const width of WIDTHS) {
    it(`finds no axe violation at ${width}px and takes the screenshots`, async () => {
      const found: string[] = [];
      for (const target of pages) {
        const { page } = await team.at(width);
        const context = page.context();
        await context.clearCookies();
        const cookie = target.cookie?.();
        if (cookie) {
          const [name, value] = cookie.split('=') as [string, string];
          await context.addCookies([{ name, value, url: suite.server.url }]);
        }
        let response = await page.goto(target.path);
        if (target.submit) {
          await page.locator(target.submit.field).fill(target.submit.value, { timeout: 5000 });
          [response] = await Promise.all([
            page.waitForResponse((answer) => answer.request().method() === 'POST', { timeout: 10_000 }),
            page.getByRole('button', { name: target.submit.button }).click({ timeout: 5000 }),
          ]);
          await page.waitForLoadState('load');
          const error = page.locator(`${target.submit.field}-error`);
          expect(await error.isVisible(), `${target.name}: the message next to the field`).to.equal(true);
        }
        expect(response?.status(), target.name).to.equal(target.status ?? 200);
        found.push(...describeViolations(`${target.name} at ${width}px`, await axeResults(page)));
        await screenshot(page, `${target.name}-${width}`, { folder: SHOTS, fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${target.name} at ${width}px is no wider than the screen`).to.be.at.most(0);
      }
      expect(found).to.deep.equal([]);
    });
  }

  it('finds no Nu checker error on any of them', async function () {
    skipWithoutJava(this);
    const documents: NuDocument[] = [];
    for (const target of pages) {
      const cookie = target.cookie?.();
      const response = await fetch(`${suite.server.url}${target.submit?.action ?? target.path}`, {
        headers: {
          Accept: 'text/html',
          ...(cookie ? { Cookie: cookie } : {}),
          ...(target.submit ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: suite.server.url } : {}),
        },
        redirect: 'manual',
        ...(target.submit && {
          method: 'POST',
          body: new URLSearchParams({ _csrf: tess.token, ...target.submit.form }),
        }),
      });
      expect(response.status, target.name).to.equal(target.status ?? 200);
      documents.push({ label: target.name, html: await response.text() });
    }
    expect(await nuErrors(documents)).to.deep.equal([]);
  });
});
