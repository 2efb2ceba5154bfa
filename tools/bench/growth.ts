import { loadContent } from '../../src/content/index.js';
/**
 * `npm run bench:growth`: what a request costs as the data grows. Homesites go 78 → 1,000 (leads held at 1,000) and
 * leads 1,000 → 100,000 (homesites held at 78); at each size a fresh process starts the app on its own SQLite file,
 * seeded and then filled by direct inserts, and measures p50 / p99 of GET / (a cached hit, and rendered), GET
 * /site-plan (rendered) and the staff inbox GET /admin/messages, then reports its resident memory. The slope of each
 * series is fitted on a log-log scale: an exponent ≤ 1 is at most linear. Writes tools/bench/growth-results.md.
 *
 *   npm run bench:growth                       every size (a few minutes; the inbox at 100,000 leads is the slow part)
 *   npm run bench:growth -- --step 1000,100000 one size, printed as JSON (what each child process runs)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { seedSampleContent } from '../../src/db/seed-sample.js';
import { signIn } from '../../test/support/staff.js';
import { benchHomesiteRows, benchOutlines, startBenchSite } from './homesites-site.js';
import { firstCommunity } from '../../src/prepare-database.js';

const BENCH_DIR = fileURLToPath(new URL('./', import.meta.url));
const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_FILE = path.join(BENCH_DIR, 'growth-results.md');

const BASE_HOMESITES = 78;
const BASE_LEADS = 1_000;
const HOMESITE_SIZES = [78, 250, 500, 1_000];
const LEAD_SIZES = [1_000, 10_000, 100_000];
/** Requests per measure, after warm-up; a measure stops early once it has taken TIME_BUDGET_MS (and 3 requests). */
const REQUESTS = 40;
const WARM_UP = 2;
const TIME_BUDGET_MS = 10_000;
/** A request slower than this is recorded as timed out and ends its measure (today's inbox at 100,000 leads). */
const REQUEST_TIMEOUT_MS = 60_000;
const INSERT_BATCH = 500;

const MEASURES = [
  { label: 'GET / (cached)', path: '/', staff: false, cached: true },
  { label: 'GET / (rendered)', path: '/', staff: false, cached: false },
  { label: 'GET /site-plan (rendered)', path: '/site-plan', staff: false, cached: false },
  { label: 'GET /admin/messages', path: '/admin/messages', staff: true, cached: false },
] as const;

interface Latency {
  p50: number;
  p99: number;
  n: number;
  /** A request took longer than REQUEST_TIMEOUT_MS. */
  timedOut?: boolean;
}

interface StepResult {
  homesites: number;
  leads: number;
  latencies: Record<string, Latency>;
  rssKiB: number;
  heapUsedKiB: number;
}

async function insertInBatches(db: ReturnType<typeof connectDatabase>, table: string, rows: object[]): Promise<void> {
  await db.transaction(async (trx) => {
    for (let start = 0; start < rows.length; start += INSERT_BATCH)
      await trx(table).insert(rows.slice(start, start + INSERT_BATCH));
  });
}

/** The sample community, then homesites and leads up to the step's sizes, inserted directly. */
async function fillDatabase(file: string, homesites: number, leads: number): Promise<void> {
  const db = connectDatabase({ client: 'sqlite', filename: file });
  try {
    await migrateToLatest(db);
    await seedSampleContent(db, loadContent(), await firstCommunity(db, loadContent()));
    const at = new Date().toISOString();
    await insertInBatches(db, 'homesites', benchHomesiteRows(homesites, 'Growth Street', at));
    const existing = Number(((await db('contact_messages').count({ n: '*' })) as { n: number }[])[0]?.n ?? 0);
    const start = Date.parse('2026-01-01T00:00:00Z');
    await insertInBatches(
      db,
      'contact_messages',
      Array.from({ length: Math.max(0, leads - existing) }, (_, index) => ({
        firstname: `Buyer${index}`,
        lastname: 'Growth',
        email: `buyer${index}@example.com`,
        phone: '(970) 555-0100',
        subject: `Homesite question ${index}`,
        message: `I would like to know more about homesite ${(index % homesites) + 1}. `.repeat(4),
        source_page: '/contact',
        is_spam: index % 50 === 0,
        created_at: new Date(start + index * 60_000).toISOString(),
      })),
    );
  } finally {
    await db.destroy();
  }
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
}

