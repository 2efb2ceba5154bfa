import { expect } from 'chai';
import type { Response } from 'playwright-core';
import { sharedBrowser } from '../support/browser.js';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { startTestServer } from '../support/test-server.js';
import { openPage, type BrowserSuite, type OpenedPage } from './support.js';

/**
 * A browser follows the sign-in's 303 the moment its headers arrive. On PostgreSQL it used to land back on
 * /login?next=%2Fadmin about one time in five, the session's login time not yet stored (session-stored-first.ts).
 */
describeWithCommands(POSTGRES_COMMANDS, 'Staff sign-in in a browser, on PostgreSQL', function () {
  this.timeout(120_000);
  const TRIES = 40;
  const suite = {} as BrowserSuite;
  let postgres: RunningPostgres;
  let opened: OpenedPage;

  before(async () => {
    postgres = await startPostgres();
    [suite.server, suite.browser] = await Promise.all([
      startTestServer({ ...STAFF_ENV, LOGIN_RATE_LIMIT: '1000' }, { postgres: postgres.adminUrl }),
      sharedBrowser(),
    ]);
    opened = await openPage(suite);
  });
  after(async () => {
    await opened?.context.close();
    await suite.server?.close();
    await postgres?.stop();
  });

  it(`opens the admin every time out of ${TRIES} sign-ins from its sign-in form`, async () => {
    const { page, context } = opened;
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      await context.clearCookies();
      await page.goto('/login?next=%2Fadmin');
      await page.getByLabel('Username').fill('staff');
      await page.getByLabel('Password').fill(STAFF_PASSWORD);
      const isAdminPage = (response: Response) =>
        response.request().method() === 'GET' && new URL(response.url()).pathname === '/admin';
      const [admin] = await Promise.all([
        page.waitForResponse(isAdminPage),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      await page.waitForLoadState('load');
      outcomes.push(`${admin.status()} ${new URL(page.url()).pathname}${new URL(page.url()).search}`);
    }
    expect(outcomes.filter((outcome) => outcome !== '200 /admin')).to.deep.equal([]);
  });
});
