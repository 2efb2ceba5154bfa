import { expect } from 'chai';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The lots the staff homesites page lists (one row per lot). */
async function lotsOnHomesitesPage(server: TestServer, staff: Staff): Promise<number> {
  const page = await fetch(`${server.url}/admin/homesites`, { headers: { Cookie: staff.cookie } });
  expect(page.status).to.equal(200);
  return new Set([...(await page.text()).matchAll(/id="homesite-(\d+)"/g)].map((match) => match[1])).size;
}

async function lotsOf(server: TestServer, slug: string): Promise<number> {
  const row = (await server
    .db('homesites as h')
    .join('communities as c', 'c.id', 'h.community_id')
    .where('c.slug', slug)
    .count({ n: '*' })
    .first()) as { n: number | string };
  return Number(row.n);
}

function switchTo(server: TestServer, staff: Staff, community: string, back = '/admin/homesites'): Promise<Response> {
  return fetch(`${server.url}/admin/community`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: server.url, Cookie: staff.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: staff.token, community, back }),
  });
}

describe('The staff community switcher (issue: staff in their communities)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;
  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, SAMPLE_COMMUNITIES: '3' });
    owner = await signIn(server.url);
  });
  after(() => server.close());

  it('works in the first community until another is chosen, then in that one, for this session', async () => {
    expect(await lotsOnHomesitesPage(server, owner)).to.equal(await lotsOf(server, 'maple-hollow'));
    const page = await (await fetch(`${server.url}/admin/homesites`, { headers: { Cookie: owner.cookie } })).text();
    expect(page)
      .to.include('action="/admin/community"')
      .and.include('<option value="cedar-hollow">Cedar Hollow</option>');
    const switched = await switchTo(server, owner, 'cedar-hollow');
    expect(switched.status).to.equal(303);
    expect(switched.headers.get('location')).to.equal('/admin/homesites');
    expect(await lotsOnHomesitesPage(server, owner)).to.equal(await lotsOf(server, 'cedar-hollow'));
    const other = await signIn(server.url);
    expect(await lotsOnHomesitesPage(server, other), 'another session keeps its own').to.equal(
      await lotsOf(server, 'maple-hollow'),
    );
  });

  it('refuses a community that does not exist or is not the account’s (404), a missing token (403), and sends back only to a staff page', async () => {
    expect((await switchTo(server, owner, 'no-such-place')).status).to.equal(404);
    const withoutToken = await fetch(`${server.url}/admin/community`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.url, Cookie: owner.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ community: 'cedar-hollow' }),
    });
    expect(withoutToken.status).to.equal(403);
    const elsewhere = await switchTo(server, owner, 'willow-bend', 'https://evil.example/');
    expect(elsewhere.headers.get('location')).to.equal('/admin');
  });

  it('gives an account limited to one community no switcher, and its community, not the first', async () => {
    await teamMember(server.url, owner, 'sales', 'willa', 'quiet orchard lantern 42');
    const limited = await staffCall(server.url, '/admin/team/willa', owner, { communities: ['willow-bend'] });
    expect(limited.status).to.equal(200);
    const again = await signIn(server.url, 'willa', 'quiet orchard lantern 42');
    expect(await lotsOnHomesitesPage(server, again)).to.equal(await lotsOf(server, 'willow-bend'));
    const page = await (await fetch(`${server.url}/admin/homesites`, { headers: { Cookie: again.cookie } })).text();
    expect(page).to.not.include('action="/admin/community"');
    expect((await switchTo(server, again, 'maple-hollow')).status).to.equal(404);
  });
});
