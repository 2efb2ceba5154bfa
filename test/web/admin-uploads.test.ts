import { expect } from 'chai';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const STAFF = STAFF_ENV;
const MB = 1024 * 1024;

interface UploadInput {
  buffer?: Buffer;
  filename?: string;
  type?: string;
  alt?: string;
  accept?: string;
  field?: string;
  extraFiles?: number;
}

function upload(
  server: TestServer,
  staff: Staff,
  input: UploadInput,
  path = '/admin/upload/homepageimage',
): Promise<Response> {
  const form = new FormData();
  form.append('_csrf', staff.token);
  if (input.alt !== undefined) form.append('alt', input.alt);
  if (input.buffer) {
    for (let copy = 0; copy <= (input.extraFiles ?? 0); copy += 1) {
      form.append(
        input.field ?? 'image',
        new Blob([new Uint8Array(input.buffer)], { type: input.type ?? 'application/octet-stream' }),
        input.filename ?? 'photo.jpg',
      );
    }
  }
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: staff.cookie, Accept: input.accept ?? 'application/json' },
    body: form,
  });
}

const photo = (width: number, height: number, background = '#4a7') =>
  sharp({ create: { width, height, channels: 3, background } });

/** A PNG declaring 20000×20000 1-bit pixels whose zero rows deflate to about 50 KB: a decompression bomb. */
function pngBomb(width = 20_000, height = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc((Math.ceil(width / 8) + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String).sort();
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

/** Rows of the image tables, files under the data folder (UPLOAD_DIR is inside it), and the places a traversal would land. */
async function state(server: TestServer) {
  const dataFiles = (await listFiles(server.dataDir)).filter(
    (file) => !/site\.sqlite(-wal|-shm|-journal)?$/.test(file),
  );
  const escapes = [
    path.resolve(server.config.uploadDir, '../../server.js'),
    path.resolve(server.config.uploadDir, '../server.js'),
    path.resolve(process.cwd(), 'server.js'),
    path.resolve(process.cwd(), '../server.js'),
    path.resolve(os.tmpdir(), 'server.js'),
  ];
  return {
    homepage: await server.db('homepage_images').select('id', 'url', 'alt', 'sort_order').orderBy('id'),
    floorplan: await server.db('floorplan_images').select('id', 'url', 'sort_order').orderBy('id'),
    uploaded: await server.db('uploaded_images').select('url', 'directory').orderBy('url'),
    dataFiles,
    escapes: await Promise.all(escapes.map(async (file) => [file, await exists(file)])),
  };
}

async function apiCarousel(server: TestServer): Promise<{ url: string; order: number }[]> {
  const body = (await (await fetch(`${server.url}/api/homepageimages?sort=order,asc`)).json()) as {
    _embedded: { homepageimages: { url: string; order: number }[] };
  };
  return body._embedded.homepageimages;
}

describe('POST /admin/upload/homepageimage', () => {
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  const goodFormats: [string, () => Promise<Buffer>, string, 'jpg' | 'png'][] = [
    ['JPEG', () => photo(1000, 640, '#5a8').jpeg().toBuffer(), 'image/jpeg', 'jpg'],
    ['PNG', () => photo(1000, 640, '#58a').png().toBuffer(), 'image/png', 'png'],
    ['WebP', () => photo(1000, 640, '#a58').webp().toBuffer(), 'image/webp', 'jpg'],
    ['AVIF', () => photo(1000, 640, '#8a5').avif().toBuffer(), 'image/avif', 'jpg'],
  ];
  for (const [format, make, type, family] of goodFormats) {
    it(`accepts a ${format}: 201, appended at the end, with AVIF, WebP and ${family.toUpperCase()} variants in UPLOAD_DIR`, async () => {
      const before = await apiCarousel(server);
      const response = await upload(server, staff, {
        buffer: await make(),
        type,
        filename: `house.${format.toLowerCase()}`,
        alt: `A ${format} house`,
      });
      expect(response.status).to.equal(201);
      const { url } = (await response.json()) as { url: string };
      expect(url).to.match(new RegExp(`^/uploads/[0-9a-f]{24}/image-1000\\.[0-9a-f]{10}\\.${family}$`));

      const after = await apiCarousel(server);
      expect(after.map((image) => image.url)).to.deep.equal([...before.map((image) => image.url), url]);
      expect(after.at(-1)?.order).to.equal(Math.max(...before.map((image) => image.order)) + 1);
      expect(await server.db('homepage_images').where({ url }).first()).to.include({ alt: `A ${format} house` });

      const record = (await server.db('uploaded_images').where({ url }).first()) as {
        directory: string;
        width: number;
        height: number;
      };
      expect(record).to.include({ width: 1000, height: 640 });
      const directory = path.join(server.config.uploadDir, record.directory);
      const files = await listFiles(directory);
      const expected = ['avif', 'webp', family].flatMap((extension) =>
        [400, 800, 1000].map((width) => new RegExp(`^image-${width}\\.[0-9a-f]{10}\\.${extension}$`)),
      );
      expect(files).to.have.length(expected.length);
      for (const pattern of expected)
        expect(
          files.some((file) => pattern.test(file)),
          String(pattern),
        ).to.equal(true);
      for (const file of files) {
        const meta = await sharp(path.join(directory, file)).metadata();
        const extension = path.extname(file).slice(1);
        expect(meta.format, file).to.equal({ avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png' }[extension]);
        expect(meta.width, file).to.equal(Number(/image-(\d+)\./.exec(file)?.[1]));
      }
      const served = await fetch(`${server.url}${url}`);
      expect(served.status).to.equal(200);
      expect(served.headers.get('content-type')).to.equal(family === 'png' ? 'image/png' : 'image/jpeg');
    });
  }

  it('strips EXIF metadata (copyright, GPS) from every stored variant and applies the orientation', async () => {
    const source = await photo(900, 600, '#777')
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Copyright: 'Secret Photographer 1999', Artist: 'Someone' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 29/1 0/1' },
        },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(source).metadata()).exif, 'the source carries EXIF').to.be.instanceOf(Buffer);
    const response = await upload(server, staff, {
      buffer: source,
      type: 'image/jpeg',
      filename: 'gps.jpg',
      alt: 'Photo with EXIF',
    });
    expect(response.status).to.equal(201);
    const { url } = (await response.json()) as { url: string };
    const record = (await server.db('uploaded_images').where({ url }).first()) as {
      directory: string;
      width: number;
      height: number;
    };
    expect(record).to.include({ width: 600, height: 900 });
    const directory = path.join(server.config.uploadDir, record.directory);
    const files = await listFiles(directory);
    expect(files).to.have.length.greaterThan(2);
    for (const file of files) {
      const bytes = await fs.readFile(path.join(directory, file));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, file).to.equal(undefined);
      expect(meta.xmp, file).to.equal(undefined);
      expect(meta.orientation ?? 1, file).to.equal(1);
      expect(bytes.includes('Secret Photographer'), file).to.equal(false);
    }
  });

  it('stores an image under a generated name whatever its file name says (../../evil.png stays inside UPLOAD_DIR)', async () => {
    const before = await state(server);
    const response = await upload(server, staff, {
      buffer: await photo(500, 400).png().toBuffer(),
      type: 'image/png',
      filename: '../../evil.png',
      alt: 'Traversal name',
    });
    expect(response.status).to.equal(201);
    const { url } = (await response.json()) as { url: string };
    expect(url).to.not.include('evil').and.not.include('..');
    expect(await exists(path.resolve(server.config.uploadDir, '../../evil.png'))).to.equal(false);
    expect(await exists(path.resolve(server.config.uploadDir, '../evil.png'))).to.equal(false);
    const added = (await state(server)).dataFiles.filter((file) => !before.dataFiles.includes(file));
    expect(added.length).to.be.greaterThan(0);
    for (const file of added) expect(file.startsWith(`uploads${path.sep}`), file).to.equal(true);
  });

  it('re-encodes a JPEG carrying a PHP payload: no stored file keeps the payload or a .php name', async () => {
    const polyglot = Buffer.concat([
      await photo(600, 400).jpeg().toBuffer(),
      Buffer.from('<?php system($_GET["c"]); ?>'),
    ]);
    const response = await upload(server, staff, {
      buffer: polyglot,
      type: 'image/jpeg',
      filename: 'a.jpg.php',
      alt: 'Polyglot',
    });
    expect(response.status).to.equal(201);
    const { url } = (await response.json()) as { url: string };
    const record = (await server.db('uploaded_images').where({ url }).first()) as { directory: string };
    const directory = path.join(server.config.uploadDir, record.directory);
    for (const file of await listFiles(directory)) {
      expect(file).to.match(/\.(avif|webp|jpg)$/);
      expect((await fs.readFile(path.join(directory, file))).includes('<?php'), file).to.equal(false);
    }
  });

  describe('refuses a bad file with 400 and writes no row and no file', () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script><rect width="400" height="300" fill="red"/></svg>',
    );
    const bad: [string, () => Promise<UploadInput>, RegExp][] = [
      [
        'an HTML page renamed .png',
        async () => ({ buffer: html, filename: 'photo.png', type: 'image/png', alt: 'x' }),
        /not a JPEG, PNG, WebP or AVIF/,
      ],
      [
        'an SVG with a script',
        async () => ({ buffer: svg, filename: 'logo.svg', type: 'image/svg+xml', alt: 'x' }),
        /not a JPEG, PNG, WebP or AVIF/,
      ],
      [
        'an SVG renamed .png',
        async () => ({ buffer: svg, filename: 'logo.png', type: 'image/png', alt: 'x' }),
        /not a JPEG, PNG, WebP or AVIF/,
      ],
      [
        'a.jpg.php holding PHP',
        async () => ({
          buffer: Buffer.from('<?php system($_GET["c"]); ?>'),
          filename: 'a.jpg.php',
          type: 'image/jpeg',
          alt: 'x',
        }),
        /not a JPEG, PNG, WebP or AVIF/,
      ],
      [
        'a truncated JPEG',
        async () => {
          const jpeg = await photo(800, 600, '#369').jpeg().toBuffer();
          return {
            buffer: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
            filename: 'cut.jpg',
            type: 'image/jpeg',
            alt: 'x',
          };
        },
        /damaged or incomplete/,
      ],
      [
        'a zero-byte file',
        async () => ({ buffer: Buffer.alloc(0), filename: 'empty.jpg', type: 'image/jpeg', alt: 'x' }),
        /empty/,
      ],
      [
        'a file over 10 MB',
        async () => {
          const jpeg = await photo(200, 200).jpeg().toBuffer();
          return {
            buffer: Buffer.concat([jpeg, Buffer.alloc(10 * MB + 1 - jpeg.length, 0x41)]),
            filename: 'big.jpg',
            type: 'image/jpeg',
            alt: 'x',
          };
        },
        /larger than 10 MB/,
      ],
      [
        'a 20000×20000 PNG bomb',
        async () => ({ buffer: pngBomb(), filename: 'bomb.png', type: 'image/png', alt: 'x' }),
        /more than 40 megapixels/,
      ],
      [
        'a script named ../../server.js',
        async () => ({
          buffer: Buffer.from('require("child_process").exec("rm -rf /")'),
          filename: '../../server.js',
          type: 'application/javascript',
          alt: 'x',
        }),
        /not a JPEG, PNG, WebP or AVIF/,
      ],
      [
        'a GIF',
        async () => ({
          buffer: await photo(50, 50).gif().toBuffer(),
          filename: 'anim.gif',
          type: 'image/gif',
          alt: 'x',
        }),
        /not a JPEG, PNG, WebP or AVIF/,
      ],
      [
        'a TIFF',
        async () => ({
          buffer: await photo(50, 50).tiff().toBuffer(),
          filename: 'scan.tiff',
          type: 'image/tiff',
          alt: 'x',
        }),
        /not a JPEG, PNG, WebP or AVIF/,
      ],
      [
        'a 2×30000 strip',
        async () => ({
          buffer: await photo(2, 30_000).png().toBuffer(),
          filename: 'strip.png',
          type: 'image/png',
          alt: 'x',
        }),
        /too narrow or too tall/,
      ],
      [
        'a good image with no alt text',
        async () => ({ buffer: await photo(400, 300).png().toBuffer(), filename: 'ok.png', type: 'image/png' }),
        /alt text/,
      ],
      [
        'a good image with blank alt text',
        async () => ({
          buffer: await photo(400, 300).png().toBuffer(),
          filename: 'ok.png',
          type: 'image/png',
          alt: '   ',
        }),
        /alt text/,
      ],
      [
        'a good image with 301-character alt text',
        async () => ({
          buffer: await photo(400, 300).png().toBuffer(),
          filename: 'ok.png',
          type: 'image/png',
          alt: 'a'.repeat(301),
        }),
        /at most 300/,
      ],
      ['no file at all', async () => ({ alt: 'x' }), /Choose an image/],
      [
        'a file under another field name',
        async () => ({ buffer: await photo(400, 300).png().toBuffer(), field: 'file', type: 'image/png', alt: 'x' }),
        /could not be read/,
      ],
      [
        'two files',
        async () => ({ buffer: await photo(400, 300).png().toBuffer(), extraFiles: 1, type: 'image/png', alt: 'x' }),
        /could not be read/,
      ],
    ];

    let server: TestServer;
    let staff: Staff;
    before(async () => {
      server = await startTestServer(STAFF);
      staff = await signIn(server.url);
    });
    after(() => server.close());

    for (const [label, make, message] of bad) {
      it(label, async () => {
        const before = await state(server);
        const response = await upload(server, staff, await make());
        expect(response.status).to.equal(400);
        const body = (await response.json()) as { error: string };
        expect(body.error).to.match(message);
        expect(await state(server)).to.deep.equal(before);
        expect(await listFiles(server.config.uploadDir)).to.deep.equal([]);
      });
    }

    const rawBodies: [string, string, string][] = [
      [
        'a multipart body that never ends',
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      ],
      [
        'a multipart body without a boundary',
        'multipart/form-data',
        '--b\r\nContent-Disposition: form-data; name="alt"\r\n\r\nx\r\n--b--\r\n',
      ],
      [
        'a multipart part with a malformed header',
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition form-data name image\r\n\r\nx\r\n--b--\r\n',
      ],
    ];
    for (const [label, contentType, body] of rawBodies) {
      it(label, async () => {
        const before = await state(server);
        const port = Number(new URL(server.url).port);
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/admin/upload/homepageimage',
              headers: {
                Cookie: staff.cookie,
                'X-CSRF-Token': staff.token,
                'Content-Type': contentType,
                'Content-Length': Buffer.byteLength(body),
              },
            },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          request.on('error', reject);
          request.end(body);
        });
        expect(status).to.equal(400);
        expect(await state(server)).to.deep.equal(before);
      });
    }

    it('a body that is not multipart gets 415', async () => {
      const before = await state(server);
      const response = await fetch(`${server.url}/admin/upload/homepageimage`, {
        method: 'POST',
        headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ image: 'iVBORw0KGgo=', alt: 'x' }),
      });
      expect(response.status).to.equal(415);
      expect(await state(server)).to.deep.equal(before);
    });
  });

  describe('from the plain HTML form (no JavaScript)', () => {
    it('redirects back to the editor with a success notice', async () => {
      const response = await upload(server, staff, {
        buffer: await photo(640, 480).jpeg().toBuffer(),
        type: 'image/jpeg',
        alt: 'Form upload',
        accept: 'text/html',
      });
      expect(response.status).to.equal(303);
      expect(response.headers.get('location')).to.equal('/admin/homepage-images?uploaded=1');
      const page = await (
        await fetch(`${server.url}/admin/homepage-images?uploaded=1`, { headers: { Cookie: staff.cookie } })
      ).text();
      expect(page).to.include('The image was added at the end.');
      expect(page).to.include('Form upload');
    });

    it('redirects back with the error shown, and stores nothing', async () => {
      const before = await state(server);
      const response = await upload(server, staff, {
        buffer: Buffer.from('<html></html>'),
        type: 'image/png',
        filename: 'x.png',
        alt: 'x',
        accept: 'text/html',
      });
      expect(response.status).to.equal(303);
      const location = response.headers.get('location') as string;
      expect(location).to.match(/^\/admin\/homepage-images\?error=/);
      const page = await (await fetch(`${server.url}${location}`, { headers: { Cookie: staff.cookie } })).text();
      expect(page).to.include('role="alert"').and.include('The file is not a JPEG, PNG, WebP or AVIF image.');
      expect(await state(server)).to.deep.equal(before);
    });

    it("redirects a file over 10 MB back to the plan's editor with the reason, never answering the page JSON", async () => {
      const jpeg = await photo(200, 200).jpeg().toBuffer();
      const response = await upload(
        server,
        staff,
        {
          buffer: Buffer.concat([jpeg, Buffer.alloc(10 * MB + 1 - jpeg.length, 0x41)]),
          type: 'image/jpeg',
          alt: 'Too big',
          accept: 'text/html',
        },
        `/admin/upload/floorplanimage?floorplan=${encodeURIComponent('The Canyon')}`,
      );
      expect(response.status).to.equal(303);
      const location = response.headers.get('location') as string;
      expect(location).to.equal(
        `/admin/floorplan-images/canyon?error=${encodeURIComponent('The file is larger than 10 MB.')}`,
      );
      const page = await (await fetch(`${server.url}${location}`, { headers: { Cookie: staff.cookie } })).text();
      expect(page).to.include('role="alert"').and.include('The file is larger than 10 MB.');
    });

    it("redirects a floor-plan form upload back to that plan's editor", async () => {
      const response = await upload(
        server,
        staff,
        {
          buffer: await photo(640, 480).jpeg().toBuffer(),
          type: 'image/jpeg',
          alt: 'Canyon porch',
          accept: 'text/html',
        },
        `/admin/upload/floorplanimage?floorplan=${encodeURIComponent('The Canyon')}`,
      );
      expect(response.status).to.equal(303);
      expect(response.headers.get('location')).to.equal('/admin/floorplan-images/canyon?uploaded=1');
      expect(
        await server.db('floorplan_images').where({ floorplan: 'The Canyon', alt: 'Canyon porch' }).first(),
      ).to.not.equal(undefined);
    });
  });
});
