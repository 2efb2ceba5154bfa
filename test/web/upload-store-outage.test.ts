import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createS3Storage } from '../../src/services/s3-upload-storage.js';
import { recordingLogger, startSiteInstance, type RunningSite } from '../support/outbox-site.js';
import { UPLOAD_RETRY_AFTER_SECONDS } from '../../src/web/uploads-route.js';
import { startS3Server, type RunningS3 } from '../support/s3-server.js';
import { createTestDatabase } from '../support/test-database.js';
import { testConfig } from '../support/test-server.js';

const FILE = '/uploads/a1b2c3d4/image-400.abc123.jpg';

describe('GET /uploads/… while the S3 upload store is out', function () {
  this.timeout(60_000);
  const lines: { level: number; msg: string }[] = [];
  let s3: RunningS3;
  let dataDir: string;
  let instance: RunningSite;
  let url: string;

  before(async () => {
    s3 = await startS3Server();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-outage-'));
    const database = await createTestDatabase(dataDir);
    const config = testConfig(dataDir, database.url, s3.env('site'));
    await createS3Storage(config.uploadStore!).write('a1b2c3d4', 'image-400.abc123.jpg', Buffer.from('jpeg bytes'));
    instance = await startSiteInstance(config, {}, undefined, recordingLogger('info', lines));
    ({ url } = instance);
  });
  after(async () => {
    await instance.stop();
    await s3.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const outageLines = () => lines.filter((line) => /upload store/.test(line.msg));

  it('answers 503 with Retry-After to an image, a page and a JSON request, logs the outage once, and serves again after', async () => {
    expect((await fetch(`${url}${FILE}`)).status, 'served before the outage').to.equal(200);
    s3.outage();
    try {
      const image = await fetch(`${url}${FILE}`, { headers: { Accept: 'image/avif,image/webp,*/*' } });
      expect(image.status).to.equal(503);
      expect(image.headers.get('retry-after')).to.equal(String(UPLOAD_RETRY_AFTER_SECONDS));
      expect(image.headers.get('cache-control') ?? '').to.not.include('immutable');
      expect(await image.text()).to.equal('Temporarily unavailable. Please try again in a moment.');

      const page = await fetch(`${url}${FILE}`, { headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' } });
      expect(page.status).to.equal(503);
      expect(page.headers.get('retry-after')).to.equal(String(UPLOAD_RETRY_AFTER_SECONDS));
      const html = await page.text();
      expect(html).to.include('<h1 id="error-heading">Temporarily unavailable</h1>');

      const json = await fetch(`${url}${FILE}`, { headers: { Accept: 'application/json' } });
      expect(json.status).to.equal(503);
      expect(json.headers.get('retry-after')).to.equal(String(UPLOAD_RETRY_AFTER_SECONDS));
      expect(await json.json()).to.deep.equal({ error: 'Temporarily unavailable. Please try again in a moment.' });

      expect(outageLines().map((line) => [line.level, line.msg])).to.deep.equal([
        [50, 'the upload store is unavailable; uploads are answered 503 until it answers again'],
      ]);
      expect(
        lines.filter((line) => line.msg === 'request failed'),
        'no per-request error lines',
      ).to.deep.equal([]);
    } finally {
      s3.recover();
    }
    const after = await fetch(`${url}${FILE}`);
    expect(after.status).to.equal(200);
    expect(await after.text()).to.equal('jpeg bytes');
    expect(outageLines().map((line) => [line.level, line.msg])).to.deep.equal([
      [50, 'the upload store is unavailable; uploads are answered 503 until it answers again'],
      [30, 'the upload store answers again'],
    ]);
  });

  it('still answers 404 for a file the store does not have', async () => {
    expect((await fetch(`${url}/uploads/a1b2c3d4/missing.jpg`)).status).to.equal(404);
  });
});
