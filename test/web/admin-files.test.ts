import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { addDays, dateInZone } from '../../src/shared/tour-slots.js';
import { nuErrors, skipWithoutJava } from '../support/nu-checker.js';
import { minimalMp4, minimalPdf, minimalVtt, minimalWebm } from '../support/sample-files.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Upload {
  body: Buffer;
  filename: string;
  type?: string;
  fields?: Record<string, string>;
  token?: string | null;
  cookie?: string | null;
  accept?: string;
  path?: string;
}

function postFile(server: TestServer, staff: Staff, upload: Upload): Promise<Response> {
  const form = new FormData();
  const token = upload.token === undefined ? staff.token : upload.token;
  for (const [name, value] of Object.entries(upload.fields ?? {})) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(upload.body)], { type: upload.type ?? 'application/octet-stream' }),
    upload.filename,
  );
  const cookie = upload.cookie === undefined ? staff.cookie : upload.cookie;
  return fetch(`${server.url}${upload.path ?? '/admin/files'}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Accept: upload.accept ?? 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
      ...(token ? { 'X-CSRF-Token': token } : {}),
    },
    body: form,
  });
}

interface FileAnswer {
  id: number;
  url: string;
  storedUrl: string;
  kind: string;
  contentType: string;
  size: number;
  alt: string | null;
  title: string | null;
  captionsId: number | null;
  uses?: string[];
}

async function uploaded(response: Response): Promise<FileAnswer> {
  const body = (await response.json()) as FileAnswer & { error?: string };
  expect(response.status, body.error).to.equal(201);
  return body;
}

function call(
  server: TestServer,
  staff: Staff,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = staff.token,
) {
  return fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      Cookie: staff.cookie,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { 'X-CSRF-Token': token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function storedFiles(server: TestServer): Promise<string[]> {
  const entries = await fs.readdir(server.config.uploadDir, { recursive: true }).catch(() => [] as string[]);
  return entries
    .map(String)
    .filter((entry) => path.extname(entry) !== '')
    .sort();
}

/** Saves a draft of the media section whose features PDF is `url`, as the section editor's save does. */
async function draftMediaWith(server: TestServer, url: string): Promise<number> {
  const content = server.site.content;
  const view = (await content.view('media'))!;
  const base = view.draft ?? view.published;
  const data = structuredClone(base.data) as { features: { desktopPdf: string } };
  data.features.desktopPdf = url;
  const saved = await content.saveDraft('media', data, base.version, 'staff');
  if (!saved.ok) throw new Error(JSON.stringify(saved));
  return saved.value.version;
}

describe('File library', function () {
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, PDF_MAX_BYTES: '4000', VIDEO_MAX_BYTES: '6000' });
    staff = await signIn(server.url);
  });
  after(() => server.close());

  describe('POST /admin/files', () => {
    it('stores a real PDF, sniffed from its bytes, and answers 201 with its lasting URL', async () => {
      const pdf = minimalPdf();
      const file = await uploaded(
        await postFile(server, staff, { body: pdf, filename: 'Features Sheet.pdf', fields: { title: 'Features' } }),
      );
      expect(file).to.include({ kind: 'pdf', contentType: 'application/pdf', size: pdf.length, title: 'Features' });
      expect(file.url).to.equal(`/files/${file.id}/features-sheet.pdf`);
      const link = await fetch(`${server.url}${file.url}`, { redirect: 'manual' });
      expect(link.status).to.equal(302);
      expect(link.headers.get('cache-control')).to.equal('no-cache');
      const bytes = await fetch(`${server.url}${link.headers.get('location')}`);
      expect(bytes.status).to.equal(200);
      expect(bytes.headers.get('content-type')).to.match(/^application\/pdf/);
      expect(Buffer.from(await bytes.arrayBuffer()).equals(pdf)).to.equal(true);
    });

    it('stores an MP4 and a WebM video', async () => {
      const mp4 = await uploaded(await postFile(server, staff, { body: minimalMp4(), filename: 'tour.mp4' }));
      expect(mp4).to.include({ kind: 'video', contentType: 'video/mp4' });
      const webm = await uploaded(await postFile(server, staff, { body: minimalWebm(), filename: 'tour.webm' }));
      expect(webm).to.include({ kind: 'video', contentType: 'video/webm' });
      expect(webm.url).to.match(/\/tour\.webm$/);
    });

    it('refuses a text file named .pdf (400), storing nothing', async () => {
      const before = await storedFiles(server);
      const response = await postFile(server, staff, {
        body: Buffer.from('This is not a PDF at all, just words.\n'),
        filename: 'brochure.pdf',
        type: 'application/pdf',
      });
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { error: string }).error).to.match(/not a PDF, an MP4 or WebM video/);
      expect(await storedFiles(server)).to.deep.equal(before);
    });

    it('refuses a PDF over the PDF limit and a video over the video limit (413), storing nothing', async () => {
      const before = await storedFiles(server);
      const pdf = await postFile(server, staff, { body: minimalPdf(5000), filename: 'big.pdf' });
      expect(pdf.status).to.equal(413);
      expect(((await pdf.json()) as { error: string }).error).to.equal('The PDF is larger than 4 KB.');
      const video = await postFile(server, staff, { body: minimalMp4(7000), filename: 'big.mp4' });
      expect(video.status).to.equal(413);
      expect(((await video.json()) as { error: string }).error).to.equal('The video is larger than 6 KB.');
      expect(await storedFiles(server)).to.deep.equal(before);
      expect((await server.db('upload_cleanups').count<{ n: number }[]>({ n: '*' }))[0]!.n).to.equal(0);
    });

    it('takes an image through the image pipeline, and only with alt text', async () => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer();
      const without = await postFile(server, staff, { body: png, filename: 'porch.png' });
      expect(without.status).to.equal(400);
      expect(((await without.json()) as { error: string }).error).to.match(/alt text/);
      const image = await uploaded(
        await postFile(server, staff, { body: png, filename: 'porch.png', fields: { alt: 'A front porch' } }),
      );
      expect(image).to.include({ kind: 'image', alt: 'A front porch' });
      expect(image.storedUrl).to.match(/^\/uploads\/[0-9a-f]{24}\/image-/);
    });

    it('links a WebVTT captions file to its video', async () => {
      const video = await uploaded(await postFile(server, staff, { body: minimalMp4(), filename: 'walkthrough.mp4' }));
      const captions = await uploaded(
        await postFile(server, staff, {
          body: minimalVtt(),
          filename: 'walkthrough.vtt',
          fields: { captionsFor: String(video.id) },
        }),
      );
      expect(captions).to.include({ kind: 'captions', contentType: 'text/vtt' });
      const listed = (await (await call(server, staff, 'GET', '/admin/files.json?kind=video')).json()) as {
        files: FileAnswer[];
      };
      expect(listed.files.find((file) => file.id === video.id)?.captionsId).to.equal(captions.id);
      const refused = await call(server, staff, 'DELETE', `/admin/files/${captions.id}`);
      expect(refused.status).to.equal(409);
      expect(((await refused.json()) as { uses: string[] }).uses).to.deep.equal([
        `captions of video ${video.id} (walkthrough.mp4)`,
      ]);
      // Served by ranges, as players ask; a range is the stored bytes as they are, never compressed.
      const vtt = Buffer.concat([
        minimalVtt(),
        Buffer.from(
          Array.from(
            { length: 50 },
            (_, n) =>
              `\n00:${String(n + 2).padStart(2, '0')}.000 --> 00:${String(n + 3).padStart(2, '0')}.000\nThe kitchen.\n`,
          ).join(''),
        ),
      ]);
      const longCaptions = await uploaded(
        await postFile(server, staff, { body: vtt, filename: 'long.vtt', fields: {} }),
      );
      const slice = await fetch(`${server.url}${longCaptions.storedUrl}`, {
        headers: { Range: 'bytes=0-1499', 'Accept-Encoding': 'gzip' },
      });
      expect(slice.status).to.equal(206);
      expect(slice.headers.get('content-encoding')).to.equal(null);
      expect(slice.headers.get('content-range')).to.equal(`bytes 0-1499/${vtt.length}`);
      expect(Buffer.from(await slice.arrayBuffer()).equals(vtt.subarray(0, 1500))).to.equal(true);
      const videoSlice = await fetch(`${server.url}${video.storedUrl}`, { headers: { Range: 'bytes=4-11' } });
      expect(videoSlice.status).to.equal(206);
      expect(Buffer.from(await videoSlice.arrayBuffer()).equals(minimalMp4().subarray(4, 12))).to.equal(true);
    });

    it('answers 403 without the CSRF token and 401 without a session, storing nothing', async () => {
      const before = await storedFiles(server);
      const noToken = await postFile(server, staff, { body: minimalPdf(), filename: 'a.pdf', token: null });
      expect(noToken.status).to.equal(403);
      const badToken = await postFile(server, staff, { body: minimalPdf(), filename: 'a.pdf', token: 'x'.repeat(43) });
      expect(badToken.status).to.equal(403);
      const noSession = await postFile(server, staff, { body: minimalPdf(), filename: 'a.pdf', cookie: null });
      expect(noSession.status).to.equal(401);
      expect(await storedFiles(server)).to.deep.equal(before);
    });

    it('answers a browser form (no JavaScript) with the library page and the outcome', async () => {
      const ok = await postFile(server, staff, {
        body: minimalPdf(),
        filename: 'price-sheet.pdf',
        accept: 'text/html',
      });
      expect(ok.status).to.equal(303);
      expect(ok.headers.get('location')).to.match(/^\/admin\/files\?done=Uploaded%20price-sheet\.pdf/);
      const bad = await postFile(server, staff, { body: Buffer.from('hello'), filename: 'x.pdf', accept: 'text/html' });
      expect(bad.status).to.equal(303);
      const page = await fetch(`${server.url}${bad.headers.get('location')}`, { headers: { Cookie: staff.cookie } });
      expect(await page.text()).to.match(/role="alert">The file is not a PDF/);
    });
  });

  describe('DELETE /admin/files/<id>', () => {
    it('refuses (409) a file a draft uses, naming the section and path; then the published use too', async () => {
      const file = await uploaded(await postFile(server, staff, { body: minimalPdf(), filename: 'features.pdf' }));
      const version = await draftMediaWith(server, file.url);
      const draft = await call(server, staff, 'DELETE', `/admin/files/${file.id}`);
      expect(draft.status).to.equal(409);
      const body = (await draft.json()) as { error: string; uses: string[] };
      expect(body.uses).to.deep.equal(['media.features.desktopPdf (draft)']);
      expect(body.error).to.include('media.features.desktopPdf (draft)');

      const published = await call(server, staff, 'POST', '/admin/content/media/publish', { version });
      expect(published.status).to.equal(200);
      const again = await call(server, staff, 'DELETE', `/admin/files/${file.id}`);
      expect(again.status).to.equal(409);
      expect(((await again.json()) as { uses: string[] }).uses).to.deep.equal([
        'media.features.desktopPdf (published)',
      ]);
      const listed = (await (await call(server, staff, 'GET', '/admin/files.json')).json()) as { files: FileAnswer[] };
      expect(listed.files.find((one) => one.id === file.id)?.uses).to.deep.equal([
        'media.features.desktopPdf (published)',
      ]);
      const form = await fetch(`${server.url}/admin/files/${file.id}/delete`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: staff.cookie, Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: staff.token }),
      });
      expect(form.status).to.equal(303);
      expect(decodeURIComponent(form.headers.get('location') ?? '')).to.include(
        'media.features.desktopPdf (published)',
      );
      expect(await server.db('files').where({ id: file.id }).first()).to.not.equal(undefined);
    });

    it('deletes an unused file and its stored bytes', async () => {
      const file = await uploaded(await postFile(server, staff, { body: minimalPdf(), filename: 'old.pdf' }));
      const folder = file.storedUrl.split('/')[2]!;
      expect(await storedFiles(server)).to.include(`${folder}/old.pdf`);
      expect((await call(server, staff, 'DELETE', `/admin/files/${file.id}`, undefined, null)).status).to.equal(403);
      const deleted = await call(server, staff, 'DELETE', `/admin/files/${file.id}`);
      expect(deleted.status).to.equal(200);
      expect(await storedFiles(server)).to.not.include(`${folder}/old.pdf`);
      expect((await fetch(`${server.url}${file.url}`, { redirect: 'manual' })).status).to.equal(404);
      expect((await call(server, staff, 'DELETE', `/admin/files/${file.id}`)).status).to.equal(404);
    });

    it('answers 401 without a session', async () => {
      const response = await fetch(`${server.url}/admin/files/1`, {
        method: 'DELETE',
        headers: { Accept: 'application/json' },
      });
      expect(response.status).to.equal(401);
    });
  });

  describe('POST /admin/files/<id>/replace', () => {
    it('gives the lasting URL the new bytes, so content that links it shows them', async () => {
      const file = await uploaded(await postFile(server, staff, { body: minimalPdf(), filename: 'sheet.pdf' }));
      await draftMediaWith(server, file.url);
      const newer = minimalPdf(100);
      const response = await postFile(server, staff, {
        body: newer,
        filename: 'sheet-2027.pdf',
        path: `/admin/files/${file.id}/replace`,
      });
      expect(response.status).to.equal(200);
      const replaced = (await response.json()) as FileAnswer;
      expect(replaced.url).to.equal(file.url);
      expect(replaced.storedUrl).to.not.equal(file.storedUrl);
      const link = await fetch(`${server.url}${file.url}`, { redirect: 'manual' });
      const bytes = Buffer.from(await (await fetch(`${server.url}${link.headers.get('location')}`)).arrayBuffer());
      expect(bytes.equals(newer)).to.equal(true);
      // The old bytes stay a while for pages fetched before, then go through the clean-up list.
      const old = file.storedUrl.split('/')[2];
      expect(await server.db('upload_cleanups').where({ folder: old }).first()).to.not.equal(undefined);
    });

    it('draws a library image in published content with its sizes and srcsets, the replacement’s once replaced', async () => {
      const photo = (width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 80 } } })
          .jpeg()
          .toBuffer();
      const file = await uploaded(
        await postFile(server, staff, {
          body: await photo(1200, 800),
          filename: 'porch.jpg',
          fields: { alt: 'The model home’s porch' },
        }),
      );
      const content = server.site.content;
      const view = (await content.view('promotions'))!;
      const base = view.draft ?? view.published;
      const data = structuredClone(base.data) as { promotions: Record<string, unknown>[] };
      const today = dateInZone(Date.now(), content.published().community.timeZone);
      data.promotions = [
        {
          title: 'Porch season',
          text: 'A covered porch on every plan.',
          starts: addDays(today, -1),
          ends: addDays(today, 1),
          image: { src: file.url, alt: 'The model home’s porch' },
        },
      ];
      const saved = await content.saveDraft('promotions', data, base.version, 'staff');
      if (!saved.ok) throw new Error(JSON.stringify(saved));
      const published = await call(server, staff, 'POST', '/admin/content/promotions/publish', {
        version: saved.value.version,
      });
      expect(published.status).to.equal(200);

      const imageTag = async () => {
        const html = await (await fetch(`${server.url}/`)).text();
        const tag = /<img[^>]*alt="The model home’s porch"[^>]*>/.exec(html)?.[0] ?? '';
        const source = /<source[^>]*type="image\/webp"[^>]*srcSet="([^"]*)"/i.exec(
          html.slice(Math.max(0, html.indexOf(tag) - 2000), html.indexOf(tag)),
        );
        return { tag, webp: source?.[1] ?? '' };
      };
      const before = await imageTag();
      expect(before.tag).to.include('width="1200"').and.include('height="800"');
      expect(before.tag).to.include(`src="${file.storedUrl}"`);
      expect(before.webp).to.match(/^\/uploads\/[0-9a-f]{24}\/image-\d+\.[0-9a-f]+\.webp \d+w/);

      const response = await postFile(server, staff, {
        body: await photo(900, 900),
        filename: 'porch-square.jpg',
        path: `/admin/files/${file.id}/replace`,
      });
      expect(response.status).to.equal(200);
      const replaced = (await response.json()) as FileAnswer;
      const after = await imageTag();
      expect(after.tag).to.include('width="900"').and.include('height="900"');
      expect(after.tag).to.include(`src="${replaced.storedUrl}"`);
    });

    it('refuses a file of another kind (400), and answers 403 without the token', async () => {
      const file = await uploaded(await postFile(server, staff, { body: minimalPdf(), filename: 'x.pdf' }));
      const video = await postFile(server, staff, {
        body: minimalMp4(),
        filename: 'x.mp4',
        path: `/admin/files/${file.id}/replace`,
      });
      expect(video.status).to.equal(400);
      expect(((await video.json()) as { error: string }).error).to.match(/replace it with a PDF, not a video/);
      const noToken = await postFile(server, staff, {
        body: minimalPdf(),
        filename: 'x.pdf',
        token: null,
        path: `/admin/files/${file.id}/replace`,
      });
      expect(noToken.status).to.equal(403);
    });
  });

  describe('POST /admin/files/<id>', () => {
    it('changes alt text and title; an image keeps needing alt text; 403 without the token', async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a62' } })
        .jpeg()
        .toBuffer();
      const image = await uploaded(
        await postFile(server, staff, { body: png, filename: 'kitchen.jpg', fields: { alt: 'Kitchen' } }),
      );
      const saved = await call(server, staff, 'POST', `/admin/files/${image.id}`, {
        alt: 'A bright kitchen',
        title: 'Kitchen',
      });
      expect(saved.status).to.equal(200);
      expect(await saved.json()).to.include({ alt: 'A bright kitchen', title: 'Kitchen' });
      const empty = await call(server, staff, 'POST', `/admin/files/${image.id}`, { alt: '  ' });
      expect(empty.status).to.equal(400);
      const noToken = await call(server, staff, 'POST', `/admin/files/${image.id}`, { alt: 'x' }, null);
      expect(noToken.status).to.equal(403);
    });
  });

  describe('GET /admin/files', () => {
    it('lists every file with its kind, size and uses, and passes the Nu checker with 0 errors', async function () {
      this.timeout(60_000);
      const response = await fetch(`${server.url}/admin/files`, {
        headers: { Cookie: staff.cookie, Accept: 'text/html' },
      });
      expect(response.status).to.equal(200);
      const html = await response.text();
      expect(html).to.include('media.features.desktopPdf (published)');
      expect(html).to.match(
        /<form class="upload-form" action="\/admin\/files" encType="multipart\/form-data" method="post">/,
      );
      skipWithoutJava(this);
      expect(await nuErrors([{ label: 'files', html }])).to.deep.equal([]);
    });

    it('redirects to /login without a session', async () => {
      const response = await fetch(`${server.url}/admin/files`, {
        redirect: 'manual',
        headers: { Accept: 'text/html' },
      });
      expect(response.status).to.equal(303);
      expect((await fetch(`${server.url}/admin/files.json`)).status).to.equal(401);
    });
  });
});
