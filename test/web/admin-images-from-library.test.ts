import { expect } from 'chai';
import sharp from 'sharp';
import { nuErrors, skipWithoutJava } from '../support/nu-checker.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface LibraryFile {
  id: number;
  url: string;
  storedUrl: string;
  alt: string | null;
}

/** Uploads a photo to the library; 400 px wide, so the upload encodes one width of variants, not three. */
async function uploadToLibrary(server: TestServer, staff: Staff, name: string, alt: string): Promise<LibraryFile> {
  const bytes = await sharp({ create: { width: 400, height: 267, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const response = await fetch(`${server.url}/admin/files`, {
    method: 'POST',
    headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, Accept: 'application/json' },
    body: form,
  });
  const body = (await response.json()) as LibraryFile & { error?: string };
  expect(response.status, body.error).to.equal(201);
  return body;
}

function addJson(server: TestServer, staff: Staff, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Cookie: staff.cookie,
      'X-CSRF-Token': staff.token,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify(body),
  });
}

function addByForm(server: TestServer, staff: Staff, path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Cookie: staff.cookie,
      Origin: server.url,
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html',
    },
    body: new URLSearchParams({ _csrf: staff.token, ...fields }).toString(),
  });
}

async function carouselUrls(server: TestServer): Promise<string[]> {
  const body = (await (await fetch(`${server.url}/api/homepageimages?sort=order,asc`)).json()) as {
    _embedded: { homepageimages: { url: string }[] };
  };
  return body._embedded.homepageimages.map((image) => image.url);
}

describe('Carousel and galleries take images from the file library', () => {
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  it('offers the library images on the carousel editor, by name, in a form that works without JavaScript', async () => {
    await uploadToLibrary(server, staff, 'model-kitchen.png', 'The model home kitchen');
    const page = await (
      await fetch(`${server.url}/admin/homepage-images`, { headers: { Cookie: staff.cookie } })
    ).text();
    expect(page).to.contain('Add an image from the file library');
    expect(page).to.match(/<form[^>]*action="\/admin\/homepage-images\/library"/);
    expect(page).to.contain('model-kitchen.png');
  });

  it('adds a library image at the end of the carousel with the library alt text, once, and audits it', async () => {
    const file = await uploadToLibrary(server, staff, 'porch.png', 'A covered front porch');
    const before = await carouselUrls(server);
    const response = await addJson(server, staff, '/admin/homepage-images/library', { file: file.id });
    const body = (await response.json()) as { url?: string; error?: string };
    expect(response.status, body.error).to.equal(201);
    expect(body.url).to.equal(file.storedUrl);
    expect(await carouselUrls(server)).to.deep.equal([...before, file.storedUrl]);
    const row = await server.db('homepage_images').where({ url: file.storedUrl }).first('alt');
    expect(row.alt).to.equal('A covered front porch');
    const audit = await server.db('audit_log').where({ action: 'image.added', target: file.storedUrl }).first();
    expect(audit, 'audit row').to.not.equal(undefined);

    const again = await addJson(server, staff, '/admin/homepage-images/library', { file: file.id });
    expect(again.status).to.equal(409);
    expect(((await again.json()) as { error: string }).error).to.equal('That image is already in the list.');
  });

  it('from the plain form: redirects back to the editor with the notice, the image shown on the home page', async () => {
    const file = await uploadToLibrary(server, staff, 'pool.png', 'The community pool');
    const response = await addByForm(server, staff, '/admin/homepage-images/library', { file: String(file.id) });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin/homepage-images?uploaded=1');
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).to.contain('The community pool');
  });

  it('refuses what is not a library image with a plain sentence and adds nothing', async () => {
    const before = await carouselUrls(server);
    for (const file of [undefined, 'abc', -1, 999999]) {
      const response = await addJson(server, staff, '/admin/homepage-images/library', { file });
      expect(response.status, String(file)).to.equal(400);
      expect(((await response.json()) as { error: string }).error).to.equal('Choose an image of the file library.');
    }
    const form = await addByForm(server, staff, '/admin/homepage-images/library', { file: '' });
    expect(form.status).to.equal(303);
    expect(form.headers.get('location')).to.match(/^\/admin\/homepage-images\?error=Choose/);
    expect(await carouselUrls(server)).to.deep.equal(before);
  });

  it("adds to a floor plan's gallery; taking it off the list keeps the file in the library", async () => {
    const file = await uploadToLibrary(server, staff, 'great-room.png', 'The great room');
    const plan = 'sweetwater-ii';
    const response = await addJson(server, staff, `/admin/floorplan-images/${plan}/library`, { file: file.id });
    expect(response.status).to.equal(201);
    const gallery = await server.db('floorplan_images').where({ url: file.storedUrl }).first('floorplan');
    expect(gallery.floorplan).to.equal('Sweetwater II');

    const removed = await addJson(server, staff, '/admin/delete/floorplanimage?floorplan=Sweetwater%20II', {
      url: file.storedUrl,
      order: 0,
    });
    expect(removed.status).to.equal(200);
    expect(await server.db('uploaded_images').where({ url: file.storedUrl }).first()).to.not.equal(undefined);
    const stored = await fetch(`${server.url}${file.storedUrl}`);
    expect(stored.status).to.equal(200);
    const library = await fetch(`${server.url}${file.url}`, { redirect: 'manual' });
    expect(library.status).to.be.oneOf([200, 302, 303, 307]);
  });

  it('an unknown plan is a 404', async () => {
    const file = await uploadToLibrary(server, staff, 'den.png', 'A den');
    const response = await addJson(server, staff, '/admin/floorplan-images/no-such-plan/library', { file: file.id });
    expect(response.status).to.equal(404);
  });

  it('writes the carousel and gallery editors, with the library form, as valid HTML (Nu checker)', async function () {
    skipWithoutJava(this);
    const documents = [];
    for (const path of ['/admin/homepage-images', '/admin/floorplan-images/sweetwater-ii']) {
      const html = await (await fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie } })).text();
      expect(html, path).to.include('Add an image from the file library');
      documents.push({ label: path, html });
    }
    expect(await nuErrors(documents)).to.deep.equal([]);
  });
});
