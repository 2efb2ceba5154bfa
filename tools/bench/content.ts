/**
 * What content in the database costs: saving a draft and publishing one (server time, through the service, at the
 * sample's size), and the render of `/`, `/site-plan` and a plan page with the cache dropped before each request.
 * `npm run bench:content`; SQLite in a temporary folder; writes tools/bench/content-results.md.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createSite } from '../../src/site.js';

const RUNS = 40;

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-content-'));
const config = loadConfig({
  NODE_ENV: 'production',
  SITE_URL: 'https://maplehollow.example',
  SESSION_SECRET: 'bench-only-secret-bench-only-secret-0123456789',
  DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite')}`,
  DATA_DIR: dir,
  UPLOAD_DIR: path.join(dir, 'uploads'),
  LOG_LEVEL: 'silent',
});
const site = await createSite(config, createLogger(config));
const server = site.app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const rows: string[][] = [];
try {
  const saves: number[] = [];
  const publishes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const view = (await site.content.view('floor-plans'))!;
    const latest = view.draft ?? view.published;
    const data = structuredClone(latest.data) as { plans: { basePrice: number | null }[] };
    data.plans[0]!.basePrice = 500_000 + run * 100;
    let version = 0;
    saves.push(
      await timed(async () => {
        const saved = await site.content.saveDraft('floor-plans', data, latest.version, 'bench');
        if (!saved.ok) throw new Error('draft refused');
        version = saved.value.version;
      }),
    );
    publishes.push(await timed(() => site.content.publish('floor-plans', version, { username: 'bench' })));
  }
  rows.push(['Save a draft of the floor plans', percentile(saves, 0.5).toFixed(1), percentile(saves, 0.95).toFixed(1)]);
  rows.push([
    'Publish it (reload included)',
    percentile(publishes, 0.5).toFixed(1),
    percentile(publishes, 0.95).toFixed(1),
  ]);
  for (const page of ['/', '/site-plan', '/floor-plans/canyon']) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      site.pageCache.clear();
      times.push(await timed(async () => (await fetch(`${base}${page}`)).text()));
    }
    rows.push([`Uncached render of ${page}`, percentile(times, 0.5).toFixed(1), percentile(times, 0.95).toFixed(1)]);
  }
} finally {
  server.close();
  await site.close();
  await fs.rm(dir, { recursive: true, force: true });
}
const table = ['| What | median ms | p95 ms |', '|---|---:|---:|', ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
  '\n',
);
const text = `# Content bench\n\n\`npm run bench:content\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, SQLite, ${RUNS} runs each.\n\n${table}\n`;
await fs.writeFile(new URL('./content-results.md', import.meta.url), text);
console.log(text);
