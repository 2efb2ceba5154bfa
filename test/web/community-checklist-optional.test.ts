import { expect } from 'chai';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const PINE = {
  slug: 'pine-terrace',
  name: 'Pine Terrace',
  street: '1 Pine Terrace Way',
  city: 'Greeley',
  state: 'CO',
  zip: '80631',
  lat: 40.4233,
  lng: -104.7091,
  timeZone: 'America/Denver',
};

/** Issue 38's checklist: photos, nearby places and promotions are optional steps; every step previews its page. */
describe('A community’s checklist: optional steps and previews', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;
  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
    expect((await staffCall(server.url, '/admin/communities', owner, PINE)).status).to.equal(201);
  });
  after(() => server.close());

  const checklist = async () =>
    (
      await (await fetch(`${server.url}/admin/communities/${PINE.slug}`, { headers: { Cookie: owner.cookie } })).text()
    ).replaceAll('<!-- -->', '');

  it('lists photos, nearby places and promotions as optional, each with a way to do it', async () => {
    const html = await checklist();
    expect(html)
      .to.include('<strong>Optional:</strong> Photos for its home page.')
      .and.include('<strong>Optional:</strong> Nearby places.')
      .and.include('<strong>Optional:</strong> Promotions.')
      .and.include(`href="/admin/communities/${PINE.slug}/content/nearby"`)
      .and.include(`href="/admin/communities/${PINE.slug}/content/promotions"`);
    // The photo editor works in the community of the staff bar: the step's form chooses this one first.
    expect(html).to.match(
      new RegExp(
        `<form class="inline-form" action="/admin/community" method="post">.*?name="community" value="${PINE.slug}".*?name="back" value="/admin/homepage-images"`,
      ),
    );
  });

  it('previews the page each step feeds', async () => {
    const html = await checklist();
    for (const path of ['/about', '/floor-plans', '/site-plan', '/tours', '/contact']) {
      expect(html, path).to.include(`href="/preview/communities/${PINE.slug}${path}"`);
      const preview = await fetch(`${server.url}/preview/communities/${PINE.slug}${path}`, {
        headers: { Cookie: owner.cookie },
      });
      expect(preview.status, `preview ${path}`).to.equal(200);
    }
  });

  it('publishing waits for the required steps only', async () => {
    const response = await staffCall(server.url, `/admin/communities/${PINE.slug}/publish`, owner, {});
    expect(response.status).to.equal(409);
    const { missing } = (await response.json()) as { missing: string[] };
    expect(missing).to.include('community texts').and.not.include('photos for its home page');
    expect(missing).to.not.include('nearby places').and.not.include('promotions');
  });

  it('the photo step’s form switches the staff pages to the community and opens the photo editor', async () => {
    const response = await fetch(`${server.url}/admin/community`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: owner.cookie,
        Origin: server.url,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ _csrf: owner.token, community: PINE.slug, back: '/admin/homepage-images' }),
    });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin/homepage-images');
    const editor = await (
      await fetch(`${server.url}/admin/homepage-images`, { headers: { Cookie: owner.cookie } })
    ).text();
    expect(editor).to.include('Pine Terrace');
  });

  it('without JavaScript, a time zone left empty is taken from the state and the pin', async () => {
    const response = await fetch(`${server.url}/admin/communities`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: owner.cookie,
        Origin: server.url,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
      },
      body: new URLSearchParams({
        _csrf: owner.token,
        name: 'Mesa Verde Flats',
        slug: '',
        street: '1 Mesa Way',
        city: 'El Paso',
        state: 'TX',
        zip: '79901',
        lat: '31.7619',
        lng: '-106.485',
        timeZone: '',
      }),
    });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin/communities/mesa-verde-flats?done=created');
    const row = await server.db('communities').where({ slug: 'mesa-verde-flats' }).first('time_zone');
    expect(row.time_zone).to.equal('America/Denver');
  });
});