/** Times GETs of `url`; `beforeEach` runs before each (the page cache cleared, for a page measured rendered). */
async function measure(url: string, headers: Record<string, string>, beforeEach = () => {}): Promise<Latency> {
  const times: number[] = [];
  const began = performance.now();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  for (let run = 0; run < WARM_UP + REQUESTS; run += 1) {
    beforeEach();
    const start = performance.now();
    try {
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const response = await fetch(url, { headers: { 'accept-encoding': 'gzip', ...headers }, signal });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      return { p50: REQUEST_TIMEOUT_MS, p99: REQUEST_TIMEOUT_MS, n: times.length + 1, timedOut: true };
    }
    const took = performance.now() - start;
    // A single request over the whole budget is its own warm-up: one is all this size gets.
    if (run >= WARM_UP || took > TIME_BUDGET_MS) times.push(took);
    if (times.length >= 3 && performance.now() - began > TIME_BUDGET_MS) break;
    if (took > TIME_BUDGET_MS) break;
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 0.5)), p99: round(percentile(times, 0.99)), n: times.length };
}

/** One size, in this process: fill, start, measure, read memory. */
async function runStep(homesites: number, leads: number): Promise<StepResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-growth-'));
  const file = path.join(dir, 'site.sqlite');
  const outlineFile = path.join(dir, 'lots.svg');
  try {
    await fs.writeFile(outlineFile, benchOutlines(homesites));
    await fillDatabase(file, homesites, leads);
    const site = await startBenchSite(dir, file, outlineFile);
    const { url } = site;
    try {
      const staff = await signIn(url);
      const latencies: Record<string, Latency> = {};
      for (const item of MEASURES)
        latencies[item.label] = await measure(url + item.path, item.staff ? { Cookie: staff.cookie } : {}, () => {
          if (!item.cached) site.pageCache.clear();
        });
      const memory = process.memoryUsage();
      return {
        homesites,
        leads,
        latencies,
        rssKiB: Math.round(memory.rss / 1024),
        heapUsedKiB: Math.round(memory.heapUsed / 1024),
      };
    } finally {
      await site.close();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Each size in a fresh process, so its memory is its own. */
function runStepInChild(homesites: number, leads: number): StepResult {
  console.log(`growth: ${homesites} homesites, ${leads} leads`);
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--step', `${homesites},${leads}`],
    { cwd: PROJECT_DIR, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const line = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as StepResult;
}

/** Least-squares slope of log(y) on log(x): 1 is linear, below 1 slower than linear. */
function exponent(points: { x: number; y: number }[]): number {
  const logs = points.filter((point) => point.y > 0).map((point) => ({ x: Math.log(point.x), y: Math.log(point.y) }));
  const meanX = logs.reduce((sum, point) => sum + point.x, 0) / logs.length;
  const meanY = logs.reduce((sum, point) => sum + point.y, 0) / logs.length;
  const covariance = logs.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = logs.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return covariance / variance;
}

/** Added cost per 1,000 more items, from the first to the last size. */
function perThousand(points: { x: number; y: number }[]): number {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || last.x === first.x) return NaN;
  return ((last.y - first.y) / (last.x - first.x)) * 1000;
}

function seriesTable(title: string, axis: 'homesites' | 'leads', steps: StepResult[]): string[] {
  const header = [
    axis === 'homesites' ? 'Homesites' : 'Leads',
    ...MEASURES.map((item) => `${item.label} p50 / p99 (n)`),
    'RSS after',
    'Heap used after',
  ];
  const rows = steps.map((step) => [
    step[axis].toLocaleString('en-US'),
    ...MEASURES.map((item) => {
      const latency = step.latencies[item.label];
      if (!latency) return '—';
      if (latency.timedOut) return `over ${REQUEST_TIMEOUT_MS / 1000} s (timed out)`;
      return `${latency.p50} / ${latency.p99} ms (${latency.n})`;
    }),
    `${(step.rssKiB / 1024).toFixed(1)} MiB`,
    `${(step.heapUsedKiB / 1024).toFixed(1)} MiB`,
  ]);
  const slopes = [
    'Slope',
    ...MEASURES.map((item) => {
      const points = steps.map((step) => ({ x: step[axis], y: step.latencies[item.label]?.p50 ?? NaN }));
      return `exponent ${exponent(points).toFixed(2)}; ${perThousand(points).toFixed(2)} ms per 1,000`;
    }),
    `exponent ${exponent(steps.map((step) => ({ x: step[axis], y: step.rssKiB }))).toFixed(2)}; ${(perThousand(steps.map((step) => ({ x: step[axis], y: step.rssKiB }))) / 1024).toFixed(2)} MiB per 1,000`,
    `exponent ${exponent(steps.map((step) => ({ x: step[axis], y: step.heapUsedKiB }))).toFixed(2)}`,
  ];
  return [
    `## ${title}`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...[...rows, slopes].map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { step: { type: 'string' } } });
  if (values.step) {
    const [homesites = BASE_HOMESITES, leads = BASE_LEADS] = values.step.split(',').map(Number);
    console.log(JSON.stringify(await runStep(homesites, leads)));
    return;
  }
  const loadAtStart = os.loadavg();
  const startedAt = Date.now();
  const byHomesites = HOMESITE_SIZES.map((homesites) => runStepInChild(homesites, BASE_LEADS));
  const byLeads = LEAD_SIZES.map((leads) => runStepInChild(BASE_HOMESITES, leads));
  const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
  const markdown = [
    '# Cost as the work grows',
    '',
    `Written by \`npm run bench\` (or \`npm run bench:growth\` alone) on ${new Date().toISOString()} in ${Math.round((Date.now() - startedAt) / 1000)} s ` +
      `(${os.cpus().length} CPUs, Node ${process.version}, SQLite; load average ${load(loadAtStart)} at start, ` +
      `${load(os.loadavg())} at end: the machine is shared, so read the slopes, not the absolute times).`,
    '',
    'Each row is a fresh process: the sample community, then homesites and leads (`contact_messages` rows) inserted ' +
      `directly, the app started in that process, ${WARM_UP} warm-up requests and up to ${REQUESTS} measured ones per ` +
      `line, one at a time over loopback (a line stops early after ${TIME_BUDGET_MS / 1000} s with at least 3, or after one request that took longer). ` +
      '"Rendered" clears the page cache before each request. The inbox is today\'s `/admin/messages`, ' +
      "signed in. Memory is the process's (app and the small client) after its measures. The slope is the exponent " +
      'of a least-squares fit of log(p50) on log(size): 1 is linear, 0 flat; and the added p50 per 1,000 more items ' +
      `(a request over ${REQUEST_TIMEOUT_MS / 1000} s counts as ${REQUEST_TIMEOUT_MS / 1000} s, so that slope is a lower bound).`,
    '',
    ...seriesTable('Homesites 78 → 1,000 (1,000 leads)', 'homesites', byHomesites),
    ...seriesTable('Leads 1,000 → 100,000 (78 homesites)', 'leads', byLeads),
  ].join('\n');
  const options = (await prettier.resolveConfig(RESULTS_FILE)) ?? {};
  await fs.writeFile(RESULTS_FILE, await prettier.format(markdown, { ...options, parser: 'markdown' }));
  console.log(markdown);
}

await main();
