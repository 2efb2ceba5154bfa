import { expect } from 'chai';
import express from 'express';
import { pino } from 'pino';
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { loadConfig } from '../../src/config.js';
import { STORAGE_UNAVAILABLE } from '../../src/services/image-library.js';
import { createS3Storage } from '../../src/services/s3-upload-storage.js';
import { UploadStorageUnavailable, type UploadStorage } from '../../src/services/upload-storage.js';
import { serveUploads, UPLOAD_RETRY_AFTER_SECONDS } from '../../src/web/uploads-route.js';
import { expectByteRangesServed } from '../support/byte-ranges.js';
import { minimalMp4 } from '../support/sample-files.js';
import { startS3Server, type RunningS3 } from '../support/s3-server.js';
import { waitFor } from '../support/smtp-sink.js';
import { signIn, STAFF_ENV, type Staff, uploadCarouselPhoto } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Contract, "Scale-out": UPLOAD_STORE=s3://BUCKET[/PREFIX] keeps uploads in S3-compatible storage, reached with
 * the AWS SDK's own variables. Tried against a real S3 API server (s3rver), never a mock of the SDK.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('S3 upload storage', function () {
  this.timeout(60_000);
  let s3: RunningS3;
  let storage: UploadStorage;
  let server: Server;
  let url: string;

  before(async () => {
    s3 = await startS3Server();
    const config = loadConfig(s3.env('site/uploads'));
    storage = createS3Storage(config.uploadStore!);
    const app = express();
    app.use('/uploads', serveUploads(storage, pino({ level: 'silent' })));
    app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.sendStatus(error.status ?? 500);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/uploads`;
  });
  after(async () => {
    server?.close();
    await s3?.stop();
  });

  it('stores a file as one object under the prefix and serves it with a year-long immutable cache', async () => {
    await storage.write('a1b2c3', 'image-400.abc123.jpg', Buffer.from('jpeg bytes'));
    expect(await s3.keys()).to.deep.equal(['site/uploads/a1b2c3/image-400.abc123.jpg']);
    const response = await fetch(`${url}/a1b2c3/image-400.abc123.jpg`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal(IMMUTABLE);
    expect(response.headers.get('content-type')).to.equal('image/jpeg');
    expect(await response.text()).to.equal('jpeg bytes');
  });

  it('streams a file from disk into one object (a large video never sits in memory) and serves it by byte ranges', async () => {
    const source = path.join(os.tmpdir(), `s3-stream-${process.pid}.mp4`);
    const bytes = Buffer.concat([minimalMp4(), Buffer.alloc(6 * 1024 * 1024, 7)]);
    await fs.writeFile(source, bytes);
    try {
      await storage.writeFromFile('b7c8d9', 'tour.mp4', source, bytes.length);
    } finally {
      await fs.rm(source, { force: true });
    }
    expect(await s3.keys()).to.include('site/uploads/b7c8d9/tour.mp4');
    expect((await storage.read('b7c8d9', 'tour.mp4'))?.equals(bytes)).to.equal(true);
    await expectByteRangesServed(`${url}/b7c8d9/tour.mp4`, bytes);
    await storage.removeFolder('b7c8d9');
  });

  it('removes a whole folder, and removing it again is no error', async () => {
    await storage.write('d4e5f6', 'image-800.def456.webp', Buffer.from('webp bytes'));
    await storage.write('d4e5f6', 'image-400.def456.webp', Buffer.from('webp bytes'));
    await storage.write('d4e5f7', 'image-400.def457.webp', Buffer.from('a neighbour'));
    await storage.removeFolder('d4e5f6');
    await storage.removeFolder('d4e5f6');
    expect(await s3.keys('site/uploads/d4e5')).to.deep.equal(['site/uploads/d4e5f7/image-400.def457.webp']);
    expect((await fetch(`${url}/d4e5f6/image-800.def456.webp`)).status).to.equal(404);
  });

  it('refuses names that could leave the folder, and answers 404 for a missing file or a dot file', async () => {
    for (const [folder, file] of [
      ['..', 'x.jpg'],
      ['ok', '../x.jpg'],
      ['ok', '.hidden'],
    ] as const) {
      let refused = false;
      await storage.write(folder, file, Buffer.from('x')).catch(() => (refused = true));
      expect(refused, `${folder} / ${file}`).to.equal(true);
    }
    expect((await fetch(`${url}/a1b2c3/missing.jpg`)).status).to.equal(404);
    expect((await fetch(`${url}/a1b2c3/.hidden`)).status).to.equal(404);
  });

  it('says the store is unavailable when it cannot be reached', async () => {
    s3.outage();
    try {
      const error = await storage.write('0f0f0f', 'image-400.0f0f0f.jpg', Buffer.from('x')).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UploadStorageUnavailable);
      expect((error as Error).message).to.match(/^S3 put site\/uploads\/0f0f0f\/image-400\.0f0f0f\.jpg failed/);
    } finally {
      s3.recover();
    }
  });
});

describe('Staff uploads kept in S3 (UPLOAD_STORE), two instances', function () {
  this.timeout(90_000);
  let s3: RunningS3;
  let a: TestServer;
  let b: TestServer;
  let staff: Staff;
  const PREFIX = 'maplehollow';

  before(async () => {
    s3 = await startS3Server();
    const env = {
      ...STAFF_ENV,
      ...s3.env(PREFIX),
      SESSION_SECRET: 'one session secret shared by every instance, 48 chars',
    };
    a = await startTestServer(env);
    // Its own upload directory, unlike sameStorageAs's: the bucket is what the two share.
    b = await startTestServer(env, { sameStorageAs: a });
    staff = await signIn(a.url);
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await s3?.stop();
  });

  const carousel = async (server: TestServer) =>
    (
      (await (await fetch(`${server.url}/api/homepageimages?sort=order,asc`)).json()) as {
        _embedded: { homepageimages: Array<{ url: string }> };
      }
    )._embedded.homepageimages.map((image) => image.url);
  const uploadedRows = async () => (await a.db('uploaded_images').select('directory')).map((row) => row.directory);
  /** Every object key the stored rows name: each URL of their srcsets ("url 400w, url 800w"), and the fallback. */
  const keysNamedByRows = async () => {
    const rows: Array<Record<string, string>> = await a
      .db('uploaded_images')
      .select('url', 'src_set', 'webp_src_set', 'avif_src_set');
    const urls = rows.flatMap((row) =>
      [row.src_set, row.webp_src_set, row.avif_src_set]
        .flatMap((set) => (set ?? '').split(',').map((entry) => entry.trim().split(' ')[0] ?? ''))
        .concat(row.url ?? ''),
    );
    return [...new Set(urls)].map((url) => url.replace(/^\/uploads\//, `${PREFIX}/`)).sort();
  };

  it('stores an upload through A in the bucket (not on disk) and serves it from both instances with the year-long cache', async () => {
    const response = await uploadCarouselPhoto(a.url, staff, {
      alt: 'Kept in S3',
      background: '#2a6',
      name: 'a.png',
      width: 1200,
      height: 800,
    });
    expect(response.status).to.equal(201);
    const { url } = (await response.json()) as { url: string };
    const [directory] = await uploadedRows();
    expect(url).to.match(new RegExp(`^/uploads/${directory}/image-1200\\.[0-9a-f]{10}\\.png$`));
    const keys = await s3.keys(`${PREFIX}/${directory}/`);
    expect(keys).to.have.length.greaterThan(5);
    expect(keys, 'the folder holds exactly the files the row names').to.deep.equal(await keysNamedByRows());
    const onDisk = await fs.readdir(a.config.uploadDir).catch(() => []);
    expect(onDisk, 'nothing written to UPLOAD_DIR').to.deep.equal([]);

    for (const server of [a, b]) {
      const image = await fetch(`${server.url}${url}`);
      expect(image.status, server.url).to.equal(200);
      expect(image.headers.get('content-type')).to.equal('image/png');
      expect(image.headers.get('cache-control')).to.equal(IMMUTABLE);
      const stored = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(stored.width).to.equal(1200);
    }
  });

  it('deletes an image through B: its row and every one of its objects go', async () => {
    const url = (await carousel(a)).find((entry) => entry.startsWith('/uploads/'))!;
    const directory = url.split('/')[2]!;
    const response = await fetch(`${b.url}/admin/delete/homepageimage`, {
      method: 'POST',
      headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url, order: 0 }),
    });
    expect(response.status, await response.clone().text()).to.equal(200);
    expect(await uploadedRows()).to.deep.equal([]);
    expect(await s3.keys(`${PREFIX}/${directory}/`)).to.deep.equal([]);
    expect((await fetch(`${a.url}${url}`)).status).to.equal(404);
  });

  it('an S3 outage during an upload: a clear 503, no row, and the files already stored are removed once S3 is back', async () => {
    const before = await carousel(a);
    // S3 becomes unreachable right after the upload's second file is stored.
    let storedBeforeOutage = 0;
    s3.afterPuts(2, () => {
      storedBeforeOutage = 2;
      s3.outage();
    });
    const response = await uploadCarouselPhoto(b.url, staff, {
      alt: 'Never saved',
      background: '#a26',
      name: 'b.png',
    });
    expect(storedBeforeOutage, 'files were stored before the outage').to.equal(2);
    expect(response.status).to.equal(503);
    expect(response.headers.get('retry-after'), 'when to try again').to.equal(String(UPLOAD_RETRY_AFTER_SECONDS));
    expect(await response.json()).to.deep.equal({ error: STORAGE_UNAVAILABLE });
    expect(await uploadedRows(), 'no row without files').to.deep.equal([]);
    expect(await carousel(a)).to.deep.equal(before);

    expect(await uploadedRows()).to.deep.equal([]);
    s3.recover();
    // No files without a row: the two stored before the outage are removed when S3 answers again.
    await waitFor(async () => (await s3.keys(`${PREFIX}/`)).length === 0, 20_000);
  });

  it('an S3 outage while deleting: the image is gone from the site at once, its files once S3 is back', async () => {
    const response = await uploadCarouselPhoto(a.url, staff, {
      alt: 'Deleted during an outage',
      background: '#62a',
      name: 'c.png',
    });
    const { url } = (await response.json()) as { url: string };
    expect(await s3.keys(`${PREFIX}/`)).to.have.length.greaterThan(5);
    s3.outage();
    const deleted = await fetch(`${a.url}/admin/delete/homepageimage`, {
      method: 'POST',
      headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url, order: 0 }),
    });
    expect(deleted.status).to.equal(200);
    expect(await uploadedRows()).to.deep.equal([]);
    expect(await carousel(a)).to.not.include(url);
    s3.recover();
    await waitFor(async () => (await s3.keys(`${PREFIX}/`)).length === 0, 20_000);
  });
});
