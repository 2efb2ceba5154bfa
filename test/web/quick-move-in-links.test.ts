import { expect } from 'chai';
import { all, links, one, parseHtml, type El } from '../support/html.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Quick move-in homes are found from every page: the nav's Floor Plans menu and the footer link
 * /quick-move-in, and the home page does too while there are any (the sample has six).
 */
const PAGES = ['/', '/about', '/site-plan', '/floor-plans', '/floor-plans/overlook', '/homesites/1', '/contact'];
const LABEL = 'Quick Move-In Homes';

async function page(server: TestServer, path: string): Promise<El> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).to.equal(200);
  return parseHtml(await response.text());
}

const mainNav = (doc: El) => one(doc, 'nav', (nav) => nav.attrs['aria-label'] === 'Main');
const quickMoveInLinks = (root: El) => links(root).filter((link) => link.href === '/quick-move-in');

describe('Links to /quick-move-in', function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer(STAFF_ENV);
  });
  after(() => server.close());

  it('the nav links it, in the Floor Plans menu under the four plans, on every page', async () => {
    for (const path of PAGES) {
      const nav = mainNav(await page(server, path));
      expect(
        quickMoveInLinks(nav).map((link) => link.text),
        path,
      ).to.deep.equal([LABEL]);
      const menu = one(nav, 'li', (li) => (li.attrs.class ?? '').split(' ').includes('dropdown'));
      expect(
        links(menu).map((link) => link.text),
        path,
      ).to.deep.equal(['Floor Plans', 'Sweetwater II', 'Silverwood II', 'The Canyon', 'Overlook', LABEL]);
    }
  });

  it('marks it aria-current="page" on /quick-move-in', async () => {
    const nav = mainNav(await page(server, '/quick-move-in'));
    expect(quickMoveInLinks(nav)[0]?.element.attrs['aria-current']).to.equal('page');
  });

  it('the footer links it on every page, with the contract’s links kept', async () => {
    for (const path of [...PAGES, '/quick-move-in']) {
      const footer = one(await page(server, path), 'footer');
      expect(
        quickMoveInLinks(footer).map((link) => link.text),
        path,
      ).to.deep.equal([LABEL]);
      const labels = links(footer).map((link) => link.text);
      for (const label of ['Home', 'About', 'Site Plan', 'Floor Plans', 'Contact Us'])
        expect(labels, path).to.include(label);
    }
  });

  it('the home page links "6 quick move-in homes" while there are some, and not once there are none', async () => {
    const main = () => page(server, '/').then((doc) => one(doc, 'main'));
    expect(quickMoveInLinks(await main()).map((link) => link.text)).to.deep.equal(['6 quick move-in homes']);

    const staff = await signIn(server.url);
    const quick = (await (await fetch(`${server.url}/api/homesites?status=quick-move-in`)).json()) as {
      _embedded: { homesites: Array<{ lot: number }> };
    };
    const response = await fetch(`${server.url}/admin/homesites/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
      body: JSON.stringify({ lots: quick._embedded.homesites.map((home) => home.lot), status: 'sold' }),
    });
    expect(response.status).to.equal(200);
    const after = await main();
    expect(quickMoveInLinks(after)).to.deep.equal([]);
    expect(all(after, 'a').length, 'the rest of the home page is there').to.be.greaterThan(3);
  });
});
