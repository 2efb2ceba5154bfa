import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seedMessage, seedTour } from '../support/leads.js';
import { nuErrors, skipWithoutJava } from '../support/nu-checker.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall, teamMember } from '../support/team.js';
import { axeResults, describeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, WIDTHS } from './support.js';

const SHOTS = '/tmp/shots-w4-bench';
/** SAMPLE_COMMUNITIES=3: the sample and two generated communities. */
const MINE = [
  { slug: 'maple-hollow', name: 'Maple Hollow', buyer: 'Mabel' },
  { slug: 'cedar-hollow', name: 'Cedar Hollow', buyer: 'Cedric' },
] as const;
const OTHER = { slug: 'willow-bend', name: 'Willow Bend', buyer: 'Wilma' } as const;
const COUNSELOR = { username: 'casey', password: 'amber lighthouse meadow 7' };
const SINGLE = { username: 'willa', password: 'quiet orchard lantern 42' };

/** The lots the staff homesites page lists (one row per lot, id="homesite-<lot>"). */
function lotRows(page: Page): Promise<number> {
  return page.evaluate(
    () => [...document.querySelectorAll('[id^="homesite-"]')].filter((row) => /^homesite-\d+$/.test(row.id)).length,
  );
}

/**
 * The switcher in the staff bar (POST /admin/community) for an account limited to two of three communities: seen
 * and used by pointer and keyboard, with and without JavaScript, at 375 and 1280 px; the homesites and tours pages
 * follow the chosen community, the inbox's community filter offers the two, and the third community shows nowhere.
 */
