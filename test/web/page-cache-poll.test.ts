import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { bumpSiteRevision } from '../../src/db/site-revision.js';
import type { Site } from '../../src/site.js';
import { recordingLogger, startSiteInstance, type RunningSite } from '../support/outbox-site.js';
import { PageCache } from '../../src/web/page-cache.js';
import { createTestDatabase } from '../support/test-database.js';
import { testConfig } from '../support/test-server.js';

/** The shared revision cannot be read (as when the database does not answer) until the returned call restores it. */
async function breakRevision(site: Site): Promise<() => Promise<void>> {
  await site.db.schema.renameTable('site_revision', 'site_revision_gone');
  return () => site.db.schema.renameTable('site_revision_gone', 'site_revision');
}

describe('The page cache while the shared site revision cannot be read', function () {
  this.timeout(60_000);
  const lines: { level: number; msg: string }[] = [];
  let dataDir: string;
  let site: Site;
  let instance: RunningSite;
  let url: string;

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'page-cache-poll-'));
    const database = await createTestDatabase(dataDir, { sqlite: true });
    instance = await startSiteInstance(
      testConfig(dataDir, database.url),
      {},
      undefined,
      recordingLogger('info', lines),
    );
    ({ site, url } = instance);
  });
  after(async () => {
    await instance.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const pollLines = () =>
    lines.filter((line) => /shared site revision/.test(line.msg)).map((line) => [line.level, line.msg]);

  it('keeps serving the cached pages through a short outage, logs it once, and drops them when the revision moved meanwhile', async () => {
    await site.pageCache.checkRevision();
    expect((await fetch(`${url}/about`)).status).to.equal(200);
    const cached = site.pageCache.get('/about');
    expect(cached, 'the page is cached').to.not.equal(undefined);
    const restore = await breakRevision(site);
    try {
      for (let poll = 0; poll < 3; poll += 1) await site.pageCache.checkRevision();
      expect(site.pageCache.get('/about'), 'kept through a short outage').to.equal(cached);
      expect(pollLines()).to.deep.equal([
        [
          50,
          'the page cache cannot read the shared site revision or what it names; cached pages are kept for a while, then dropped at each poll',
        ],
      ]);
    } finally {
      await restore();
    }
    // Another instance changed public content while this one could not see the revision.
    await bumpSiteRevision(site.db);
    await site.pageCache.checkRevision();
    expect(site.pageCache.get('/about'), 'dropped once the poll sees the moved revision').to.equal(undefined);
    expect(pollLines().slice(1)).to.deep.equal([[30, 'the page cache reads the shared site revision again']]);
  });

  it('keeps the cache and the process when what a moved revision names cannot be read, and reads it again at the next poll', async () => {
    const reads: string[] = [];
    let failing = false;
    const cache = new PageCache(site.db, {
      logger: pino({ level: 'silent' }),
      beforeClear: async () => {
        reads.push(failing ? 'failed' : 'read');
        if (failing) throw new Error('Knex: Timeout acquiring a connection');
      },
    });
    await cache.checkRevision();
    cache.set('/about', '<p>cached</p>');
    failing = true;
    await bumpSiteRevision(site.db);
    // A rejection here would end the process: the poll runs on a timer, with no one to catch it.
    await cache.checkRevision();
    expect(cache.get('/about')?.html, 'kept: the content could not be read again').to.equal('<p>cached</p>');
    failing = false;
    await cache.checkRevision();
    expect(reads).to.deep.equal(['read', 'failed', 'read']);
    expect(cache.get('/about'), 'dropped once the content was read again').to.equal(undefined);
  });

  it('drops the cache at every failed poll once the outage outlasts the stale limit, so pages render fresh', async () => {
    const cache = new PageCache(site.db, { logger: pino({ level: 'silent' }), staleLimitMs: 200 });
    await cache.checkRevision();
    cache.set('/about', '<p>cached before the outage</p>');
    const restore = await breakRevision(site);
    try {
      await cache.checkRevision();
      expect(cache.get('/about')?.html, 'kept within the limit').to.equal('<p>cached before the outage</p>');
      const lastGoodRead = Date.now();
      while (Date.now() - lastGoodRead < 250) await new Promise((resolve) => setTimeout(resolve, 50));
      await cache.checkRevision();
      expect(cache.get('/about'), 'dropped past the limit').to.equal(undefined);
      cache.set('/about', '<p>rendered during the outage</p>');
      await cache.checkRevision();
      expect(cache.get('/about'), 'dropped again at the next failed poll').to.equal(undefined);
    } finally {
      await restore();
    }
  });
});
