/**
 * The lot map at scale: the app in-process on a fresh SQLite database holding `lots` homesites (the 78 sample rows
 * and made-up ones after them) and an outline file with a shape for each. Used by `npm run bench:homesites`.
 */
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadContent } from '../../src/content/index.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { seedSampleContent } from '../../src/db/seed-sample.js';
import { createLogger } from '../../src/logger.js';
import { STATIC_DIR } from '../../src/render/build-paths.js';
import { createSite } from '../../src/site.js';
import type { PageCache } from '../../src/web/page-cache.js';
import { signIn, STAFF_ENV, type Staff } from '../../test/support/staff.js';
import { testConfig } from '../../test/support/test-server.js';
import { firstCommunity } from '../../src/prepare-database.js';

export interface HomesitesBenchSite extends BenchSite {
  staff: Staff;
}

/** A grid of rectangular lots over the sample drawing's 1600×1100 canvas, 40 to a row (room for 1,040). */
export function benchOutlines(lots: number): string {
  const columns = 40;
  const shapes = Array.from({ length: lots }, (_, index) => {
    const x = 20 + (index % columns) * 39;
    const y = 20 + Math.floor(index / columns) * 42;
    return `<rect id="lot-${index + 1}" x="${x}" y="${y}" width="36" height="38"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1100">${shapes.join('')}</svg>`;
}

/** Made-up homesites after the 78 sample ones, up to `lots`: a third sold, the rest available with a price. */
export function benchHomesiteRows(lots: number, street: string, at = new Date().toISOString()): object[] {
  return Array.from({ length: Math.max(0, lots - 78) }, (_, index) => ({
    lot: 79 + index,
    status: index % 3 === 0 ? 'sold' : 'available',
    plan: null,
    price: index % 3 === 0 ? null : 540_000 + index * 100,
    sqft: 6_000 + (index % 40) * 100,
    address: `${3000 + index * 2} ${street}, Windsor, CO 80550`,
    ready: null,
    version: 1,
    updated_at: at,
  }));
}

export interface BenchSite {
  url: string;
  /** Cleared before a request that must be rendered as a page-cache miss is, not answered from memory. */
  pageCache: PageCache;
  /** Server time of the last request answered: from its arrival to its last byte handed to the socket, in ms. */
  lastServerMs(): number;
  close(): Promise<void>;
}

/** The app in this process on the database `file`, with the lot outlines of `outlineFile`, on a free port. */
export async function startBenchSite(dir: string, file: string, outlineFile: string): Promise<BenchSite> {
  const content = loadContent();
  const config = testConfig(dir, `sqlite:${file}`, STAFF_ENV);
  const site = await createSite(config, createLogger(config), {
    ...content,
    homesites: { ...content.homesites, outlines: `/${path.relative(STATIC_DIR, outlineFile)}` },
  });
  const server = site.app.listen(0, '127.0.0.1');
  let lastServerMs = NaN;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => (lastServerMs = Number(process.hrtime.bigint() - start) / 1e6));
  });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pageCache: site.pageCache,
    lastServerMs: () => lastServerMs,
    async close() {
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      await site.close();
    },
  };
}

export async function startHomesitesBenchSite(lots: number): Promise<HomesitesBenchSite> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-homesites-'));
  const file = path.join(dir, 'site.sqlite');
  const outlineFile = path.join(dir, 'lots.svg');
  await fs.writeFile(outlineFile, benchOutlines(lots));
  const db = connectDatabase({ client: 'sqlite', filename: file });
  await migrateToLatest(db);
  await seedSampleContent(db, loadContent(), await firstCommunity(db, loadContent()));
  const extra = benchHomesiteRows(lots, 'Bench Street');
  for (let start = 0; start < extra.length; start += 50) await db('homesites').insert(extra.slice(start, start + 50));
  await db.destroy();

  const site = await startBenchSite(dir, file, outlineFile);
  return {
    ...site,
    staff: await signIn(site.url),
    async close() {
      await site.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
