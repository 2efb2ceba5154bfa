import { expect } from 'chai';
import sharp from 'sharp';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall, teamMember } from '../support/team.js';
import { describeMessage, nuMessages, skipWithoutJava } from '../support/nu-checker.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ASPEN = {
  slug: 'aspen-flats',
  name: 'Aspen Flats',
  street: '1 Aspen Flats Drive',
  city: 'Loveland',
  state: 'CO',
  zip: '80537',
  lat: 40.3978,
  lng: -105.0749,
  timeZone: 'America/Denver',
};

async function drawingPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#e8efe2' } })
    .png()
    .toBuffer();
}

const square = (lot: number, x: number) => ({
  lot,
  points: [
    [x, 100],
    [x + 100, 100],
    [x + 100, 250],
    [x, 250],
  ],
});

describe('The lot outline editor (issue 38, "Site plan and lots, drawn")', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;
  let marketing: Staff;
  let sales: Staff;
  const page = async (staff: Staff, path = `/admin/communities/${ASPEN.slug}/outlines`) => {
    const response = await fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie } });
    return { status: response.status, html: await response.text() };
  };
  const drawingAlone = async (png: Buffer, accept = 'application/json') => {
    const form = new FormData();
    form.set('_csrf', owner.token);
    form.set('drawing', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'plan.png');
    // A form's empty file field, as a browser sends it when no file is chosen.
    form.set('outlines', new Blob([], { type: 'application/octet-stream' }), '');
    return fetch(`${server.url}/admin/communities/${ASPEN.slug}/site-plan`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.url, Cookie: owner.cookie, Accept: accept },
      body: form,
    });
  };
  const put = (body: unknown) =>
    staffCall(server.url, `/admin/communities/${ASPEN.slug}/outlines`, owner, body, { method: 'PUT' });
  const homesites = async () =>
    (
      (await server
        .db('homesites as h')
        .join('communities as c', 'c.id', 'h.community_id')
        .where('c.slug', ASPEN.slug)
        .orderBy('h.lot')
        .select('h.lot')) as { lot: number }[]
    ).map((row) => row.lot);

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
    marketing = await teamMember(server.url, owner, 'marketing', 'mia', 'purple lantern meadow');
    sales = await teamMember(server.url, owner, 'sales', 'sam', 'copper kettle harbor');
    expect((await staffCall(server.url, '/admin/communities', owner, ASPEN)).status).to.equal(201);
  });
  after(() => server.close());

  describe('before the community has a drawing of its own', () => {
    it('says so on the page and links to the site-plan page', async () => {
      const { status, html } = await page(owner);
      expect(status).to.equal(200);
      expect(html)
        .to.include('has no site-plan drawing of its own yet')
        .and.include(`href="/admin/communities/${ASPEN.slug}/site-plan"`)
        .and.not.include('data-widget="OutlineEditor"');
    });

    it('takes outlines drawn before any drawing (200): they get a plain drawing of their own, not the first community’s', async () => {
      const birch = { ...ASPEN, slug: 'birch-row', name: 'Birch Row' };
      expect((await staffCall(server.url, '/admin/communities', owner, birch)).status).to.equal(201);
      const response = await staffCall(
        server.url,
        `/admin/communities/${birch.slug}/outlines`,
        owner,
        { lots: [square(1, 20), square(2, 120)] },
        { method: 'PUT' },
      );
      expect(response.status).to.equal(200);
      expect(await response.json()).to.deep.equal({ lots: 2, created: 2 });
      const files = (await server
        .db('site_plan_files as f')
        .join('communities as c', 'c.id', 'f.community_id')
        .where('c.slug', birch.slug)
        .orderBy('f.path')
        .select('f.path', 'f.content_type')) as { path: string; content_type: string }[];
      expect(files.map((file) => file.content_type)).to.have.members(['image/svg+xml', 'image/svg+xml']);
      const { html } = await page(owner, `/admin/communities/${birch.slug}/outlines`);
      expect(html).to.include('data-widget="OutlineEditor"').and.not.include('has no site-plan drawing of its own yet');
      const drawing = files.find((file) => file.path.includes('drawing'));
      expect(drawing, 'a drawing of its own').to.not.equal(undefined);
      expect(html).to.include(`href="${drawing!.path}"`);
    });
  });

  describe('POST /admin/communities/<slug>/site-plan with the drawing alone', () => {
    it('stores the drawing with no lots yet and goes on to the outline editor', async () => {
      const response = await drawingAlone(await drawingPng(1200, 800), 'text/html');
      expect(response.status).to.equal(303);
      expect(response.headers.get('location')).to.equal(`/admin/communities/${ASPEN.slug}/outlines?done=drawing`);
      const { html } = await page(owner, `/admin/communities/${ASPEN.slug}/outlines?done=drawing`);
      expect(html)
        .to.include('The drawing of Aspen Flats is saved')
        .and.include('data-widget="OutlineEditor"')
        .and.include('No lots drawn yet')
        .and.match(/<image href="\/site-plans\/aspen-flats\/drawing-\d+\.png"/)
        .and.include('viewBox="0 0 1200 800"');
      expect(await homesites()).to.deep.equal([]);
      // The community's pages still render in a preview, its site plan a drawing with no lots yet.
      for (const path of ['', '/site-plan']) {
        const preview = await fetch(`${server.url}/preview/communities/${ASPEN.slug}${path}`, {
          headers: { Cookie: owner.cookie },
        });
        expect(preview.status, `preview${path}`).to.equal(200);
      }
    });

    it('keeps the lots drawn when a new drawing has the same proportions, and refuses one that has not', async () => {
      const saved = await put({ lots: [square(1, 20), square(2, 120), square(3, 220)] });
      expect(saved.status).to.equal(200);
      expect(await saved.json()).to.deep.equal({ lots: 3, created: 3 });
      const twiceAsLarge = await drawingAlone(await drawingPng(2400, 1600));
      expect(twiceAsLarge.status).to.equal(200);
      expect(await twiceAsLarge.json()).to.deep.equal({ lots: 3, created: 0 });
      const files = await server.db('site_plan_files').count({ n: '*' });
      const square1 = await drawingAlone(await drawingPng(1000, 1000));
      expect(square1.status).to.equal(400);
      expect(((await square1.json()) as { errors: string[] }).errors).to.deep.equal([
        "The drawing's proportions (1000 × 1000) are not those of the lots drawn now (1200 × 800): " +
          'upload outlines drawn over this drawing with it.',
      ]);
      expect(await server.db('site_plan_files').count({ n: '*' })).to.deep.equal(files);
      expect(await homesites()).to.deep.equal([1, 2, 3]);
    });
  });

  describe('GET /admin/communities/<slug>/outlines', () => {
    it('shows the drawing, its outlines and the table of lots, readable without JavaScript', async () => {
      const { status, html } = await page(marketing);
      expect(status).to.equal(200);
      expect(html)
        .to.match(/<h1>Lot outlines of (<!-- -->)?Aspen Flats<\/h1>/)
        .and.include('Lots (3)')
        .and.include('points="220,100 320,100 320,250 220,250"')
        .and.include('<td>220, 100; 320, 100; 320, 250; 220, 250</td>')
        .and.include('Without JavaScript, upload the outlines as an SVG file');
    });

    it('is linked from the checklist and the site-plan page', async () => {
      const link = `href="/admin/communities/${ASPEN.slug}/outlines"`;
      expect((await page(owner, `/admin/communities/${ASPEN.slug}`)).html).to.include(link);
      expect((await page(owner, `/admin/communities/${ASPEN.slug}/site-plan`)).html).to.include(link);
    });

    it('is refused to sales (403), as the site-plan page is', async () => {
      expect((await page(sales)).status).to.equal(403);
      expect((await page(sales, `/admin/communities/${ASPEN.slug}/site-plan`)).status).to.equal(403);
    });

    it('answers 404 for a community that does not exist', async () => {
      expect((await page(owner, '/admin/communities/no-such/outlines')).status).to.equal(404);
    });

    it('is valid HTML (Nu checker)', async function () {
      skipWithoutJava(this);
      const { html } = await page(owner);
      const problems = (await nuMessages([{ label: 'outlines', html }])).filter(
        ({ message }) => message.type === 'error',
      );
      expect(problems.map(({ message }) => describeMessage(message))).to.deep.equal([]);
    });
  });
});
