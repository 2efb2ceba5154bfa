import { expect } from 'chai';
import { PUBLIC_PAGES } from '../support/site-pages.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The public answers that are not pages: each is asked through the preview too. */
const SITE_FILES = ['/manifest.webmanifest', '/sitemap.xml', '/robots.txt', '/feeds/bdx.xml'];

/**
 * GET /preview/<public path> (contract: `Cache-Control: no-store`): every answer, page or file, whatever the
 * public route sets for itself, because each may carry draft text.
 */
describe('Preview answers', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
  });
  after(() => server.close());

  it('are no-store for every public page and file, the manifest, sitemap, robots.txt and feed included', async () => {
    const paths = [...PUBLIC_PAGES.filter((page) => page.method !== 'POST').map((page) => page.path), ...SITE_FILES];
    const stored: string[] = [];
    for (const path of paths) {
      const response = await fetch(`${server.url}/preview${path}`, { headers: { Cookie: owner.cookie } });
      await response.arrayBuffer();
      if (response.headers.get('cache-control') !== 'no-store')
        stored.push(`${path}: ${response.status} ${response.headers.get('cache-control')}`);
    }
    expect(stored).to.deep.equal([]);
  });

  it('keeps the public answers cacheable as before', async () => {
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('cache-control')).to.match(/^public, max-age=\d+$/);
  });
});
