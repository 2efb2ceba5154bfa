import { expect } from 'chai';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { nuErrors, skipWithoutJava } from '../support/nu-checker.js';
import { acceptInvitation, staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const CEDAR = {
  slug: 'cedar-ridge',
  name: 'Cedar Ridge',
  street: '100 Cedar Ridge Way',
  city: 'Loveland',
  state: 'CO',
  zip: '80538',
  lat: 40.3978,
  lng: -105.0749,
  timeZone: 'America/Denver',
};

interface Summary {
  slug: string;
  name: string;
  status: string;
  public: boolean;
  homesites: number;
  url: string;
}

function get(server: TestServer, path: string, staff: Staff, accept = 'application/json'): Promise<Response> {
  return fetch(`${server.url}${path}`, { redirect: 'manual', headers: { Cookie: staff.cookie, Accept: accept } });
}

async function list(server: TestServer, staff: Staff): Promise<Summary[]> {
  const response = await get(server, '/admin/communities.json', staff);
  expect(response.status).to.equal(200);
  return (await response.json()) as Summary[];
}

/** Publishes a new version of a community's section with `change` applied, as the editor's calls do. */
async function publishSection(
  server: TestServer,
  staff: Staff,
  slug: string,
  id: string,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  const base = `/admin/communities/${slug}/content/${id}`;
  const view = (await (await get(server, `${base}.json`, staff)).json()) as {
    published: { version: number; data: Record<string, unknown> };
  };
  const saved = await staffCall(
    server.url,
    `${base}/draft`,
    staff,
    {
      data: change(view.published.data),
      baseVersion: view.published.version,
    },
    { method: 'PUT' },
  );
  expect(saved.status, `draft of ${id}`).to.equal(200);
  const { version } = (await saved.json()) as { version: number };
  const published = await staffCall(server.url, `${base}/publish`, staff, { version });
  expect(published.status, `publish of ${id}`).to.equal(200);
}

describe('Communities in staff hands', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;
  let marketing: Staff;
  let sales: Staff;
  let first: Summary;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
    marketing = await teamMember(server.url, owner, 'marketing', 'mara', 'lilac window seventeen');
    sales = await teamMember(server.url, owner, 'sales', 'sam', 'copper kettle harbor');
    first = (await list(server, owner))[0]!;
  });
  after(() => server.close());

  describe('GET /admin/communities.json', () => {
    it('lists the one community at / for owners and marketing, and refuses sales', async () => {
      expect(first).to.include({ public: true, url: '/', status: 'selling' });
      expect(first.homesites).to.be.greaterThan(0);
      expect(await list(server, marketing)).to.deep.equal([first]);
      expect((await get(server, '/admin/communities.json', sales)).status).to.equal(403);
    });
  });

  describe('POST /admin/communities', () => {
    it('names each bad field in a 400', async () => {
      const response = await staffCall(server.url, '/admin/communities', owner, {
        ...CEDAR,
        slug: 'Cedar Ridge',
        state: 'XX',
        zip: '8053',
        lat: 95,
        timeZone: 'Mars/Olympus',
      });
      expect(response.status).to.equal(400);
      const { errors } = (await response.json()) as { errors: { field: string; message: string }[] };
      expect(errors.map((error) => error.field)).to.deep.equal(['slug', 'state', 'zip', 'lat', 'timeZone']);
      expect(errors[0]!.message).to.match(/^Web address/);
    });

    it('is the owners’: marketing and sales get 403', async () => {
      for (const staff of [marketing, sales])
        expect((await staffCall(server.url, '/admin/communities', staff, CEDAR)).status).to.equal(403);
    });

    it('creates a community that is not public, with its sections recorded as the creator’s', async () => {
      const response = await staffCall(server.url, '/admin/communities', owner, CEDAR);
      expect(response.status).to.equal(201);
      expect(await response.json()).to.deep.equal({ slug: 'cedar-ridge' });
      const cedar = (await list(server, owner)).find((community) => community.slug === 'cedar-ridge');
      expect(cedar).to.deep.equal({
        slug: 'cedar-ridge',
        name: 'Cedar Ridge',
        status: 'coming-soon',
        public: false,
        homesites: 0,
        url: '/communities/cedar-ridge',
      });
      const section = (await (
        await get(server, '/admin/communities/cedar-ridge/content/community.json', owner)
      ).json()) as {
        published: { version: number; publishedBy: string; data: { name: string; address: { city: string } } };
      };
      expect(section.published).to.include({ version: 1, publishedBy: 'staff' });
      expect(section.published.data.name).to.equal('Cedar Ridge');
      expect(section.published.data.address.city).to.equal('Loveland');
      const offerings = (await (
        await get(server, '/admin/communities/cedar-ridge/content/offerings.json', owner)
      ).json()) as {
        published: { data: unknown };
      };
      expect(offerings.published.data).to.deep.equal({ plans: [] });
      const audit = await server.db('audit_log').where({ action: 'community.created' }).first();
      expect(audit).to.include({ actor: 'staff', target: 'community/cedar-ridge' });
      // The first community is still the site's only public one.
      expect((await fetch(`${server.url}/`)).status).to.equal(200);
    });

    it('answers 409 for a taken slug', async () => {
      const response = await staffCall(server.url, '/admin/communities', owner, { ...CEDAR, name: 'Cedar Ridge II' });
      expect(response.status).to.equal(409);
    });
  });

  describe('per-community content', () => {
    it('answers a builder section under a community’s address with 404, and an unknown community with 404', async () => {
      expect((await get(server, '/admin/communities/cedar-ridge/content/builder.json', owner)).status).to.equal(404);
      expect((await get(server, '/admin/communities/nowhere/content/community.json', owner)).status).to.equal(404);
      expect((await get(server, '/admin/communities/nowhere', owner, 'text/html')).status).to.equal(404);
    });

    it('keeps the first community’s sections at /admin/content and the new one’s apart', async () => {
      const firstSection = (await (await get(server, '/admin/content/community.json', owner)).json()) as {
        published: { data: { name: string } };
      };
      expect(firstSection.published.data.name).to.equal(first.name);
    });

    it('renders the editor of a community’s section with its own address in the form', async () => {
      const response = await get(server, '/admin/communities/cedar-ridge/content/community', owner, 'text/html');
      expect(response.status).to.equal(200);
      expect(await response.text()).to.contain('action="/admin/communities/cedar-ridge/content/community"');
    });
  });

  describe('POST /admin/communities/<slug>/publish', () => {
    it('answers the checklist’s plain form with the checklist, naming what is missing (409)', async () => {
      const html = await (await get(server, '/admin/communities/cedar-ridge', marketing, 'text/html')).text();
      const token = /name="_csrf" value="([^"]+)"/.exec(html)![1]!;
      const response = await fetch(`${server.url}/admin/communities/cedar-ridge/publish`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Cookie: marketing.cookie,
          Origin: server.url,
          Accept: 'text/html',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ _csrf: token }),
      });
      expect(response.status).to.equal(409);
      expect((await response.text()).replace(/<!-- -->/g, '')).to.contain(
        'Not published: still missing community texts, an offered plan',
      );
    });

    it('names every missing step in a 409', async () => {
      const response = await staffCall(server.url, '/admin/communities/cedar-ridge/publish', marketing, {});
      expect(response.status).to.equal(409);
      const { missing } = (await response.json()) as { missing: string[] };
      expect(missing).to.deep.equal([
        'community texts',
        'an offered plan',
        'a site plan with its homesites',
        'tour hours',
      ]);
    });

    it('is refused to sales, who reads the checklist', async () => {
      expect((await staffCall(server.url, '/admin/communities/cedar-ridge/publish', sales, {})).status).to.equal(403);
      const checklist = await get(server, '/admin/communities/cedar-ridge', sales, 'text/html');
      expect(checklist.status).to.equal(200);
      const html = await checklist.text();
      expect(html.replace(/<!-- -->/g, '')).to.contain('Missing:</strong> Community texts');
      expect(html).to.not.contain('/publish"');
    });

    it('publishes a complete community: both are public, each at its /communities address', async () => {
      await publishSection(server, marketing, 'cedar-ridge', 'community', (data) => ({
        ...data,
        tagline: 'Foothill homes by the lake',
      }));
      const library = (await (await get(server, '/admin/content/floor-plans.json', owner)).json()) as {
        published: { data: { plans: { slug: string }[] } };
      };
      const plan = library.published.data.plans[0]!.slug;
      await publishSection(server, marketing, 'cedar-ridge', 'offerings', () => ({
        plans: [{ plan, basePrice: 512_900 }],
      }));
      await publishSection(server, marketing, 'cedar-ridge', 'tours', (data) => ({ ...data, slotMinutes: 60 }));
      const cedarId = Number((await server.db('communities').where({ slug: 'cedar-ridge' }).first('id')).id);
      await server.db('homesites').insert({
        community_id: cedarId,
        lot: 1,
        status: 'future',
        address: '',
        updated_at: new Date().toISOString(),
      });
      const checklist = await (await get(server, '/admin/communities/cedar-ridge', marketing, 'text/html')).text();
      expect(checklist).to.contain('/admin/communities/cedar-ridge/publish');

      const second = await startTestServer(STAFF_ENV, { sameStorageAs: server });
      try {
        expect(second.site.communities.bySlug('cedar-ridge')?.public).to.equal(false);
        const response = await staffCall(server.url, '/admin/communities/cedar-ridge/publish', marketing, {});
        expect(response.status).to.equal(200);
        // The other instance sees it at its next look at the shared revision (every 2 s).
        const published = Date.now();
        while (!second.site.communities.bySlug('cedar-ridge')?.public && Date.now() - published < 2_500)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(second.site.communities.bySlug('cedar-ridge')?.public, 'public on the other instance').to.equal(true);
        expect(second.site.content.publishedFor(cedarId)?.floorPlans).to.have.length(1);
      } finally {
        await second.close();
      }
      const communities = await list(server, owner);
      expect(communities.map((community) => [community.slug, community.public, community.url])).to.deep.equal([
        [first.slug, true, `/communities/${first.slug}`],
        ['cedar-ridge', true, '/communities/cedar-ridge'],
      ]);
      expect(communities[1]).to.include({ status: 'coming-soon', homesites: 1 });
      const audit = await server.db('audit_log').where({ action: 'community.published' }).first();
      expect(audit).to.include({ actor: 'mara', community_id: cedarId });
      expect(server.site.communities.bySlug('cedar-ridge')?.public).to.equal(true);
      expect((await fetch(`${server.url}/`)).status, 'the public site still answers').to.be.below(500);
    });
  });

  describe('POST /admin/communities/<slug>/status', () => {
    it('changes the status, refuses an unknown one, and leaves closing to owners', async () => {
      const path = '/admin/communities/cedar-ridge/status';
      expect((await staffCall(server.url, path, marketing, { status: 'open' })).status).to.equal(400);
      expect((await staffCall(server.url, path, marketing, { status: 'selling' })).status).to.equal(200);
      expect((await list(server, owner)).find((c) => c.slug === 'cedar-ridge')?.status).to.equal('selling');
      expect((await staffCall(server.url, path, marketing, { status: 'closed' })).status).to.equal(403);
      expect((await staffCall(server.url, path, sales, { status: 'sold-out' })).status).to.equal(403);
      expect((await staffCall(server.url, path, owner, { status: 'closed' })).status).to.equal(200);
      const cedar = (await list(server, owner)).find((c) => c.slug === 'cedar-ridge');
      expect(cedar).to.include({ status: 'closed', public: false });
      const audit = await server.db('audit_log').where({ action: 'community.status' }).orderBy('id');
      expect(audit.map((row: { details: string }) => JSON.parse(row.details))).to.deep.equal([
        { status: ['coming-soon', 'selling'] },
        { status: ['selling', 'closed'] },
      ]);
      expect((await staffCall(server.url, path, owner, { status: 'selling' })).status).to.equal(200);
    });
  });

  describe('an account limited to some communities', () => {
    it('sees only its communities in communities.json; another is a 404', async () => {
      const response = await staffCall(server.url, '/admin/team/mara', owner, { communities: ['cedar-ridge'] });
      expect(response.status).to.equal(200);
      expect((await list(server, marketing)).map((community) => community.slug)).to.deep.equal(['cedar-ridge']);
      expect((await get(server, `/admin/communities/${first.slug}/content/community.json`, marketing)).status).to.equal(
        404,
      );
      expect((await staffCall(server.url, `/admin/communities/${first.slug}/publish`, marketing, {})).status).to.equal(
        404,
      );
      // The bare address of a community's sections is its own community's, never a way round to the first's.
      expect((await get(server, '/admin/content/builder.json', marketing)).status).to.equal(200);
      const contentList = await (await get(server, '/admin/content', marketing, 'text/html')).text();
      expect(contentList).to.contain('/admin/content/builder').and.not.contain('/admin/content/offerings');
      expect(contentList).to.contain('href="/admin/communities/cedar-ridge/content/offerings"');
      expect(contentList).to.not.contain(`/admin/communities/${first.slug}/`);
      expect((await staffCall(server.url, '/admin/team/mara', owner, { communities: 'all' })).status).to.equal(200);
      expect(await list(server, marketing)).to.have.length(2);
    });

    it('reaches only its own community’s sections through /admin/content/<id>, whichever it asks for', async () => {
      expect(
        (await staffCall(server.url, '/admin/team/mara', owner, { communities: ['cedar-ridge'] })).status,
      ).to.equal(200);
      const sections = ['community', 'offerings', 'promotions', 'tours', 'nearby', 'media', 'homesites'];
      for (const id of sections) {
        const bare = await get(server, `/admin/content/${id}.json`, marketing);
        expect(bare.status, id).to.equal(200);
        const own = await get(server, `/admin/communities/cedar-ridge/content/${id}.json`, marketing);
        expect(await bare.json(), id).to.deep.equal(await own.json());
        const page = await get(server, `/admin/content/${id}`, marketing, 'text/html');
        expect(page.status, id).to.equal(303);
        expect(page.headers.get('location'), id).to.equal(`/admin/communities/cedar-ridge/content/${id}`);
        const history = await get(server, `/admin/content/${id}/history?compare=1`, marketing, 'text/html');
        expect(history.headers.get('location'), id).to.equal(
          `/admin/communities/cedar-ridge/content/${id}/history?compare=1`,
        );
      }
      const section = (await (await get(server, '/admin/content/community.json', marketing)).json()) as {
        published: { version: number; data: { name: string } };
      };
      expect(section.published.data.name).to.equal('Cedar Ridge');
      // A draft saved at the bare address is Cedar Ridge's; the first community's section is untouched.
      const saved = await staffCall(
        server.url,
        '/admin/content/community/draft',
        marketing,
        {
          data: { ...section.published.data, tagline: 'Saved at the bare address' },
          baseVersion: section.published.version,
        },
        { method: 'PUT' },
      );
      expect(saved.status).to.equal(200);
      const cedar = (await (
        await get(server, '/admin/communities/cedar-ridge/content/community.json', owner)
      ).json()) as { draft: { data: { tagline: string } } | null };
      expect(cedar.draft?.data.tagline).to.equal('Saved at the bare address');
      const firstOwn = (await (
        await get(server, `/admin/communities/${first.slug}/content/community.json`, owner)
      ).json()) as { draft: unknown };
      expect(firstOwn.draft).to.equal(null);
      // A switch to a community the account does not reach is refused, and changes nothing.
      const html = await (await get(server, '/admin/content', marketing, 'text/html')).text();
      const token = /name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? marketing.token;
      const refused = await fetch(`${server.url}/admin/community`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: server.url, Cookie: marketing.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: token, community: first.slug, back: '/admin/content' }),
      });
      expect(refused.status).to.equal(404);
      const after = (await (await get(server, '/admin/content/community.json', marketing)).json()) as {
        published: { data: { name: string } };
      };
      expect(after.published.data.name).to.equal('Cedar Ridge');
      expect((await staffCall(server.url, '/admin/team/mara', owner, { communities: 'all' })).status).to.equal(200);
    });

    it('follows the community an owner chose: the bare address and the list are the chosen one’s', async () => {
      const switched = await fetch(`${server.url}/admin/community`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: server.url, Cookie: owner.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: owner.token, community: 'cedar-ridge', back: '/admin/content' }),
      });
      expect(switched.status).to.equal(303);
      const section = (await (await get(server, '/admin/content/community.json', owner)).json()) as {
        published: { data: { name: string } };
      };
      expect(section.published.data.name).to.equal('Cedar Ridge');
      const page = await get(server, '/admin/content/tours', owner, 'text/html');
      expect(page.headers.get('location')).to.equal('/admin/communities/cedar-ridge/content/tours');
      // A builder's section stays at the bare address.
      expect((await get(server, '/admin/content/builder', owner, 'text/html')).status).to.equal(200);
      const list = (await (await get(server, '/admin/content', owner, 'text/html')).text()).replace(/<!-- -->/g, '');
      expect(list).to.contain('Builder-wide: shared by every community').and.contain('Cedar Ridge only');
      expect(list).to.contain('href="/admin/content/legal"').and.contain('href="/admin/content/floor-plans"');
      for (const id of ['community', 'offerings', 'tours'])
        expect(list).to.contain(`href="/admin/communities/cedar-ridge/content/${id}"`);
      const back = await fetch(`${server.url}/admin/community`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: server.url, Cookie: owner.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: owner.token, community: first.slug, back: '/admin/content' }),
      });
      expect(back.status).to.equal(303);
      const firstSection = (await (await get(server, '/admin/content/community.json', owner)).json()) as {
        published: { data: { name: string } };
      };
      expect(firstSection.published.data.name).to.equal(first.name);
    });

    it('names an unknown slug in a 400, and keeps owners at all communities', async () => {
      const unknown = await staffCall(server.url, '/admin/team/mara', owner, {
        communities: ['cedar-ridge', 'atlantis'],
      });
      expect(unknown.status).to.equal(400);
      expect(((await unknown.json()) as { error: string }).error).to.contain('atlantis');
      expect(
        (await staffCall(server.url, '/admin/team/staff', owner, { communities: ['cedar-ridge'] })).status,
      ).to.equal(409);
    });
  });

  describe('invitations with communities', () => {
    it('gives the invited account the communities chosen, once accepted', async () => {
      const invited = await staffCall(server.url, '/admin/team/invitations', owner, {
        email: 'sky@example.com',
        role: 'sales',
        communities: ['cedar-ridge'],
      });
      expect(invited.status).to.equal(201);
      const { link } = (await invited.json()) as { link: string };
      const accepted = await acceptInvitation(`${server.url}${new URL(link).pathname}`, 'sky', 'velvet river lantern');
      expect(accepted.status).to.equal(303);
      const team = (await (await get(server, '/admin/team.json', owner)).json()) as {
        accounts: { username: string; communities: 'all' | string[] }[];
      };
      expect(team.accounts.find((account) => account.username === 'sky')?.communities).to.deep.equal(['cedar-ridge']);
      expect(team.accounts.find((account) => account.username === 'staff')?.communities).to.equal('all');
    });

    it('names an unknown community of an invitation in a 400', async () => {
      const invited = await staffCall(server.url, '/admin/team/invitations', owner, {
        email: 'lee@example.com',
        role: 'sales',
        communities: ['atlantis'],
      });
      expect(invited.status).to.equal(400);
      expect(((await invited.json()) as { error: string }).error).to.contain('atlantis');
    });

    it('shows each account’s communities on the team page, with checkboxes to choose them', async () => {
      const html = (await (await get(server, '/admin/team', owner, 'text/html')).text()).replace(/<!-- -->/g, '');
      expect(html).to.contain('name="communities" value="cedar-ridge"');
      expect(html).to.contain('Communities of sky');
    });

    it('changes an account’s communities from the team page’s plain form', async () => {
      const html = await (await get(server, '/admin/team', owner, 'text/html')).text();
      const token = /name="_csrf" value="([^"]+)"/.exec(html)![1]!;
      const body = new URLSearchParams({ _csrf: token, change: 'communities' });
      body.append('communities', first.slug);
      body.append('communities', 'cedar-ridge');
      const posted = await fetch(`${server.url}/admin/team/sky`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Cookie: owner.cookie,
          Origin: server.url,
          Accept: 'text/html',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body,
      });
      expect(posted.status).to.equal(200);
      expect(await posted.text()).to.contain('sky now works in');
      const rows = await server
        .db('user_communities as c')
        .join('users as u', 'u.id', 'c.user_id')
        .where('u.username', 'sky');
      expect(rows).to.have.length(2);
      const audit = await server.db('audit_log').where({ action: 'account.communities', target: 'sky' }).first();
      expect(JSON.parse((audit as { details: string }).details)).to.deep.equal({
        communities: [['cedar-ridge'], [first.slug, 'cedar-ridge']],
      });
    });
  });

  describe('the pages', () => {
    it('are valid HTML (the Nu checker)', async function () {
      skipWithoutJava(this);
      const pages = [
        '/admin/communities',
        '/admin/communities/new',
        '/admin/communities/cedar-ridge',
        '/admin/communities/cedar-ridge/content',
        '/admin/content',
        '/admin/communities/cedar-ridge/content/tours',
        '/admin/team',
      ];
      const documents = [];
      for (const page of pages)
        documents.push({ label: page, html: await (await get(server, page, owner, 'text/html')).text() });
      const invalid = await fetch(`${server.url}/admin/communities`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Cookie: owner.cookie,
          Origin: server.url,
          Accept: 'text/html',
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-CSRF-Token': owner.token,
        },
        body: new URLSearchParams({ name: 'Birch', state: 'ZZ' }),
      });
      expect(invalid.status).to.equal(400);
      documents.push({ label: 'new community with problems', html: await invalid.text() });
      expect(await nuErrors(documents)).to.deep.equal([]);
    });

    it('lists the communities, offers owners the new-community form, and creates one from a plain form', async () => {
      const page = await (await get(server, '/admin/communities', sales, 'text/html')).text();
      expect(page).to.contain('Cedar Ridge').and.not.contain('/admin/communities/new');
      const form = await get(server, '/admin/communities/new', owner, 'text/html');
      expect(form.status).to.equal(200);
      const html = await form.text();
      const token = /name="_csrf" value="([^"]+)"/.exec(html)![1]!;
      const posted = await fetch(`${server.url}/admin/communities`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Cookie: owner.cookie,
          Origin: server.url,
          Accept: 'text/html',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          _csrf: token,
          ...CEDAR,
          slug: '',
          name: 'Aspen Meadows',
          lat: '40.5',
          lng: '-105.1',
        }),
      });
      expect(posted.status).to.equal(303);
      expect(posted.headers.get('location')).to.equal('/admin/communities/aspen-meadows?done=created');
    });
  });
});
