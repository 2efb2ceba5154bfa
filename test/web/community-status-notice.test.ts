import { expect } from 'chai';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** A community's pages say when it sells no homes now (contract wave 4: "sold-out: its pages stay, say so"). */
describe('The pages of a community that is sold out or coming soon say so', function () {
  this.timeout(60_000);

  async function setStatus(server: TestServer, owner: Staff, slug: string, status: string) {
    const response = await staffCall(server.url, `/admin/communities/${slug}/status`, owner, { status });
    expect(response.status, `${slug} → ${status}`).to.equal(200);
  }

  const text = async (server: TestServer, path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).to.equal(200);
    // React marks where adjacent texts meet (<!-- -->); a browser shows none of it.
    return (await response.text()).replaceAll('<!-- -->', '');
  };

  describe('on a builder’s site of three communities', () => {
    let server: TestServer;
    let owner: Staff;
    before(async () => {
      server = await startTestServer({ ...STAFF_ENV, SAMPLE_COMMUNITIES: '3' });
      owner = await signIn(server.url);
    });
    after(() => server.close());

    const PAGES = ['', '/about', '/site-plan', '/floor-plans', '/tours', '/homesites/1'];

    it('sold out: every page of it says so and points to the other communities; the others say nothing', async () => {
      await setStatus(server, owner, 'cedar-hollow', 'sold-out');
      for (const path of PAGES) {
        const html = await text(server, `/communities/cedar-hollow${path}`);
        expect(html, path).to.include(
          '<p class="community-status-notice" role="note"><strong>Cedar Hollow is sold out.</strong> <a href="/communities">See our other communities</a></p>',
        );
      }
      expect(await text(server, '/communities/willow-bend')).to.not.include('community-status-notice');
    });

    it('coming soon: says so with a link to its interest list; selling again: nothing', async () => {
      await setStatus(server, owner, 'cedar-hollow', 'coming-soon');
      const html = await text(server, '/communities/cedar-hollow/site-plan');
      expect(html)
        .to.include('<strong>Cedar Hollow is coming soon.</strong>')
        .and.include('<a href="/communities/cedar-hollow/interest">Join the interest list</a>');
      await setStatus(server, owner, 'cedar-hollow', 'selling');
      expect(await text(server, '/communities/cedar-hollow/site-plan')).to.not.include('community-status-notice');
    });
  });

  it('on a site of one community, sold out: its pages say so with the sales phone', async () => {
    const server = await startTestServer(STAFF_ENV);
    try {
      const owner = await signIn(server.url);
      const [community] = server.site.communities.all();
      await setStatus(server, owner, community!.slug, 'sold-out');
      const html = await text(server, '/about');
      expect(html).to.match(
        /<strong>Maple Hollow is sold out\.<\/strong> Questions\? Call <a href="tel:[^"]+">[^<]+<\/a>\./,
      );
    } finally {
      await server.close();
    }
  });
});
