import { expect } from 'chai';
import sharp from 'sharp';
import { outlinesSvg } from '../../src/services/site-plan-upload.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall } from '../support/team.js';
import { describeMessage, nuMessages, skipWithoutJava } from '../support/nu-checker.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const PINE = {
  slug: 'pine-meadow',
  name: 'Pine Meadow',
  street: '10 Pine Meadow Way',
  city: 'Greeley',
  state: 'CO',
  zip: '80634',
  lat: 40.4233,
  lng: -104.7091,
  timeZone: 'America/Denver',
};

/** A row of `count` lots 100 × 150 across a drawing 1200 × 800, as a drawing program writes them. */
function rowOfLots(count: number, box = '0 0 1200 800'): string {
  const shapes = Array.from(
    { length: count },
    (_, index) => `<rect id="lot-${index + 1}" x="${20 + index * 110}" y="100" width="100" height="150"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box}">${shapes.join('')}</svg>`;
}

async function drawingPng(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#e8efe2' } })
    .png()
    .toBuffer();
}

function upload(
  server: TestServer,
  staff: Staff,
  slug: string,
  files: { drawing?: Buffer; drawingType?: string; outlines?: string },
): Promise<Response> {
  const form = new FormData();
  if (files.drawing) {
    form.set(
      'drawing',
      new Blob([new Uint8Array(files.drawing)], { type: files.drawingType ?? 'image/png' }),
      'site-plan.png',
    );
  }
  if (files.outlines !== undefined) {
    form.set('outlines', new Blob([files.outlines], { type: 'image/svg+xml' }), 'lots.svg');
  }
  return fetch(`${server.url}/admin/communities/${slug}/site-plan`, {
    method: 'POST',
    headers: { Origin: server.url, Cookie: staff.cookie, 'X-CSRF-Token': staff.token, Accept: 'application/json' },
    body: form,
  });
}

async function homesitesOf(server: TestServer, slug: string): Promise<{ lot: number; status: string }[]> {
  return (await server
    .db('homesites as h')
    .join('communities as c', 'c.id', 'h.community_id')
    .where('c.slug', slug)
    .orderBy('h.lot')
    .select('h.lot', 'h.status')) as { lot: number; status: string }[];
}

describe('A new community\'s site plan (contract wave 4, "A new community, set up in the browser")', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;
  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
    const created = await staffCall(server.url, '/admin/communities', owner, PINE);
    expect(created.status).to.equal(201);
  });
  after(() => server.close());

  describe('POST /admin/communities/<slug>/site-plan', () => {
    it('names every problem of a bad file at once and changes nothing', async () => {
      const before = await server.db('site_plan_files').count({ n: '*' });
      const outlines =
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400">' +
        '<rect id="lot-1" x="0" y="0" width="10" height="10"/><rect id="lot-1" x="20" y="0" width="10" height="10"/>' +
        '<rect id="lot-4" x="40" y="0" width="10" height="10"/><polyline id="lot-2" points="0,0 5,5 9,0"/>' +
        '<path id="lot-3" d="M0 0 L10 0 L10 10"/></svg>';
      const response = await upload(server, owner, PINE.slug, { drawing: await drawingPng(), outlines });
      expect(response.status).to.equal(400);
      const { errors } = (await response.json()) as { errors: string[] };
      const all = errors.join('\n');
      expect(all).to.match(/lot 1 has two shapes/);
      expect(all)
        .to.match(/is not closed/)
        .and.match(/lot 2, 3/);
      expect(all).to.match(/does not have the drawing's proportions/);
      expect(await server.db('site_plan_files').count({ n: '*' })).to.deep.equal(before);
      expect(await homesitesOf(server, PINE.slug)).to.deep.equal([]);
    });

    it('refuses outlines with no viewBox, a gap in the numbers, and a drawing that is not an image', async () => {
      const noBox = await upload(server, owner, PINE.slug, {
        drawing: await drawingPng(),
        outlines: rowOfLots(2).replace(' viewBox="0 0 1200 800"', ''),
      });
      expect(noBox.status).to.equal(400);
      expect(((await noBox.json()) as { errors: string[] }).errors.join(' ')).to.match(/viewBox/);
      const gap = await upload(server, owner, PINE.slug, {
        drawing: await drawingPng(),
        outlines: rowOfLots(3).replace('id="lot-2"', 'id="lot-5"'),
      });
      expect(((await gap.json()) as { errors: string[] }).errors.join(' ')).to.match(/no shape for lot 2/);
      const notImage = await upload(server, owner, PINE.slug, {
        drawing: Buffer.from('%PDF-1.4'),
        drawingType: 'application/pdf',
        outlines: rowOfLots(3),
      });
      expect(notImage.status).to.equal(400);
      expect(((await notImage.json()) as { errors: string[] }).errors[0]).to.match(/must be an image/);
      const missing = await upload(server, owner, PINE.slug, { outlines: rowOfLots(3) });
      expect(((await missing.json()) as { errors: string[] }).errors).to.deep.equal([
        'Choose the site-plan drawing (an image).',
      ]);
    });

    it('stores a good one: the lots appear over the drawing, each new lot a homesite (future)', async () => {
      const response = await upload(server, owner, PINE.slug, { drawing: await drawingPng(), outlines: rowOfLots(6) });
      expect(response.status).to.equal(200);
      expect(await response.json()).to.deep.equal({ lots: 6, created: 6 });
      const homesites = await homesitesOf(server, PINE.slug);
      expect(homesites.map((row) => [row.lot, row.status])).to.deep.equal(
        [1, 2, 3, 4, 5, 6].map((lot) => [lot, 'future']),
      );
      const preview = await fetch(`${server.url}/preview/communities/${PINE.slug}/site-plan`, {
        headers: { Cookie: owner.cookie },
      });
      expect(preview.status).to.equal(200);
      const html = await preview.text();
      expect(html).to.include('data-lot="6"');
      const drawing = /src="(\/site-plans\/pine-meadow\/drawing-[^"]+\.png)"/.exec(html)?.[1];
      expect(drawing, 'the drawing on the page').to.be.a('string');
      const served = await fetch(`${server.url}${drawing!}`);
      expect(served.status).to.equal(200);
      expect(served.headers.get('content-type')).to.equal('image/png');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).to.equal(1200);
      const audit = await server.db('audit_log').where({ action: 'community.site-plan' }).first('details');
      expect(JSON.parse((audit as { details: string }).details)).to.include({ lots: 6, created: 6 });
    });

    it('answers 404 for a community that does not exist', async () => {
      expect((await upload(server, owner, 'no-such', { outlines: rowOfLots(1) })).status).to.equal(404);
    });
  });

  describe('the site-plan page, as a browser without JavaScript posts it', () => {
    const post = async (token: string | undefined, outlines: string) => {
      const form = new FormData();
      if (token !== undefined) form.set('_csrf', token);
      form.set('drawing', new Blob([new Uint8Array(await drawingPng())], { type: 'image/png' }), 'plan.png');
      form.set('outlines', new Blob([outlines], { type: 'image/svg+xml' }), 'lots.svg');
      return fetch(`${server.url}/admin/communities/${PINE.slug}/site-plan`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: server.url, Cookie: owner.cookie, Accept: 'text/html' },
        body: form,
      });
    };

    it('shows the form, and the checklist links to it', async () => {
      const page = await (
        await fetch(`${server.url}/admin/communities/${PINE.slug}/site-plan`, { headers: { Cookie: owner.cookie } })
      ).text();
      expect(page)
        .to.match(/enctype="multipart\/form-data"/i)
        .and.include('name="outlines"');
      const checklist = await (
        await fetch(`${server.url}/admin/communities/${PINE.slug}`, { headers: { Cookie: owner.cookie } })
      ).text();
      expect(checklist).to.include(`href="/admin/communities/${PINE.slug}/site-plan"`);
    });

    it('is valid HTML (Nu checker), with and without problems listed', async function () {
      skipWithoutJava(this);
      const page = await (
        await fetch(`${server.url}/admin/communities/${PINE.slug}/site-plan`, { headers: { Cookie: owner.cookie } })
      ).text();
      const problems = (await nuMessages([{ label: 'site plan', html: page }])).filter(
        ({ message }) => message.type === 'error',
      );
      expect(problems.map(({ message }) => describeMessage(message))).to.deep.equal([]);
    });

    it('refuses a post without the form token (403), lists every problem on the page, and goes to the checklist once saved', async () => {
      expect((await post(undefined, rowOfLots(8))).status).to.equal(403);
      const refused = await post(owner.token, rowOfLots(8).replace('id="lot-3"', 'id="lot-2"'));
      expect(refused.status).to.equal(400);
      expect(await refused.text())
        .to.include('Nothing was changed')
        .and.include('lot 2 has two shapes');
      const saved = await post(owner.token, rowOfLots(8));
      expect(saved.status).to.equal(303);
      expect(saved.headers.get('location')).to.equal(`/admin/communities/${PINE.slug}?done=site-plan`);
    });
  });

  describe('PUT /admin/communities/<slug>/outlines', () => {
    const put = (body: unknown) =>
      staffCall(server.url, `/admin/communities/${PINE.slug}/outlines`, owner, body, { method: 'PUT' });

    it('saves what the outline editor draws, adding lots and keeping the homesites', async () => {
      const lots = Array.from({ length: 10 }, (_, index) => ({
        lot: index + 1,
        points: [
          [20 + index * 110, 300],
          [120 + index * 110, 300],
          [120 + index * 110, 450],
          [20 + index * 110, 450],
        ] as [number, number][],
      }));
      const response = await put({ lots });
      expect(response.status).to.equal(200);
      expect(await response.json()).to.deep.equal({ lots: 10, created: 2 });
      expect((await homesitesOf(server, PINE.slug)).map((row) => row.lot)).to.deep.equal([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
      const file = (await server
        .db('site_plan_files')
        .where('path', 'like', '/site-plans/pine-meadow/lots-%')
        .orderBy('updated_at', 'desc')
        .first('body')) as { body: string };
      expect(file.body).to.equal(outlinesSvg(lots, 1200, 800));
    });

    it('refuses a lot drawn twice, too few points, a point off the drawing, and a lot left without a shape', async () => {
      const square = (lot: number, x = 10) => ({
        lot,
        points: [
          [x, 10],
          [x + 50, 10],
          [x + 50, 60],
        ],
      });
      const twice = await put({ lots: [square(1), square(1, 100)] });
      expect(twice.status).to.equal(400);
      expect(((await twice.json()) as { errors: string[] }).errors).to.deep.equal(['Lot 1 is drawn twice.']);
      const bad = await put({ lots: [{ lot: 1, points: [[1, 2]] }, square(2, 5000), { lot: 0, points: [] }] });
      const { errors } = (await bad.json()) as { errors: string[] };
      expect(errors).to.deep.equal([
        'Lot 1 needs at least three points, each [x, y] in numbers.',
        'Lot 2 has a point outside the drawing (0 to 1200 across, 0 to 800 down).',
        'Shape 3 needs a lot number (a whole number from 1).',
        'Shape 3 needs at least three points, each [x, y] in numbers.',
      ]);
      const dropped = await put({ lots: [square(1), square(2, 100)] });
      expect(dropped.status).to.equal(400);
      expect(((await dropped.json()) as { errors: string[] }).errors.join(' ')).to.match(
        /Homesite 3, 4, 5, 6, 7, 8, 9, 10 has no shape/,
      );
      expect((await put('lots')).status).to.equal(400);
    });
  });
});