describe('The staff community switcher in the browser', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite({ ...STAFF_ENV, SAMPLE_COMMUNITIES: '3' });
  let counselor: Staff;
  let single: Staff;
  const lots = new Map<string, number>();

  before(async () => {
    const { url, db } = suite.server;
    const owner = await signIn(url);
    await teamMember(url, owner, 'sales', COUNSELOR.username, COUNSELOR.password);
    await teamMember(url, owner, 'sales', SINGLE.username, SINGLE.password);
    const limited = await staffCall(url, `/admin/team/${COUNSELOR.username}`, owner, {
      communities: MINE.map((community) => community.slug),
    });
    expect(limited.status).to.equal(200);
    expect(
      (await staffCall(url, `/admin/team/${SINGLE.username}`, owner, { communities: [OTHER.slug] })).status,
    ).to.equal(200);
    // The limit applies to sessions signed in after it.
    counselor = await signIn(url, COUNSELOR.username, COUNSELOR.password);
    single = await signIn(url, SINGLE.username, SINGLE.password);
    const now = Date.now();
    for (const community of [...MINE, OTHER]) {
      const row = (await db('communities').where({ slug: community.slug }).first('id')) as { id: number };
      const person = {
        firstname: community.buyer,
        lastname: 'Buyer',
        email: `${community.buyer.toLowerCase()}@example.com`,
      };
      await seedMessage(db, new Date(now - 3600_000).toISOString(), { ...person, community_id: row.id });
      await seedTour(db, new Date(now - 3600_000).toISOString(), new Date(now + 26 * 3600_000).toISOString(), {
        ...person,
        community_id: row.id,
      });
      const count = (await db('homesites').where({ community_id: row.id }).count({ n: '*' }).first()) as {
        n: number | string;
      };
      lots.set(community.slug, Number(count.n));
    }
    expect(new Set(lots.values()).size, 'the three communities have different numbers of lots').to.equal(3);
  });

  // One page with JavaScript and one without, for every width and account: a browser context for each test would start
  // a Chromium renderer each time, which costs more than the pages it loads. Each test starts with no cookie but the
  // session of the account it signs in as.
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });

  async function signedInPage(staff: Staff, width: number, javaScriptEnabled: boolean): Promise<Page> {
    const { page } = await (javaScriptEnabled ? withScript : withoutScript).at(width);
    const context = page.context();
    await context.clearCookies();
    const [name, value] = staff.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: suite.server.url }]);
    return page;
  }

  /** What the homesites and tours pages show now: the staff bar's name, the lot rows, the tours' buyers. */
  async function expectWorkingIn(page: Page, community: (typeof MINE)[number]): Promise<void> {
    await page.goto('/admin/homesites');
    await expect(await page.locator('.admin-brand').innerText()).to.include(community.name);
    expect(await lotRows(page), `${community.name}'s lots`).to.equal(lots.get(community.slug));
    expect(await page.locator('#staff-community').inputValue()).to.equal(community.slug);
    await page.goto('/admin/tours');
    const tours = await page.locator('main').innerText();
    for (const other of [...MINE, OTHER]) {
      if (other.slug === community.slug) expect(tours).to.include(other.buyer);
      else expect(tours, `${community.name}'s tours page`).to.not.include(other.buyer);
    }
  }

  for (const width of WIDTHS) {
    for (const javaScriptEnabled of [true, false]) {
      const how = `at ${width}px ${javaScriptEnabled ? 'with' : 'without'} JavaScript`;

      it(`switches by pointer and by keyboard ${how}`, async () => {
        const page = await signedInPage(counselor, width, javaScriptEnabled);
        await page.goto('/admin/homesites');
        const select = page.getByLabel('Community', { exact: true });
        expect(await select.isVisible(), 'the switcher').to.equal(true);
        expect(await page.getByRole('button', { name: 'Switch' }).isVisible()).to.equal(true);
        const offered = await select.locator('option').allInnerTexts();
        // In the order the communities were made, as the account's communities are listed everywhere.
        expect(offered).to.deep.equal(MINE.map((community) => community.name));
        // Start from the first community, whichever this session was left in.
        await select.selectOption(MINE[0].slug);
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Switch' }).click()]);
        expect(new URL(page.url()).pathname).to.equal('/admin/homesites');
        await expectWorkingIn(page, MINE[0]);

        // By pointer: choose the other one and press Switch; back on the same page, now in that community.
        await page.goto('/admin/homesites');
        await select.selectOption(MINE[1].slug);
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Switch' }).click()]);
        expect(new URL(page.url()).pathname).to.equal('/admin/homesites');
        await screenshot(page, `switcher-homesites-${width}-${javaScriptEnabled ? 'js' : 'nojs'}`, { folder: SHOTS });
        await expectWorkingIn(page, MINE[1]);

        // By keyboard: Tab from the staff bar's name to the list, an arrow key to choose, Tab to Switch, Enter.
        await page.goto('/admin/tours');
        await page.locator('.admin-brand').focus();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.id)).to.equal('staff-community');
        await page.keyboard.press('ArrowUp');
        expect(await select.inputValue()).to.equal(MINE[0].slug);
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal('Switch');
        await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
        expect(new URL(page.url()).pathname, 'back on the page it was used on').to.equal('/admin/tours');
        await expectWorkingIn(page, MINE[0]);
      });

      it(`offers the two communities in the inbox filter, never the third, ${how}`, async () => {
        const page = await signedInPage(counselor, width, javaScriptEnabled);
        await page.goto('/admin/messages');
        const inbox = await page.locator('main').innerText();
        for (const community of MINE) expect(inbox).to.include(community.buyer);
        expect(inbox).to.not.include(OTHER.buyer);
        const filter = page.locator('#filter-community');
        expect(await filter.locator('option').allInnerTexts()).to.deep.equal([
          'Every community',
          ...MINE.map((community) => community.name).sort(),
        ]);
        await filter.selectOption(MINE[1].slug);
        await Promise.all([
          page.waitForURL((url) => url.searchParams.get('community') === MINE[1].slug),
          page.getByRole('button', { name: 'Filter' }).click(),
        ]);
        const narrowed = await page.locator('main').innerText();
        expect(narrowed).to.include(MINE[1].buyer);
        expect(narrowed).to.not.include(MINE[0].buyer);
        await screenshot(page, `switcher-inbox-${width}-${javaScriptEnabled ? 'js' : 'nojs'}`, { folder: SHOTS });
        for (const pagePath of ['/admin', '/admin/homesites', '/admin/tours', '/admin/messages']) {
          await page.goto(pagePath);
          expect(await page.locator('body').innerText(), pagePath).to.not.include(OTHER.name);
        }
      });
    }

    it(`shows no switcher to an account with one community at ${width}px`, async () => {
      const page = await signedInPage(single, width, true);
      await page.goto('/admin/homesites');
      expect(await page.locator('form[action="/admin/community"]').count()).to.equal(0);
      expect(await page.locator('.admin-brand').innerText()).to.include(OTHER.name);
      expect(await lotRows(page)).to.equal(lots.get(OTHER.slug));
      await screenshot(page, `switcher-none-${width}`, { folder: SHOTS });
    });

    it(`finds no axe violation on a page with the switcher at ${width}px`, async () => {
      const page = await signedInPage(counselor, width, true);
      const found: string[] = [];
      for (const pagePath of ['/admin', '/admin/homesites']) {
        await page.goto(pagePath);
        found.push(...describeViolations(`${pagePath} at ${width}px`, await axeResults(page)));
      }
      await page.goto('/admin');
      await screenshot(page, `switcher-dashboard-${width}`, { folder: SHOTS, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no wider than the screen').to.be.at.most(0);
      expect(found).to.deep.equal([]);
    });
  }

  it('finds no Nu checker error on a page with the switcher', async function () {
    skipWithoutJava(this);
    const documents = [];
    for (const pagePath of ['/admin', '/admin/homesites', '/admin/tours']) {
      const response = await fetch(`${suite.server.url}${pagePath}`, { headers: { Cookie: counselor.cookie } });
      expect(response.status).to.equal(200);
      const html = await response.text();
      expect(html).to.include('action="/admin/community"');
      documents.push({ label: pagePath, html });
    }
    expect(await nuErrors(documents)).to.deep.equal([]);
  });
});
