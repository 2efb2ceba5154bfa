import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** "Schedule a tour" is reachable from the home page, each plan page, each homesite page, the footer and the sitemap. */
describe('links to GET /tours', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());
  const html = async (path: string) => (await fetch(`${server.url}${path}`)).text();

  it('puts a Schedule a tour button on the home page and a footer link on every page', async () => {
    const home = await html('/');
    expect(home).to.include('<a class="button" href="/tours">Schedule a tour</a>');
    expect(await html('/about')).to.include('<a href="/tours">Schedule a Tour</a>');
  });

  it('links each plan page to /tours?plan=<slug>', async () => {
    expect(await html('/floor-plans/canyon')).to.include('href="/tours?plan=canyon"');
  });

  it('links each homesite page to /tours?homesite=N', async () => {
    expect(await html('/homesites/12')).to.include('href="/tours?homesite=12"');
  });

  it('lists /tours in the sitemap', async () => {
    expect(await html('/sitemap.xml')).to.include(`<loc>${server.config.siteUrl}/tours</loc>`);
  });
});
