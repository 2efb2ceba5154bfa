import { expect } from 'chai';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { postImage, signIn, STAFF_ENV, type Staff, uploadCarouselPhoto } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const STAFF = STAFF_ENV;

interface OrderItem {
  url: string;
  order: number;
}

function postJson(
  server: TestServer,
  staff: Staff,
  path: string,
  body: unknown,
  contentType = 'application/json',
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The carousel as the public API lists it. */
async function apiCarousel(server: TestServer): Promise<OrderItem[]> {
  const body = (await (await fetch(`${server.url}/api/homepageimages?sort=order,asc`)).json()) as {
    _embedded: { homepageimages: OrderItem[] };
  };
  return body._embedded.homepageimages.map(({ url, order }) => ({ url, order }));
}

async function apiGallery(server: TestServer, floorplan: string): Promise<string[]> {
  const response = await fetch(
    `${server.url}/api/floorplanImages/search/findByFloorplan?floorplan=${encodeURIComponent(floorplan)}`,
  );
  const body = (await response.json()) as { _embedded: { floorplanImages: { url: string }[] } };
  return body._embedded.floorplanImages.map((image) => image.url);
}

async function editorList(server: TestServer, staff: Staff, query = ''): Promise<OrderItem[]> {
  const response = await fetch(`${server.url}/admin/images.json${query}`, {
    headers: { Cookie: staff.cookie, Accept: 'application/json' },
  });
  expect(response.status).to.equal(200);
  const body = (await response.json()) as { images: OrderItem[] };
  return body.images.map(({ url, order }) => ({ url, order }));
}

async function tableRows(server: TestServer) {
  return {
    homepage: await server.db('homepage_images').select('id', 'url', 'alt', 'sort_order').orderBy('id'),
    floorplan: await server.db('floorplan_images').select('id', 'url', 'floorplan', 'alt', 'sort_order').orderBy('id'),
    uploaded: await server.db('uploaded_images').select('url', 'directory').orderBy('url'),
  };
}

/** Positions 0..n-1 in the given url order. */
const inOrder = (urls: string[]): OrderItem[] => urls.map((url, order) => ({ url, order }));

describe('POST /admin/reorder/homepageimages', () => {
  let server: TestServer;
  let staff: Staff;
  let seeded: string[];

  before(async () => {
    server = await startTestServer(STAFF);
    staff = await signIn(server.url);
    seeded = (await apiCarousel(server)).map((image) => image.url);
    expect(seeded).to.have.length(4);
  });
  after(() => server.close());

  beforeEach(async () => {
    const reset = await postJson(server, staff, '/admin/reorder/homepageimages', inOrder(seeded));
    expect(reset.status).to.equal(200);
  });

  it('saves a new order: the public API and the editor list it in that order', async () => {
    const [a, b, c, d] = seeded as [string, string, string, string];
    const response = await postJson(server, staff, '/admin/reorder/homepageimages', [
      { url: a, order: 3 },
      { url: b, order: 0 },
      { url: c, order: 2 },
      { url: d, order: 1 },
    ]);
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { ok: boolean }).ok).to.equal(true);
    expect(await apiCarousel(server)).to.deep.equal(inOrder([b, d, c, a]));
    expect(await editorList(server, staff)).to.deep.equal(inOrder([b, d, c, a]));
    const rows = await server.db('homepage_images').select('url', 'sort_order').orderBy('sort_order');
    expect(rows.map((row: { url: string }) => row.url)).to.deep.equal([b, d, c, a]);
  });

  const [missing, extra, duplicate] = ['missing one', 'an extra one', 'a duplicate url'];
  for (const [label, build] of [
    [missing, (urls: string[]) => inOrder(urls.slice(1))],
    [extra, (urls: string[]) => inOrder([...urls, '/sample/carousel/not-in-the-list.jpg'])],
    [duplicate, (urls: string[]) => inOrder([...urls.slice(0, 3), urls[0] as string])],
    ['a duplicate url on top of every stored one', (urls: string[]) => inOrder([...urls, urls[1] as string])],
    ['an empty list', () => []],
    [
      'a floor-plan image instead of a carousel one',
      (urls: string[]) => inOrder([...urls.slice(1), '/sample/floorplans/canyon-1.jpg']),
    ],
  ] as const) {
    it(`refuses a list with ${label}: 400 and the order unchanged`, async () => {
      const before = await tableRows(server);
      const response = await postJson(server, staff, '/admin/reorder/homepageimages', build([...seeded].reverse()));
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { error: string }).error)
        .to.be.a('string')
        .and.not.equal('');
      expect(await tableRows(server)).to.deep.equal(before);
      expect(await apiCarousel(server)).to.deep.equal(inOrder(seeded));
    });
  }

  it('refuses two images given the same order: 400 and the order unchanged', async () => {
    const before = await tableRows(server);
    const response = await postJson(
      server,
      staff,
      '/admin/reorder/homepageimages',
      seeded.map((url, index) => ({ url, order: index === 0 ? 1 : index })),
    );
    expect(response.status).to.equal(400);
    expect(await tableRows(server)).to.deep.equal(before);
  });

  for (const [label, order] of [
    ['a fractional order', 1.5],
    ['an order given as a string', '1'],
    ['a null order', null],
    ['a negative order', -1],
    ['an order beyond the limit', 1e9],
  ] as const) {
    it(`refuses ${label} with 400 and changes nothing`, async () => {
      const before = await tableRows(server);
      const body = inOrder([...seeded].reverse()).map((item, index) => (index === 2 ? { ...item, order } : item));
      const response = await postJson(server, staff, '/admin/reorder/homepageimages', body);
      expect(response.status).to.equal(400);
      expect(await tableRows(server)).to.deep.equal(before);
    });
  }

  it('refuses a body that is not a list of {url, order} (object, unknown field, malformed JSON) with 400', async () => {
    const before = await tableRows(server);
    const reversed = inOrder([...seeded].reverse());
    for (const body of [
      { images: reversed },
      reversed.map((item) => ({ ...item, alt: 'x' })),
      '[{"url": "/sample/carousel/carousel-1.jpg", "order": 0',
      'null',
    ]) {
      const response = await postJson(server, staff, '/admin/reorder/homepageimages', body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
    }
    expect(await tableRows(server)).to.deep.equal(before);
  });

  it('refuses JSON sent as text/plain, form-encoded or multipart with 415 and changes nothing', async () => {
    const before = await tableRows(server);
    const json = JSON.stringify(inOrder([...seeded].reverse()));
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await postJson(server, staff, '/admin/reorder/homepageimages', json, contentType);
      expect(response.status, contentType).to.equal(415);
    }
    const form = await fetch(`${server.url}/admin/reorder/homepageimages`, {
      method: 'POST',
      headers: {
        Cookie: staff.cookie,
        'X-CSRF-Token': staff.token,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ url: seeded[0] as string, order: '3' }),
    });
    expect(form.status).to.equal(415);
    expect(await tableRows(server)).to.deep.equal(before);
  });

  it('applies concurrent saves one at a time: the final order is exactly one of those sent', async () => {
    // Ten distinct permutations of the four images, sent at once.
    const permutations: string[][] = [];
    const [a, b, c, d] = seeded as [string, string, string, string];
    for (const first of [a, b, c, d]) {
      for (const second of [a, b, c, d].filter((url) => url !== first)) {
        const rest = [a, b, c, d].filter((url) => url !== first && url !== second);
        permutations.push([first, second, ...rest]);
        if (permutations.length === 10) break;
      }
      if (permutations.length === 10) break;
    }
    expect(new Set(permutations.map((p) => p.join())).size).to.equal(10);
    const responses = await Promise.all(
      permutations.map((urls) => postJson(server, staff, '/admin/reorder/homepageimages', inOrder(urls))),
    );
    for (const response of responses) expect(response.status).to.equal(200);
    const final = (await apiCarousel(server)).map((image) => image.url);
    expect(permutations.map((p) => p.join())).to.include(final.join());
    const orders = (await server.db('homepage_images').pluck('sort_order')) as number[];
    expect([...orders].sort()).to.deep.equal([0, 1, 2, 3]);
  });

  it('answers with 401 after the session is gone and keeps the order', async () => {
    const response = await fetch(`${server.url}/admin/reorder/homepageimages`, {
      method: 'POST',
      headers: { 'X-CSRF-Token': staff.token, 'Content-Type': 'application/json' },
      body: JSON.stringify(inOrder([...seeded].reverse())),
    });
    expect(response.status).to.equal(401);
    expect(await apiCarousel(server)).to.deep.equal(inOrder(seeded));
  });
});

