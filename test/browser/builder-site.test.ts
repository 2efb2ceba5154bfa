import { expect } from 'chai';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, WIDTHS } from './support.js';

/**
 * A builder's site of three sample communities (SAMPLE_COMMUNITIES=3), as a buyer opens it on a phone and a laptop,
 * with and without JavaScript: the builder's home with every community, a community's own pages at its address,
 * and back; axe finds nothing on the builder's pages or on a generated community's home and site plan.
 */
describe("A builder's site of several communities in a browser", function () {
  this.timeout(90_000);
  const suite = useBrowserSuite({ SAMPLE_COMMUNITIES: '3' });

  // One page with JavaScript and one without, for every width: a browser context for each test would start a Chromium
  // renderer each time, which costs more than the pages it loads. Each test starts with no cookie and nothing recorded
  // by the test before.
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });
  async function freshPage(width: number, javaScriptEnabled = true) {
    const opened = await (javaScriptEnabled ? withScript : withoutScript).at(width);
    await opened.context.clearCookies();
    for (const list of [opened.problems, opened.requests, opened.failures]) list.length = 0;
    return opened;
  }

  for (const width of WIDTHS) {
    for (const javaScriptEnabled of [false, true]) {
      const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';
      it(`at ${width} px ${how}: goes from the builder home to a community, its site plan and a homesite, and back`, async () => {
        const { page, problems } = await freshPage(width, javaScriptEnabled);
        await page.goto('/');
        expect(await page.locator('h1').textContent()).to.equal('New homes by Summit Lane Homes');
        const cards = page.locator('.community-card h2 a, .community-card h3 a');
        expect(await cards.allTextContents()).to.have.members(['Maple Hollow', 'Cedar Hollow', 'Willow Bend']);
        await screenshot(page, `builder-home-${width}-${javaScriptEnabled ? 'js' : 'nojs'}`, { fullPage: true });
        await page.locator('.community-card a[href="/communities/cedar-hollow"]').first().click();
        await page.waitForURL('**/communities/cedar-hollow');
        expect(await page.locator('.brand-name').textContent()).to.equal('Cedar Hollow');
        await screenshot(page, `community-home-${width}-${javaScriptEnabled ? 'js' : 'nojs'}`);
        await page.goto('/communities/cedar-hollow/site-plan');
        const lot = page.locator('a[href="/communities/cedar-hollow/homesites/1"]').first();
        expect(await lot.count()).to.equal(1);
        await page.goto('/communities/cedar-hollow/homesites/1');
        expect(await page.locator('h1').textContent()).to.match(/Homesite 1\b/);
        await page.goto('/communities/cedar-hollow');
        await page.getByRole('link', { name: 'All communities' }).click();
        await page.waitForURL('**/communities');
        expect(await page.locator('h1').textContent()).to.equal('Our communities');
        expect(problems).to.deep.equal([]);
      });
    }

    it(`at ${width} px sends a message about the community chosen on the builder's contact page`, async () => {
      const { page, problems } = await freshPage(width);
      await page.goto('/contact');
      await page.locator('#contact-community').selectOption('cedar-hollow');
      await page.locator('#contact-firstname').fill('Grace');
      await page.locator('#contact-lastname').fill(`Chooser ${width}`);
      await page.locator('#contact-email').fill('grace@example.com');
      await page.locator('#contact-phone').fill('9705550123');
      await page.locator('#contact-subject').fill('Lots by the park');
      await page.locator('#contact-message').fill('Which homesites back onto the park?');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Thank you for contacting us!').waitFor();
      const filed = (await suite.server
        .db('contact_messages as m')
        .join('communities as c', 'c.id', 'm.community_id')
        .where('m.lastname', `Chooser ${width}`)
        .first('c.slug')) as { slug: string } | undefined;
      expect(filed?.slug).to.equal('cedar-hollow');
      expect(problems).to.deep.equal([]);
    });

    it(`at ${width} px has no axe violations on the builder's pages and a generated community's`, async () => {
      const { page } = await freshPage(width);
      const found: string[] = [];
      for (const path of [
        '/',
        '/communities',
        '/plans',
        '/plans/sweetwater-ii',
        '/communities/cedar-hollow',
        '/communities/cedar-hollow/site-plan',
        '/contact',
        '/privacy',
        '/agents',
      ]) {
        await page.goto(path);
        found.push(...(await axeViolations(page)));
        if (path === '/contact') await screenshot(page, `builder-contact-${width}`, { fullPage: true });
      }
      expect(found).to.deep.equal([]);
    });
  }
});
