import { expect } from 'chai';
import express from 'express';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { Server } from 'node:http';
import { createDirectoryStorage, type UploadStorage } from '../../src/services/upload-storage.js';
import { serveUploads } from '../../src/web/uploads-route.js';
import { expectByteRangesServed } from '../support/byte-ranges.js';

describe('Directory upload storage', () => {
  let root: string;
  let storage: UploadStorage;
  let server: Server;
  let url: string;

  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'uploads-'));
    storage = createDirectoryStorage(path.join(root, 'uploads'));
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
    server.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('stores a file in its folder and serves it with a year-long immutable cache', async () => {
    await storage.write('a1b2c3', 'image-400.abc123.jpg', Buffer.from('jpeg bytes'));
    expect(await fs.readFile(path.join(root, 'uploads', 'a1b2c3', 'image-400.abc123.jpg'), 'utf8')).to.equal(
      'jpeg bytes',
    );
    expect(await fs.readdir(path.join(root, 'uploads', 'a1b2c3')), 'no partial file left').to.deep.equal([
      'image-400.abc123.jpg',
    ]);
    const response = await fetch(`${url}/a1b2c3/image-400.abc123.jpg`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(await response.text()).to.equal('jpeg bytes');
  });

  it('serves a video by byte ranges, as a phone’s player asks for it', async () => {
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 251));
    await storage.write('v1d2e3', 'tour.mp4', bytes);
    await expectByteRangesServed(`${url}/v1d2e3/tour.mp4`, bytes);
    const response = await fetch(`${url}/v1d2e3/tour.mp4`);
    expect(response.headers.get('content-type')).to.equal('video/mp4');
  });

  it('removes a whole folder, and removing it again is no error', async () => {
    await storage.write('d4e5f6', 'image-800.def456.webp', Buffer.from('webp bytes'));
    await storage.removeFolder('d4e5f6');
    await storage.removeFolder('d4e5f6');
    expect(
      await fs.stat(path.join(root, 'uploads', 'd4e5f6')).then(
        () => true,
        () => false,
      ),
    ).to.equal(false);
    expect((await fetch(`${url}/d4e5f6/image-800.def456.webp`)).status).to.equal(404);
  });

  it('refuses names that could leave the upload directory or hide a file', async () => {
    for (const [folder, file] of [
      ['..', 'x.jpg'],
      ['a/../..', 'x.jpg'],
      ['ok', '../x.jpg'],
      ['ok', '.hidden'],
      ['ok', 'a/b.jpg'],
      ['', 'x.jpg'],
    ] as const) {
      let refused = false;
      await storage.write(folder, file, Buffer.from('x')).catch(() => (refused = true));
      expect(refused, `${folder} / ${file}`).to.equal(true);
    }
    let refused = false;
    await storage.removeFolder('..').catch(() => (refused = true));
    expect(refused, 'removeFolder("..")').to.equal(true);
    expect(await fs.readdir(root)).to.deep.equal(['uploads']);
  });

  it('answers 404 for a missing file and never serves dot files', async () => {
    await fs.writeFile(path.join(root, 'uploads', 'a1b2c3', '.secret'), 'hidden');
    expect((await fetch(`${url}/a1b2c3/missing.jpg`)).status).to.equal(404);
    expect((await fetch(`${url}/a1b2c3/.secret`)).status).to.equal(404);
  });
});
