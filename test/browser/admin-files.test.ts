import { expect } from 'chai';
import sharp from 'sharp';
import { minimalMp4, minimalPdf, minimalVtt } from '../support/sample-files.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, WIDTHS } from './support.js';

const SHOTS = '/tmp/shots-files';

/** The file library as staff see it, with files of every kind, one of them used by a draft. */
describe('GET /admin/files in a browser', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite(STAFF_ENV);
  const staff = reusedPage(suite);

  before(async () => {
    const { server } = suite;
    const session = await signIn(server.url);
    const post = async (body: Buffer, filename: string, fields: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(body)]), filename);
      const response = await fetch(`${server.url}/admin/files`, {
        method: 'POST',
        headers: { Cookie: session.cookie, 'X-CSRF-Token': session.token, Accept: 'application/json' },
        body: form,
      });
      expect(response.status).to.equal(201);
      return (await response.json()) as { id: number; url: string };
    };
    const pdf = await post(minimalPdf(), 'Features and finishes.pdf', { title: 'Features and finishes' });
    const video = await post(minimalMp4(), 'model-home-tour.mp4');
    await post(minimalVtt(), 'model-home-tour.vtt', { captionsFor: String(video.id) });
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#5a8' } })
      .png()
      .toBuffer();
    await post(png, 'front-porch.png', { alt: 'The front porch of the Canyon model' });
    const view = (await server.site.content.view('media'))!;
    const data = structuredClone(view.published.data) as { features: { desktopPdf: string } };
    data.features.desktopPdf = pdf.url;
    await server.site.content.saveDraft('media', data, view.published.version, 'staff');
  });

  for (const width of WIDTHS) {
    it(`has no axe violations at ${width} px, signed in`, async () => {
      const { page } = await staff.visit('/admin/files', { width });
      if (new URL(page.url()).pathname === '/login') {
        await page.getByLabel('Username').fill('staff');
        await page.getByLabel('Password').fill(STAFF_ENV.ADMIN_PASSWORD);
        await Promise.all([
          page.waitForURL((url) => url.pathname === '/admin/files'),
          page.getByRole('button', { name: 'Sign in' }).click(),
        ]);
      }
      await page.getByRole('heading', { name: 'Files', level: 1 }).waitFor();
      await screenshot(page, `files-${width}`, { folder: SHOTS, fullPage: true });
      expect(await page.getByText('media.features.desktopPdf (draft)').count()).to.equal(1);
      expect(await axeViolations(page)).to.deep.equal([]);
    });
  }
});