describe('POST /admin/delete/homepageimage', () => {
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  it('removes the row: the API and the editor reload without it, the others keep their order', async () => {
    const before = await apiCarousel(server);
    const victim = before[1] as OrderItem;
    const response = await postJson(server, staff, '/admin/delete/homepageimage', victim);
    expect(response.status).to.equal(200);
    const after = await apiCarousel(server);
    expect(after.map((image) => image.url)).to.deep.equal(
      before.filter((image) => image.url !== victim.url).map((image) => image.url),
    );
    expect((await editorList(server, staff)).map((image) => image.url)).to.not.include(victim.url);
    expect(await server.db('homepage_images').where({ url: victim.url }).first()).to.equal(undefined);
  });

  it('answers an unknown url with 404 and deletes nothing', async () => {
    const before = await tableRows(server);
    const response = await postJson(server, staff, '/admin/delete/homepageimage', {
      url: '/sample/carousel/never-existed.jpg',
      order: 0,
    });
    expect(response.status).to.equal(404);
    expect(await tableRows(server)).to.deep.equal(before);
  });

  it('answers a floor-plan image url with 404: the carousel call never deletes from a gallery', async () => {
    const before = await tableRows(server);
    const response = await postJson(server, staff, '/admin/delete/homepageimage', {
      url: '/sample/floorplans/canyon-1.jpg',
      order: 0,
    });
    expect(response.status).to.equal(404);
    expect(await tableRows(server)).to.deep.equal(before);
  });

  it('refuses a body without a url or with a bad order with 400, and JSON as text/plain with 415', async () => {
    const before = await tableRows(server);
    const [first] = await apiCarousel(server);
    for (const body of [
      { order: 0 },
      { url: first?.url },
      { url: first?.url, order: 'zero' },
      [first],
      { url: first?.url, order: 0, extra: true },
    ]) {
      const response = await postJson(server, staff, '/admin/delete/homepageimage', body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
    }
    expect(
      (await postJson(server, staff, '/admin/delete/homepageimage', JSON.stringify(first), 'text/plain')).status,
    ).to.equal(415);
    expect(await tableRows(server)).to.deep.equal(before);
  });

  it("removes an uploaded image's files from UPLOAD_DIR along with its rows", async () => {
    const upload = await uploadCarouselPhoto(server.url, staff, {
      alt: 'A picture to delete',
      background: '#357',
      name: 'delete-me.png',
      width: 900,
      height: 600,
    });
    expect(upload.status).to.equal(201);
    const { url } = (await upload.json()) as { url: string };
    const record = (await server.db('uploaded_images').where({ url }).first()) as { directory: string };
    const directory = path.join(server.config.uploadDir, record.directory);
    expect((await fs.readdir(directory)).length).to.be.greaterThan(0);
    const row = (await server.db('homepage_images').where({ url }).first()) as { sort_order: number };

    const response = await postJson(server, staff, '/admin/delete/homepageimage', { url, order: row.sort_order });
    expect(response.status).to.equal(200);
    expect(
      await fs.stat(directory).then(
        () => true,
        () => false,
      ),
      'upload folder removed',
    ).to.equal(false);
    expect(await fs.readdir(server.config.uploadDir)).to.deep.equal([]);
    expect(await server.db('uploaded_images').where({ url }).first()).to.equal(undefined);
    expect(await server.db('homepage_images').where({ url }).first()).to.equal(undefined);
    expect((await fetch(`${server.url}${url}`)).status).to.equal(404);
  });
});

describe('Floor-plan galleries in the admin', () => {
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  const canyon = `?floorplan=${encodeURIComponent('The Canyon')}`;

  it("serves the same editor at /admin/floorplan-images/<slug>, wired to that plan's calls", async () => {
    const response = await fetch(`${server.url}/admin/floorplan-images/canyon`, { headers: { Cookie: staff.cookie } });
    expect(response.status).to.equal(200);
    const html = await response.text();
    expect(html).to.include('data-widget="AdminImagesEditor"');
    expect(html).to.include('<h1>The Canyon gallery</h1>');
    const props = JSON.parse(/<script type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
      images: { url: string }[];
      endpoints: Record<string, string>;
    };
    expect(props.endpoints).to.deep.equal({
      list: `/admin/images.json${canyon}`,
      reorder: `/admin/reorder/floorplanimages${canyon}`,
      remove: `/admin/delete/floorplanimage${canyon}`,
    });
    expect(props.images.map((image) => image.url)).to.deep.equal(await apiGallery(server, 'The Canyon'));
    expect(html).to.include(`action="/admin/upload/floorplanimage${canyon.replace('%20', '%20')}"`);
  });

  it('answers an unknown plan slug with 404', async () => {
    const response = await fetch(`${server.url}/admin/floorplan-images/no-such-plan`, {
      headers: { Cookie: staff.cookie },
    });
    expect(response.status).to.equal(404);
  });

  it("reorders only that plan's gallery", async () => {
    const before = await tableRows(server);
    const gallery = await apiGallery(server, 'The Canyon');
    const reversed = [...gallery].reverse();
    const response = await postJson(server, staff, `/admin/reorder/floorplanimages${canyon}`, inOrder(reversed));
    expect(response.status).to.equal(200);
    expect(await apiGallery(server, 'The Canyon')).to.deep.equal(reversed);
    const after = await tableRows(server);
    expect(after.homepage).to.deep.equal(before.homepage);
    const others = (rows: { floorplan: string }[]) => rows.filter((row) => row.floorplan !== 'The Canyon');
    expect(others(after.floorplan)).to.deep.equal(others(before.floorplan));
  });

  it("refuses a gallery order naming another plan's images with 400", async () => {
    const before = await tableRows(server);
    const sweetwater = await apiGallery(server, 'Sweetwater II');
    const response = await postJson(server, staff, `/admin/reorder/floorplanimages${canyon}`, inOrder(sweetwater));
    expect(response.status).to.equal(400);
    expect(await tableRows(server)).to.deep.equal(before);
  });

  it('refuses a missing, unknown or repeated floorplan parameter with 400', async () => {
    const before = await tableRows(server);
    const gallery = await apiGallery(server, 'The Canyon');
    for (const query of ['', '?floorplan=canyon', '?floorplan=Nowhere', `${canyon}&floorplan=Overlook`]) {
      const response = await postJson(server, staff, `/admin/reorder/floorplanimages${query}`, inOrder(gallery));
      expect(response.status, query).to.equal(400);
    }
    expect(await tableRows(server)).to.deep.equal(before);
  });

  it("deletes from that plan only; another plan's url is 404 there", async () => {
    const sweetwater = await apiGallery(server, 'Sweetwater II');
    const before = await tableRows(server);
    const wrongPlan = await postJson(server, staff, `/admin/delete/floorplanimage${canyon}`, {
      url: sweetwater[0],
      order: 0,
    });
    expect(wrongPlan.status).to.equal(404);
    expect(await tableRows(server)).to.deep.equal(before);

    const gallery = await apiGallery(server, 'The Canyon');
    const response = await postJson(server, staff, `/admin/delete/floorplanimage${canyon}`, {
      url: gallery[0],
      order: 0,
    });
    expect(response.status).to.equal(200);
    expect(await apiGallery(server, 'The Canyon')).to.deep.equal(gallery.slice(1));
    const after = await tableRows(server);
    expect(after.homepage).to.deep.equal(before.homepage);
    expect(after.floorplan.filter((row: { floorplan: string }) => row.floorplan !== 'The Canyon')).to.deep.equal(
      before.floorplan.filter((row: { floorplan: string }) => row.floorplan !== 'The Canyon'),
    );
  });

  it("uploads to the end of that plan's gallery only", async () => {
    const before = await tableRows(server);
    const gallery = await apiGallery(server, 'Silverwood II');
    const jpeg = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#864' } })
      .jpeg()
      .toBuffer();
    const response = await postImage(
      server.url,
      staff,
      `/admin/upload/floorplanimage?floorplan=${encodeURIComponent('Silverwood II')}`,
      { alt: 'Silverwood II patio', bytes: jpeg, type: 'image/jpeg', name: 'patio.jpg' },
    );
    expect(response.status).to.equal(201);
    const { url } = (await response.json()) as { url: string };
    expect(await apiGallery(server, 'Silverwood II')).to.deep.equal([...gallery, url]);
    const row = await server.db('floorplan_images').where({ url }).first();
    expect(row).to.include({ floorplan: 'Silverwood II', alt: 'Silverwood II patio' });
    const after = await tableRows(server);
    expect(after.homepage).to.deep.equal(before.homepage);
    expect(after.floorplan.filter((r: { url: string }) => r.url !== url)).to.deep.equal(before.floorplan);
  });

  it('lists one plan through /admin/images.json?floorplan=<display name>', async () => {
    const listed = await editorList(server, staff, `?floorplan=${encodeURIComponent('Sweetwater II')}`);
    expect(listed.map((image) => image.url)).to.deep.equal(await apiGallery(server, 'Sweetwater II'));
    const unknown = await fetch(`${server.url}/admin/images.json?floorplan=Nowhere`, {
      headers: { Cookie: staff.cookie },
    });
    expect(unknown.status).to.equal(400);
  });
});
