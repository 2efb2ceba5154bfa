import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, WIDTHS } from './support.js';

/**
 * Booking a model-home tour in a real browser, with and without JavaScript: pick a day, then a time, leave contact
 * details, land on the buyer's own page, cancel there after saying yes to "Cancel this tour?". axe-core finds
 * nothing on any of the pages at either width.
 */

/** axe runs its script in the page: with JavaScript off there is nothing it can do (the same HTML is audited with it on). */
async function violations(page: Page, javaScriptEnabled: boolean): Promise<string[]> {
  return javaScriptEnabled ? axeViolations(page) : [];
}

describe('Schedule a tour (browser)', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite({ CONTACT_RATE_LIMIT: '0' });

  for (const javaScriptEnabled of [false, true]) {
    // One page per mode for both widths, each test loading /tours afresh.
    const tab = reusedPage(suite, { javaScriptEnabled });
    for (const width of WIDTHS) {
      it(`books and cancels a tour ${javaScriptEnabled ? 'with' : 'without'} JavaScript at ${width}px`, async () => {
        const { page, problems } = await tab.visit('/tours?plan=canyon', { width });
        expect(await page.locator('h1').textContent()).to.equal('Schedule a tour');
        expect(await violations(page, javaScriptEnabled), 'axe on /tours').to.deep.equal([]);
        const label = `${javaScriptEnabled ? 'js' : 'nojs'}-${width}`;
        await screenshot(page, `tours-${label}`);

        // A later day than the one shown first: its page keeps the plan and lists that day's times.
        const day = page.locator('a.tour-date:not([aria-current])').nth(1);
        const date = new URL((await day.getAttribute('href'))!, suite.server.url).searchParams.get('day')!;
        await day.click();
        await page.waitForURL(new RegExp(`day=${date}`));
        expect(await page.locator('input[name="plan"]').inputValue()).to.equal('canyon');

        // A post with a missing name comes back with the problem named and what was typed kept.
        const first = page.locator('input[name="start"]:not([disabled])').first();
        const chosen = await first.getAttribute('value');
        await first.check();
        await page.getByLabel('Last name').fill('Lovelace');
        await page.getByLabel('Email').fill('ada@example.com');
        await page.getByLabel('Phone').fill('(970) 555-0199');
        await page.getByRole('button', { name: 'Book my tour' }).click();
        await page.getByText('First name is required.').waitFor();
        expect(await page.getByLabel('Last name').inputValue()).to.equal('Lovelace');
        expect(await page.locator(`input[name="start"][value="${chosen}"]`).isChecked()).to.equal(true);
        expect(await violations(page, javaScriptEnabled), 'axe on /tours with errors').to.deep.equal([]);

        await page.getByLabel('First name').fill('Ada');
        await page.getByRole('button', { name: 'Book my tour' }).click();
        await page.waitForURL(/\/tours\/[A-Za-z0-9_-]{43}$/);
        expect(await page.locator('h1').textContent()).to.equal('Your model home tour');
        const when = await page.locator('.tour-facts dd').nth(1).textContent();
        expect(when).to.match(/\d{1,2}:\d{2} [AP]M M[SD]T$/);
        expect(await page.getByRole('link', { name: /Add to calendar/ }).getAttribute('href')).to.match(/\.ics$/);
        expect(await violations(page, javaScriptEnabled), 'axe on the manage page').to.deep.equal([]);
        await screenshot(page, `manage-${label}`, { fullPage: true });

        const row = await suite.server.db('tours').orderBy('id', 'desc').first();
        expect(row).to.include({ firstname: 'Ada', plan: 'canyon', status: 'booked' });
        expect(row.start_at).to.equal(new Date(chosen!).toISOString());
        expect(chosen!.slice(0, 10)).to.equal(date);

        // Cancelling asks first; the question alone changes nothing.
        await page.getByRole('button', { name: 'Cancel my tour' }).click();
        await page.waitForURL(/\/tours\/[A-Za-z0-9_-]{43}\/cancel\??$/);
        expect(await page.locator('h1').textContent()).to.equal('Cancel this tour?');
        expect(await violations(page, javaScriptEnabled), 'axe on the cancel step').to.deep.equal([]);
        await screenshot(page, `cancel-step-${label}`, { fullPage: true });
        expect((await suite.server.db('tours').where({ id: row.id }).first()).status).to.equal('booked');

        await page.getByRole('button', { name: 'Yes, cancel my tour' }).click();
        await page.locator('.tour-status-cancelled').waitFor();
        expect(await page.locator('h1').textContent()).to.equal('Your tour is cancelled');
        expect(await page.getByRole('button', { name: 'Cancel my tour' }).count()).to.equal(0);
        expect(await page.getByRole('link', { name: /Add to calendar/ }).count()).to.equal(0);
        expect(await page.getByRole('link', { name: 'Book another time' }).getAttribute('href')).to.equal('/tours');
        expect(await violations(page, javaScriptEnabled), 'axe on the cancelled tour').to.deep.equal([]);
        await screenshot(page, `cancelled-${label}`, { fullPage: true });
        expect((await suite.server.db('tours').where({ id: row.id }).first()).status).to.equal('cancelled');
        expect(problems).to.deep.equal([]);
      });
    }
  }
});
