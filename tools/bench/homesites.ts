/**
 * `npm run bench:homesites`: server-side figures of the lot map at scale. Starts the app in-process on a fresh
 * SQLite database holding 1,000 homesites (and a 1,000-lot outline file), then measures the median server time of
 * GET /site-plan and GET /admin/homesites (rendered, never from the page cache) and of one bulk status change of
 * 500 lots. Writes tools/bench/homesites-results.md. Budgets (issue "Homesites"): 30 ms, 50 ms, 1 s.
 */
import fs from 'node:fs/promises';
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
import { signIn, STAFF_ENV } from '../../test/support/staff.js';
import { testConfig } from '../../test/support/test-server.js';
import { medianBy } from './stats.js';

const LOTS = 1000;
const RUNS = 30;
const BULK_LOTS = 500;

/** A grid of 1,000 rectangular lots over the sample drawing's 1600×1100 canvas. */
function outlines(): string {
  const columns = 40;
  const shapes = Array.from({ length: LOTS }, (_, index) => {
    const x = 20 + (index % columns) * 39;
    const y = 20 + Math.floor(index / columns) * 42;
    return `<rect id="lot-${index + 1}" x="${x}" y="${y}" width="36" height="38"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1100">${shapes.join('')}</svg>`;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-homesites-'));
  const file = path.join(dir, 'site.sqlite');
  const outlineFile = path.join(dir, 'lots.svg');
  await fs.writeFile(outlineFile, outlines());
  const db = connectDatabase({ client: 'sqlite', filename: file });
  await migrateToLatest(db);
  await seedSampleContent(db);
  const at = new Date().toISOString();
  const extra = Array.from({ length: LOTS - 78 }, (_, index) => ({
    lot: 79 + index,
    status: index % 3 === 0 ? 'sold' : 'available',
    plan: null,
    price: index % 3 === 0 ? null : 540_000 + index * 100,
    sqft: 6_000 + (index % 40) * 100,
    address: `${3000 + index * 2} Bench Street, Windsor, CO 80550`,
    ready: null,
    version: 1,
    updated_at: at,
  }));
  for (let start = 0; start < extra.length; start += 50) await db('homesites').insert(extra.slice(start, start + 50));
  await db.destroy();

  const content = loadContent();
  const config = testConfig(dir, `sqlite:${file}`, STAFF_ENV);
  const site = await createSite(config, createLogger(config), {
    ...content,
    homesites: { ...content.homesites, outlines: `/${path.relative(STATIC_DIR, outlineFile)}` },
  });
  const server = site.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const staff = await signIn(url);
    // A query string keeps the page cache out of it: every request renders.
    const sitePlan: number[] = [];
    const admin: number[] = [];
    for (let run = 0; run < RUNS + 3; run += 1) {
      const publicTime = await timed(async () => (await fetch(`${url}/site-plan?run=${run}`)).text());
      const adminTime = await timed(async () =>
        (await fetch(`${url}/admin/homesites?run=${run}`, { headers: { Cookie: staff.cookie } })).text(),
      );
      // The first runs warm up the JIT and the database.
      if (run >= 3) {
        sitePlan.push(publicTime);
        admin.push(adminTime);
      }
    }
    const lots = Array.from({ length: BULK_LOTS }, (_, index) => index + 100);
    const bulk = await timed(async () => {
      const response = await fetch(`${url}/admin/homesites/bulk`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
        body: JSON.stringify({ lots, status: 'under-contract' }),
      });
      if (response.status !== 200) throw new Error(`bulk answered ${response.status}`);
    });
    const rows = [
      ['GET /site-plan, 1,000 homesites (median of 30)', medianBy(sitePlan, (ms) => ms), 30],
      ['GET /admin/homesites, 1,000 homesites (median of 30)', medianBy(admin, (ms) => ms), 50],
      [`POST /admin/homesites/bulk, ${BULK_LOTS} lots in one request`, bulk, 1000],
    ] as const;
    const report = [
      '# Homesites at scale',
      '',
      `Written by \`npm run bench:homesites\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} CPUs, ` +
        `Node ${process.version}, SQLite, load average ${os.loadavg()[0]?.toFixed(1)} at the end). Server time as the ` +
        'client sees it over loopback, page cache bypassed. Run it with NODE_ENV=production (React production build).',
      '',
      '| Measure | ms | Budget (ms) | Within |',
      '|---|---:|---:|---|',
      ...rows.map(
        ([label, ms, budget]) => `| ${label} | ${ms.toFixed(1)} | ${budget} | ${ms <= budget ? 'yes' : 'NO'} |`,
      ),
      '',
    ].join('\n');
    console.log(report);
    await fs.writeFile(path.join('tools', 'bench', 'homesites-results.md'), report);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
