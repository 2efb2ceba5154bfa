import { loadContent } from '../../src/content/index.js';
/**
 * `npm run bench:leads`: the staff inbox at 100,000 leads. Starts the app in-process on a fresh SQLite database
 * holding 100,000 leads (two messages for each tour, a quarter from Google, a sixth from Facebook, the rest direct;
 * statuses spread over the contract's seven), then measures the median server time of the inbox list, a filtered
 * list, a search and the admin home, and how much the process's resident memory grows while the whole CSV export
 * is downloaded. Writes tools/bench/leads-results.md. Budgets (issue 14): 50 ms a page, +30 MB for the export.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Knex } from 'knex';
import { connectDatabase } from '../../src/db/connect.js';
import { leadSearchColumns } from '../../src/db/lead-search.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { seedSampleContent } from '../../src/db/seed-sample.js';
import { createLogger } from '../../src/logger.js';
import { LEAD_STATUSES } from '../../src/shared/lead-context.js';
import { createSite } from '../../src/site.js';
import { signIn, STAFF_ENV } from '../../test/support/staff.js';
import { testConfig } from '../../test/support/test-server.js';
import type { DownloadProgress } from './leads-download.js';
import { medianPageTime, timed, type PageTime } from './page-time.js';
import { firstCommunity } from '../../src/prepare-database.js';

const LEADS = 100_000;
/** Requests per page measured; BENCH_RUNS lowers it on a machine too loaded to finish. */
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;
const PAGE_BUDGET_MS = 50;
const EXPORT_BUDGET_MB = 30;
const NAMES = ['Smith', 'Garcia', 'Nguyen', 'Johnson', 'Martinez', 'Lee', 'Brown', 'Davis', 'Lopez', 'Wilson'];

function sourceOf(index: number): Record<string, string | null> {
  if (index % 4 === 0) return { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'fall-2026' };
  if (index % 6 === 1) return { utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'open-house' };
  return { utm_source: null, utm_medium: null, utm_campaign: null };
}

/** 100,000 leads over the last two years, a third of them tours; inserted in batches inside one transaction. */
async function seedLeads(file: string): Promise<void> {
  const db = connectDatabase({ client: 'sqlite', filename: file });
  await migrateToLatest(db);
  await seedSampleContent(db, loadContent(), await firstCommunity(db, loadContent()));
  const now = Date.now();
  const span = 2 * 365 * 86_400_000;
  await db.transaction(async (trx) => {
    let messages: Record<string, unknown>[] = [];
    let tours: Record<string, unknown>[] = [];
    const flush = async () => {
      if (messages.length) await trx('contact_messages').insert(messages);
      if (tours.length) await trx('tours').insert(tours);
      messages = [];
      tours = [];
    };
    for (let index = 0; index < LEADS; index += 1) {
      const createdAt = new Date(now - Math.floor((index / LEADS) * span)).toISOString();
      const lastname = NAMES[index % NAMES.length]!;
      const lead = {
        firstname: `Buyer${index}`,
        lastname,
        email: `buyer${index}@example.com`,
        phone: `(303) 555-${String(index % 10_000).padStart(4, '0')}`,
        lead_status: LEAD_STATUSES[index % LEAD_STATUSES.length],
        notes: index % 10 === 0 ? 'Called back; wants a walkout basement.' : '',
        referrer: index % 4 === 0 ? 'https://www.google.com/' : null,
        landing_page: '/floor-plans/canyon',
        homesite: index % 5 === 0 ? (index % 78) + 1 : null,
        plan: index % 7 === 0 ? 'canyon' : null,
        is_spam: index % 50 === 0,
        ...sourceOf(index),
      };
      const search = leadSearchColumns(lead);
      if (index % 3 === 0) {
        tours.push({
          ...lead,
          ...search,
          token: `bench-${index}`,
          start_at: new Date(Date.parse(createdAt) + 3 * 86_400_000).toISOString(),
          slot_minutes: 60,
          message: '',
          status: 'toured',
          created_at: createdAt,
        });
      } else {
        messages.push({
          ...lead,
          ...search,
          subject: `Question ${index}`,
          message: 'We would like to know more about the community and the available homesites.',
          // As SQLite's CURRENT_TIMESTAMP stores it.
          created_at: createdAt.slice(0, 19).replace('T', ' '),
        });
      }
      if (messages.length >= 400 || tours.length >= 400) await flush();
    }
    await flush();
  });
  await db.raw('analyze');
  await db.destroy();
}

