import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { insertInterestEntry } from '../../src/db/interest-entries.js';
import { STAFF_ENV } from '../support/staff.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { signInAtForm } from './staff-sign-in-form.js';
import { screenshot, useBrowserSuite, waitForHydration, WIDTHS } from './support.js';

const SHOTS = '/tmp/shots-editor-saves';

/**
 * Issue 35 item 4: with JavaScript, saving a homesite from future to available opens a dialog of the page that says
 * how many people on the interest list will be e-mailed; Cancel saves nothing, confirming saves.
 */
describe('Releasing a homesite in the editor asks in a dialog first (browser)', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite(STAFF_ENV);
  // One page for both widths (a new one starts a Chromium renderer); each test signs in afresh.
  const tab = reusedPage(suite);

  before(async () => {
    for (const email of ['a@example.com', 'b@example.com']) {
      await insertInterestEntry(suite.server.db, {
        email,
        email_key: email,
        firstname: 'Ada',
        state: 'confirmed',
        confirm_token: randomBytes(16).toString('hex'),
        unsubscribe_token: randomBytes(16).toString('hex'),
        is_spam: false,
        source_page: null,
        user_agent: null,
        created_at: new Date().toISOString(),
      } as Parameters<typeof insertInterestEntry>[1]);
    }
  });

  for (const width of WIDTHS) {
    it(`names the 2 people and saves only when confirmed, at ${width} px`, async () => {
      const db = suite.server.db;
      const { lot } = (await db('homesites').where({ status: 'future' }).orderBy('lot').first()) as { lot: number };
      const statusOf = async () => ((await db('homesites').where({ lot }).first()) as { status: string }).status;
      const { page, problems } = await signInAtForm(tab, '/admin/homesites', { width });
      await waitForHydration(page, 'HomesiteEditor');
      const row = page.locator(`tr[data-lot="${lot}"]`);
      await row.getByLabel(`Status of homesite ${lot}`).selectOption('available');
      await row.getByRole('button', { name: `Save homesite ${lot}` }).click();
      const dialog = page.getByRole('dialog', { name: 'E-mail the interest list?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).to.include(
        `Saving this releases homesite ${lot}: the 2 people on the interest list will be e-mailed about it at once.`,
      );
      expect(await axeViolations(page)).to.deep.equal([]);
      await screenshot(page, `homesite-release-dialog-${width}`, { folder: SHOTS });

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await row.getByText('Not saved: nobody was e-mailed.').waitFor();
      expect(await statusOf()).to.equal('future');

      await row.getByRole('button', { name: `Save homesite ${lot}` }).click();
      await dialog.getByRole('button', { name: 'Save and e-mail 2 people' }).click();
      await page.locator(`tr[data-lot="${lot}"][data-status="available"]`).waitFor();
      expect(await statusOf()).to.equal('available');
      expect(problems).to.deep.equal([]);
    });
  }
});
