import { expect } from 'chai';
import { bdxSchemaErrors } from '../support/bdx-schema.js';
import { describeMessage, nuMessages, skipWithoutJava } from '../support/nu-checker.js';
import { startTestServer, TEST_SITE_URL, type TestServer } from '../support/test-server.js';

/** Every address a one-community site served a community page at (the sitemap's, and a buyer's tour page). */
async function oneCommunityPaths(server: TestServer): Promise<string[]> {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

async function answer(server: TestServer, path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
}

/** What the site does after a community's row changed: its directory read again, the pages dropped. */
async function changed(server: TestServer, reason: string): Promise<void> {
  await server.site.communities.load();
  await server.site.publicContent.changed(reason);
}

/** A community made public as the contract's publish would: every instance's directory and cache follow it. */
async function publish(server: TestServer, slug: string): Promise<void> {
  await server.db('communities').where({ slug }).update({ published_at: new Date().toISOString() });
  await changed(server, `community published: ${slug}`);
}

describe('Addresses with many communities (contract wave 4, "Addresses")', function () {
  this.timeout(60_000);

  describe('one public community: the wave 1–3 addresses, unchanged', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ SAMPLE_COMMUNITIES: '3', SITE_URL: TEST_SITE_URL });
      // Two generated communities are set up but not public yet.
      await server.db('communities').whereNot({ slug: 'maple-hollow' }).update({ published_at: null });
      await changed(server, 'set-up communities');
    });
    after(() => server.close());

    it('serves the community at the root, and no community address or builder page', async () => {
      for (const path of ['/', '/about', '/site-plan', '/floor-plans', '/tours', '/homesites/12']) {
        expect((await answer(server, path)).status, path).to.equal(200);
      }
      const home = await (await answer(server, '/')).text();
      expect(home).to.include('<link rel="canonical" href="https://maplehollow.example/"');
      expect(home).to.include('href="/site-plan"');
      for (const path of ['/communities', '/communities/cedar-hollow', '/communities/maple-hollow', '/plans']) {
        expect((await answer(server, path)).status, path).to.equal(404);
      }
      const sitemap = await oneCommunityPaths(server);
      expect(sitemap).to.include('/homesites/1').and.not.include('/communities');
    });

    it('answers 404 to the public for a community that is not public yet', async () => {
      expect((await answer(server, '/communities/cedar-hollow/site-plan')).status).to.equal(404);
    });

    describe('when a second community goes public', () => {
      let before1: string[];
      let tourToken: string;
      before(async () => {
        before1 = await oneCommunityPaths(server);
        const tour = (await server.db('tours').first('token')) as { token: string } | undefined;
        tourToken = tour?.token ?? '';
        await publish(server, 'cedar-hollow');
      });

      it('answers 301 from every address the one-community site had to the same page at its new address', async () => {
        const builderPages = new Set(['/', '/homes', '/contact', '/privacy', '/agents']);
        const moved = before1.filter((path) => !builderPages.has(path));
        expect(moved.length).to.be.greaterThan(80);
        for (const path of moved) {
          const response = await answer(server, `${path}?utm_source=news`);
          expect(response.status, path).to.equal(301);
          expect(response.headers.get('location'), path).to.equal(`/communities/maple-hollow${path}?utm_source=news`);
          const target = await answer(server, `/communities/maple-hollow${path}`);
          expect(target.status, `/communities/maple-hollow${path}`).to.equal(200);
        }
      });

      it("sends a buyer's tour page to the address of its own community", async () => {
        const token = tourToken || 'A'.repeat(43);
        const response = await answer(server, `/tours/${token}`);
        expect(response.status).to.equal(301);
        expect(response.headers.get('location')).to.equal(`/communities/maple-hollow/tours/${token}`);
      });

      it("serves each community's pages under its address, with its own links, name and canonical address", async () => {
        const page = await (await answer(server, '/communities/cedar-hollow/site-plan')).text();
        expect(page).to.include(
          '<link rel="canonical" href="https://maplehollow.example/communities/cedar-hollow/site-plan"',
        );
        expect(page).to.include('href="/communities/cedar-hollow/floor-plans"');
        expect(page).to.include('href="/communities/cedar-hollow/homesites/1"');
        expect(page).to.not.match(/href="\/(about|site-plan|floor-plans|tours|contact)["/?#]/);
        expect(page).to.include('Cedar Hollow');
        const original = await (await answer(server, '/communities/maple-hollow')).text();
        expect(original).to.include('Maple Hollow').and.include('href="/communities/maple-hollow/site-plan"');
      });

      it('shows the builder home at / with every public community, and lists them at /communities', async () => {
        const home = await (await answer(server, '/')).text();
        expect(home).to.include('href="/communities/maple-hollow"').and.include('href="/communities/cedar-hollow"');
        expect(home).to.not.include('href="/communities/willow-bend"');
        expect(home).to.include('action="/homes"');
        for (const link of ['/communities', '/homes', '/plans', '/contact']) expect(home).to.include(`href="${link}"`);
        const list = await (await answer(server, '/communities')).text();
        expect(list).to.include('Cedar Hollow').and.include('Maple Hollow');
      });

      it("answers a missing page under a community's address with 404 in that community's frame", async () => {
        for (const path of ['/communities/cedar-hollow/no-such-page', '/communities/cedar-hollow/floor-plans/x/y']) {
          const response = await answer(server, path);
          expect(response.status, path).to.equal(404);
          const page = await response.text();
          expect(page, path).to.include('href="/communities/cedar-hollow/floor-plans"').and.include('Cedar Hollow');
          expect(page, path).to.not.include('href="/plans"');
        }
        const json = await answer(server, '/communities/cedar-hollow/no-such-page', {
          headers: { accept: 'application/json' },
        });
        expect(json.status).to.equal(404);
        expect(await json.json()).to.deep.equal({ error: 'Not found' });
        // The builder's own missing pages keep the builder's frame.
        const builder = await (await answer(server, '/no-such-page')).text();
        expect(builder).to.include('href="/plans"').and.not.include('href="/communities/cedar-hollow/floor-plans"');
      });

      it("frames the builder's own pages at the root with the builder's nav", async () => {
        for (const path of ['/homes', '/contact', '/privacy', '/agents']) {
          const page = await (await answer(server, path)).text();
          expect(page, path).to.include('href="/communities"').and.include('href="/plans"');
          expect(page, path).to.not.include('href="/site-plan"');
        }
      });

      it('asks on the builder contact page which community a message is about, and files it there', async () => {
        const page = await (await answer(server, '/contact')).text();
        expect(page)
          .to.include('Which community is it about?')
          .and.match(/<option value=""[^>]*>Not sure yet<\/option>/);
        expect(page).to.include('<option value="cedar-hollow">Cedar Hollow</option>');
        expect(page).to.not.include('value="willow-bend"');
        const send = (community: string, subject: string) =>
          answer(server, '/contact/submit', {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              firstname: 'Ada',
              lastname: 'Buyer',
              email: 'ada@example.com',
              phone: '(970) 555-0100',
              subject,
              message: 'Which lots back onto the park?',
              community,
            }),
          });
        expect((await send('cedar-hollow', 'About Cedar Hollow')).status).to.equal(200);
        expect((await send('', 'Not sure yet')).status).to.equal(200);
        expect((await send('willow-bend', 'Not public')).status).to.equal(200);
        const filed = (await server
          .db('contact_messages as m')
          .join('communities as c', 'c.id', 'm.community_id')
          .whereIn('m.subject', ['About Cedar Hollow', 'Not sure yet', 'Not public'])
          .orderBy('m.id')
          .select('m.subject', 'c.slug')) as { subject: string; slug: string }[];
        expect(filed).to.deep.equal([
          { subject: 'About Cedar Hollow', slug: 'cedar-hollow' },
          { subject: 'Not sure yet', slug: 'maple-hollow' },
          { subject: 'Not public', slug: 'maple-hollow' },
        ]);
      });

      it('shows a library plan with every community offering it, at its price there', async () => {
        const page = await (await answer(server, '/plans/sweetwater-ii')).text();
        expect(page).to.include('href="/communities/maple-hollow/floor-plans/sweetwater-ii"');
        expect((await answer(server, '/plans/no-such-plan')).status).to.equal(404);
      });

      it('lists every public page of every public community in the sitemap', async () => {
        const paths = await oneCommunityPaths(server);
        expect(paths).to.include.members([
          '/',
          '/communities',
          '/plans',
          '/communities/maple-hollow',
          '/communities/maple-hollow/homesites/1',
          '/communities/cedar-hollow/site-plan',
        ]);
        expect(paths.some((path) => path.startsWith('/communities/willow-bend'))).to.equal(false);
        for (const path of paths.filter((candidate) => candidate.startsWith('/communities/')).slice(0, 40)) {
          expect((await answer(server, path)).status, path).to.equal(200);
        }
      });

      it('lists one Subdivision per listed community in a feed valid against NHlist 7.7', async () => {
        const xml = await (await answer(server, '/feeds/bdx.xml')).text();
        expect([...xml.matchAll(/<Subdivision[ >]/g)]).to.have.length(2);
        expect(xml).to.include('/communities/cedar-hollow');
        expect(await bdxSchemaErrors(xml)).to.deep.equal([]);
      });

      it('sends a closed community to /communities, and keeps a sold-out one', async () => {
        await server.db('communities').where({ slug: 'cedar-hollow' }).update({ status: 'sold-out' });
        await changed(server, 'sold out');
        expect((await answer(server, '/communities/cedar-hollow/about')).status).to.equal(200);
        const tours = await (await answer(server, '/communities/cedar-hollow/tours')).text();
        expect(tours).to.include('Cedar Hollow is sold out');
        const booking = await answer(server, '/communities/cedar-hollow/tours', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: new URLSearchParams({
            firstname: 'Ada',
            lastname: 'Buyer',
            email: 'ada@example.com',
            phone: '(970) 555-0100',
          }),
        });
        expect(booking.status).to.equal(409);
        expect(((await booking.json()) as { error: string }).error).to.include('sold out');
        expect(await (await answer(server, '/feeds/bdx.xml')).text()).to.not.include('/communities/cedar-hollow');
        await server.db('communities').where({ slug: 'cedar-hollow' }).update({ status: 'closed' });
        await changed(server, 'closed');
        const closed = await answer(server, '/communities/cedar-hollow/about');
        expect(closed.status).to.equal(301);
        expect(closed.headers.get('location')).to.equal('/communities');
        await server.db('communities').where({ slug: 'cedar-hollow' }).update({ status: 'selling' });
        await changed(server, 'selling again');
      });

      it('writes the builder pages, a community page and its 404 page as valid HTML (Nu checker)', async function () {
        skipWithoutJava(this);
        const pages = [
          '/',
          '/communities',
          '/plans',
          '/plans/sweetwater-ii',
          '/communities/cedar-hollow',
          '/communities/cedar-hollow/no-such-page',
        ];
        const documents = await Promise.all(
          pages.map(async (page) => ({ label: page, html: await (await answer(server, page)).text() })),
        );
        const problems = (await nuMessages(documents)).filter(({ message }) => message.type === 'error');
        expect(problems.map(({ document, message }) => `${document.label}: ${describeMessage(message)}`)).to.deep.equal(
          [],
        );
      });
    });
  });
});