/** Rows downloaded when the export's early memory is read, to compare with the whole export's. */
const EARLY_ROWS = 10_000;

/** V8's collector on demand, without starting node with --expose-gc. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

interface ExportGrowth {
  /** Peak resident memory over the baseline, MB: after EARLY_ROWS rows, and over the whole download. */
  earlyMb: number;
  growthMb: number;
  rows: number;
  ms: number;
}

/**
 * Downloads the whole export in a child process (tools/bench/leads-download.ts) while this process, the server,
 * samples its own resident memory: the client's reading never counts. Memory that stays flat shows as the same
 * growth after 10,000 rows as after all of them.
 *
 * `live`: collect garbage before each reading (after EARLY_ROWS rows and at the end) and read the JS heap and buffers
 * in use, so the reading is what the export holds. Without it the peak also counts garbage V8 has not yet collected: V8 lets the old generation grow
 * well past what is live before a full collection, so an export that holds one page at a time still shows a growing
 * peak until the collector runs.
 */
async function exportGrowth(url: string, cookie: string, live: boolean): Promise<ExportGrowth> {
  // Held memory is the JS heap in use plus what it holds outside (buffers): resident memory is not handed back to
  // the system at once after a collection, so it cannot show what was freed.
  const held = () => {
    const { heapUsed, external } = process.memoryUsage();
    return heapUsed + external;
  };
  collectGarbage();
  const baseline = live ? held() : process.memoryUsage().rss;
  let peak = baseline;
  let earlyPeak: number | undefined;
  const read = () => {
    collectGarbage();
    return held();
  };
  const sampler = live
    ? undefined
    : setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
  let rows = 0;
  const ms = await timed(
    () =>
      new Promise<void>((resolve, reject) => {
        const client = fork(fileURLToPath(new URL('./leads-download.ts', import.meta.url)), [
          `${url}/admin/messages.csv`,
          cookie,
        ]);
        client.on('message', (message: DownloadProgress) => {
          rows = message.rows;
          if (earlyPeak === undefined && rows >= EARLY_ROWS) earlyPeak = live ? read() : peak;
          if (live && message.done) peak = read();
        });
        client.on('error', reject);
        client.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`download exited with ${code}`))));
      }),
  );
  clearInterval(sampler);
  if (!live) peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (bytes: number) => (bytes - baseline) / 1024 / 1024;
  return { earlyMb: mb(earlyPeak ?? peak), growthMb: mb(peak), rows, ms };
}

