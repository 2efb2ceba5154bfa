import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { formatInTimeZone } from '../../src/shared/time-zone.js';
import { all, parseHtml, text as textOf, type El } from '../support/html.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Every time a staff page prints is the community's (content: community.timeZone), with the zone named. */
describe('Staff pages: times at the community', () => {
  let server: TestServer;
  let staff: Staff;
  const zone = loadContent().community.timeZone;

  async function page(path: string): Promise<El> {
    const response = await fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie } });
    expect(response.status, path).to.equal(200);
    return parseHtml(await response.text());
  }

  /** The text of each <time> element with its datetime. */
  function times(root: El): Array<{ at: string; shown: string }> {
    return all(root, 'time').map((element) => ({
      at: element.attrs.datetime ?? '',
      shown: textOf(element),
    }));
  }

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    const response = await fetch(`${server.url}/admin/homesites/10`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
      body: JSON.stringify({ status: 'sold', plan: 'Overlook', price: null, ready: null, version: 1 }),
    });
    expect(response.status).to.equal(200);
  });
  after(() => server.close());

  for (const path of ['/admin/homesites/10/history', '/admin/homesites', '/admin']) {
    it(`${path} shows the homesite change's time in ${zone}, the zone named, never UTC`, async () => {
      const [change] = (await server.db('homesite_changes').where({ lot: 10 }).select('changed_at')) as Array<{
        changed_at: string;
      }>;
      const shown = times(await page(path));
      expect(shown).to.deep.include({ at: change!.changed_at, shown: formatInTimeZone(change!.changed_at, zone) });
      for (const time of shown) expect(time.shown).to.match(/ (MST|MDT)$/);
    });
  }
});