/** Leads in the database as measured: messages and tours. */
async function storedLeads(db: Knex): Promise<number> {
  const counts = await Promise.all(
    ['contact_messages', 'tours'].map(async (table) => {
      const [row] = (await db(table).count({ total: '*' })) as { total: number | string }[];
      return Number(row?.total ?? 0);
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

function signedMb(mb: number): string {
  return `${mb < 0 ? '−' : '+'}${Math.abs(mb).toFixed(1)} MB`;
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-leads-'));
  // LEADS_BENCH_DB=<file> keeps the seeded database there and reuses it on the next run (seeding takes minutes).
  const kept = process.env.LEADS_BENCH_DB;
  const file = kept ?? path.join(dir, 'site.sqlite');
  const reuse = kept !== undefined && (await fs.stat(kept).catch(() => undefined)) !== undefined;
  const seedMs = reuse ? 0 : await timed(() => seedLeads(file));
  const config = testConfig(dir, `sqlite:${file}`, STAFF_ENV);
  const site = await createSite(config, createLogger(config));
  const server = site.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const staff = await signIn(url);
    const pages = [
      ['GET /admin/messages (first page of every lead)', '/admin/messages'],
      [
        'GET /admin/messages?source=google&status=contacted (filtered)',
        '/admin/messages?source=google&status=contacted',
      ],
      [
        'GET /admin/messages?kind=tour&source=direct&page=20 (filtered, page 20)',
        '/admin/messages?kind=tour&source=direct&page=20',
      ],
      ['GET /admin/messages?q=garcia (search)', '/admin/messages?q=garcia'],
      ['GET /admin/messages?q=5550042 (search, phone digits)', '/admin/messages?q=5550042'],
      ['GET /admin (counts, leads per source)', '/admin'],
    ] as const;
    const rows: [string, PageTime][] = [];
    for (const [label, pagePath] of pages) {
      rows.push([label, await medianPageTime(`${url}${pagePath}`, staff.cookie, { runs: RUNS, warmUp: WARM_UP })]);
      console.error(`measured ${label}: ${rows.at(-1)![1].ms.toFixed(1)} ms`);
    }
    const deepPage = await medianPageTime(`${url}/admin/messages?page=1900`, staff.cookie, {
      runs: RUNS,
      warmUp: WARM_UP,
    });
    const stored = await storedLeads(site.db);
    const csv = await exportGrowth(url, staff.cookie, false);
    const liveCsv = await exportGrowth(url, staff.cookie, true);
    const report = [
      '# The staff inbox at 100,000 leads',
      '',
      `Written by \`npm run bench:leads\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} CPUs, ` +
        `Node ${process.version}, SQLite, load average ${os.loadavg()[0]?.toFixed(1)} at the end). ` +
        `${LEADS.toLocaleString('en-US')} leads (a third tours, 2 % spam)` +
        `${reuse ? ' from a kept database' : ` seeded in ${(seedMs / 1000).toFixed(0)} s`}, ` +
        `${stored.toLocaleString('en-US')} of them still stored when measured (the site deletes spam older than its ` +
        'retention at start). ' +
        `Server time as the client sees it over loopback, median of ${RUNS} after ${WARM_UP} warm-up requests, ` +
        'React production build (NODE_ENV=production).',
      '',
      '| Measure | ms | CPU ms | Budget (ms) | Within |',
      '|---|---:|---:|---:|---|',
      ...rows.map(
        ([label, { ms, cpuMs }]) =>
          `| ${label} | ${ms.toFixed(1)} | ${cpuMs.toFixed(1)} | ${PAGE_BUDGET_MS} | ${ms <= PAGE_BUDGET_MS ? 'yes' : 'NO'} |`,
      ),
      `| GET /admin/messages?page=1900 (deep page, no budget: the offset is walked over index entries) | ${deepPage.ms.toFixed(1)} | ${deepPage.cpuMs.toFixed(1)} | — | — |`,
      '',
      '"CPU ms": the median CPU time of this process per request, every thread (the server, gzip, the ' +
        "collector's helpers, the client's fetch): steadier than the wall time on a machine shared with other work. " +
        'The budget names the wall time.',
      '',
      'The export is read twice: once sampling the resident memory every 5 ms (its peak counts garbage V8 has not ' +
        'collected yet), once collecting garbage before each reading (what the export holds: flat means the same ' +
        'after 10,000 rows as after all).',
      '',
      '| Export | Value | Budget | Within |',
      '|---|---:|---:|---|',
      `| GET /admin/messages.csv: server's resident memory growth, first ${EARLY_ROWS.toLocaleString('en-US')} rows | +${csv.earlyMb.toFixed(1)} MB | +${EXPORT_BUDGET_MB} MB | ${csv.earlyMb <= EXPORT_BUDGET_MB ? 'yes' : 'NO'} |`,
      `| GET /admin/messages.csv: server's resident memory growth, every row (downloaded by another process) | +${csv.growthMb.toFixed(1)} MB | +${EXPORT_BUDGET_MB} MB | ${csv.growthMb <= EXPORT_BUDGET_MB ? 'yes' : 'NO'} |`,
      `| GET /admin/messages.csv: memory the export holds (JS heap and buffers after a full collection), first ${EARLY_ROWS.toLocaleString('en-US')} rows | ${signedMb(liveCsv.earlyMb)} | +${EXPORT_BUDGET_MB} MB | ${liveCsv.earlyMb <= EXPORT_BUDGET_MB ? 'yes' : 'NO'} |`,
      `| GET /admin/messages.csv: memory the export holds (JS heap and buffers after a full collection), every row | ${signedMb(liveCsv.growthMb)} | +${EXPORT_BUDGET_MB} MB | ${liveCsv.growthMb <= EXPORT_BUDGET_MB ? 'yes' : 'NO'} |`,
      `| GET /admin/messages.csv: rows, time | ${csv.rows.toLocaleString('en-US')} rows in ${(csv.ms / 1000).toFixed(1)} s | — | — |`,
      '',
    ].join('\n');
    console.log(report);
    await fs.writeFile(path.join('tools', 'bench', 'leads-results.md'), report);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
