/**
 * `npm run bench`: builds for production, starts the built server (fresh SQLite, NODE_ENV=production) and measures
 * it: Lighthouse on every public page, the JavaScript each page loads, server throughput against a static file
 * server, and memory under load; then, the server stopped, the growth table (growth.ts). Writes tools/bench/results.md,
 * tools/bench/growth-results.md and raw JSON under tools/bench/raw/.
 *
 * Options:
 *   --in-place          build and serve the working tree itself (default: a snapshot of it in a temporary folder)
 *   --mobile-runs N     Lighthouse runs per page, mobile (default 3)
 *   --desktop-runs N    Lighthouse runs per page, desktop (default 1, see DEFAULT_RUNS)
 *   --only a,b          run only these sections: memory, mixed, throughput, javascript, lighthouse, communities,
 *                       growth (mixed: RSS of its own fresh server over 10,000 mixed public, tour-day and staff
 *                       requests; communities: Lighthouse mobile on a server of its own seeded with 50 communities,
 *                       written to tools/bench/communities-results.md, see communities-lighthouse.ts)
 *   --pages /,/about    measure only these public pages
 * A partial run (--only or --pages) writes raw/partial/ (results.md and raw data) and leaves results.md and the
 * complete run's raw data alone.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import * as prettier from 'prettier';
import { FULL_CHROMIUM_PATH, launchBrowser } from '../../test/support/browser.js';
import { loadBuildCatalog } from './build-catalog.js';
import { evaluateBudgets, type BudgetRow } from './budgets.js';
import { cleanUpOnSignals, onCleanup, runCleanups } from './cleanup.js';
import { warmDocuments } from './documents.js';
import { measureJavaScript } from './javascript.js';
import { measureLcpImages } from './lcp-image.js';
import { measureLighthouse, type Profile } from './lighthouse.js';
import { measureCommunitiesLighthouse } from './communities-lighthouse.js';
import { measureMemory } from './memory.js';
import { measureMixedMemory } from './mixed-memory.js';
import { MAP_PAGE, PUBLIC_PAGES, THROUGHPUT_PAGES, type PublicPage } from './pages.js';
import { describeMachine, renderReport, type Report, type RunInfo } from './report.js';
import { readMemory, startServer, type BenchServer } from './server.js';
import { secondsSince } from './stats.js';
import { measureThroughput } from './throughput.js';
import { buildForProduction, runToCompletion, snapshotWorkingTree } from './workspace.js';

const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** This package's folder: the results are kept beside the code that measures them. */
const BENCH_DIR = fileURLToPath(new URL('./', import.meta.url));
const RESULTS_FILE = path.join(BENCH_DIR, 'results.md');
const GROWTH_RESULTS = 'tools/bench/growth-results.md';
const COMMUNITIES_RESULTS = 'tools/bench/communities-results.md';
/** Raw data of a complete run; a partial run keeps its own in raw/partial/, so it never overwrites a complete run's. */
const RAW_DIR = path.join(BENCH_DIR, 'raw');
const PARTIAL_RAW_DIR = path.join(RAW_DIR, 'partial');

/**
 * Lighthouse runs per page and profile; each row is the median of them. The first run audits all four categories,
 * the others only the performance metrics (see lighthouse.ts). Mobile, which the performance budgets are about, gets
 * 3 runs; desktop 1. On this shared 2-core machine the full 3 × 2 × 9 took Lighthouse alone 10.5 minutes and the
 * bench 18; no budget reads desktop performance, and desktop's category scores come from its first run anyway.
 * `--desktop-runs 3` restores the full set.
 */
const DEFAULT_RUNS: Record<Profile, number> = { mobile: 3, desktop: 1 };

const SECTIONS = ['memory', 'mixed', 'throughput', 'javascript', 'lighthouse', 'communities', 'growth'] as const;
type Section = (typeof SECTIONS)[number];

interface Options {
  /** Every section on every public page: only such a run writes results.md. */
  complete: boolean;
  inPlace: boolean;
  runs: Record<Profile, number>;
  sections: Set<Section>;
  pages: readonly PublicPage[];
}

function isPublicPage(page: string): page is PublicPage {
  return (PUBLIC_PAGES as readonly string[]).includes(page);
}

function listOption(value: string | undefined): string[] | undefined {
  return value?.split(',').map((item) => item.trim());
}

function isSection(name: string): name is Section {
  return (SECTIONS as readonly string[]).includes(name);
}

function runCount(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) throw new Error(`--${name} must be a whole number`);
  return count;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      'in-place': { type: 'boolean', default: false },
      'mobile-runs': { type: 'string' },
      'desktop-runs': { type: 'string' },
      only: { type: 'string' },
      pages: { type: 'string' },
    },
  });
  const only = listOption(values.only) ?? [...SECTIONS];
  const unknown = only.filter((name) => !isSection(name));
  if (unknown.length > 0)
    throw new Error(`--only: unknown section ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
  const pages = listOption(values.pages) ?? [...PUBLIC_PAGES];
  const notPublic = pages.filter((page) => !isPublicPage(page));
  if (notPublic.length > 0) throw new Error(`--pages: not a public page: ${notPublic.join(', ')}`);
  const sections = new Set(only.filter(isSection));
  return {
    complete: SECTIONS.every((name) => sections.has(name)) && new Set(pages).size === PUBLIC_PAGES.length,
    pages: pages.filter(isPublicPage),
    inPlace: values['in-place'],
    runs: {
      mobile: runCount(values['mobile-runs'], DEFAULT_RUNS.mobile, 'mobile-runs'),
      desktop: runCount(values['desktop-runs'], DEFAULT_RUNS.desktop, 'desktop-runs'),
    },
    sections,
  };
}

async function lighthouseVersion(): Promise<string> {
  const file = createRequire(import.meta.url).resolve('lighthouse/package.json');
  return (JSON.parse(await fs.readFile(file, 'utf8')) as { version: string }).version;
}

/** A snapshot of the working tree (or the tree itself), built for production. */
async function prepareBuild(options: Options, tempDir: string): Promise<string> {
  const workDir = options.inPlace
    ? PROJECT_DIR
    : await snapshotWorkingTree(PROJECT_DIR, path.join(tempDir, 'workspace'));
  console.log(`build: ${workDir}`);
  await timed('build', () => buildForProduction(workDir));
  return workDir;
}

/** Seconds each step took, for the report (the whole bench should stay under ~15 minutes). */
const timings: Record<string, number> = {};

async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    return await step();
  } finally {
    timings[name] = secondsSince(startedAt);
    console.log(`${name}: done in ${timings[name]} s`);
  }
}

/** The full Chromium, as buyers run it (the tests run on the headless shell), like Lighthouse's (lighthouse.ts). */
async function withBrowser<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchBrowser([], FULL_CHROMIUM_PATH);
  const unregister = onCleanup(() => browser.close());
  try {
    return await use(browser);
  } finally {
    unregister();
    await browser.close();
  }
}

/** Runs one section; a failure is reported (and the other sections still run) rather than losing the whole bench. */
async function section(report: Report, name: string, step: () => Promise<void>): Promise<void> {
  try {
    await timed(name, step);
  } catch (error) {
    console.error(`${name} failed:`, error);
    report.errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Every selected section against the running server, memory first (on a freshly started process). */
async function measure(server: BenchServer, workDir: string, tempDir: string, options: Options): Promise<Report> {
  const report: Report = { errors: [] };
  const { sections, pages } = options;
  if (sections.has('memory')) {
    await section(report, 'memory', async () => {
      const { result, raw } = await measureMemory(server.url, server.pid, pages);
      report.memory = result;
      await writeJson(options, 'autocannon-memory.json', raw);
    });
  }
  if (sections.has('mixed')) {
    await section(report, 'mixed', async () => {
      report.mixedMemory = await measureMixedMemory(workDir, path.join(tempDir, 'data-mixed'));
    });
  }
  if (sections.has('throughput')) {
    await section(report, 'throughput', async () => {
      const throughputPages = THROUGHPUT_PAGES.filter((page) => pages.includes(page));
      const { rows, raw } = await measureThroughput(server.url, throughputPages, path.join(tempDir, 'static-html'));
      report.throughput = rows;
      await writeJson(options, 'autocannon-throughput.json', raw);
    });
  }
  if (sections.has('javascript')) {
    await withBrowser(async (browser) => {
      await section(report, 'javascript', async () => {
        const catalog = loadBuildCatalog(path.join(workDir, 'build'));
        report.javascript = await measureJavaScript(browser, server.url, pages, MAP_PAGE, catalog);
      });
      await section(report, 'lcp image', async () => {
        report.lcpImages = await measureLcpImages(browser, server.url, pages);
      });
    });
  }
  if (sections.has('lighthouse')) {
    await section(report, 'documents', async () => {
      report.documents = await warmDocuments(server.url, pages);
    });
    await section(report, 'lighthouse', async () => {
      const rawDir = path.join(rawDirFor(options), 'lighthouse');
      await fs.rm(rawDir, { recursive: true, force: true });
      report.lighthouse = await measureLighthouse({ baseUrl: server.url, pages, runs: options.runs, rawDir });
    });
  }
  report.finalRssKiB = readMemory(server.pid).rssKiB;
  return report;
}

function rawDirFor(options: Options): string {
  return options.complete ? RAW_DIR : PARTIAL_RAW_DIR;
}

async function writeJson(options: Options, name: string, data: unknown): Promise<void> {
  const dir = rawDirFor(options);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), JSON.stringify(data, null, 2));
}

/** What is known when the bench starts: the machine as it was then. */
function startInfo() {
  return { date: new Date(), startedAt: performance.now(), loadAtStart: os.loadavg(), machine: describeMachine() };
}

function describeRun(options: Options, start: ReturnType<typeof startInfo>, version: string): RunInfo {
  const args = process.argv.slice(2);
  return {
    date: start.date,
    command: ['npm run bench', ...(args.length > 0 ? ['--', ...args] : [])].join(' '),
    durationS: secondsSince(start.startedAt),
    timings,
    machine: start.machine,
    loadAtStart: start.loadAtStart,
    loadAtEnd: os.loadavg(),
    build: options.inPlace
      ? 'the working tree itself (`tsx scripts/build.ts`, then `node build/server/server.js`)'
      : 'a snapshot of the working tree copied to a temporary folder (`tsx scripts/build.ts` there, then ' +
        '`node build/server/server.js`), so builds and edits elsewhere in the project cannot change what is measured',
    lighthouseRuns: options.runs,
    lighthouseVersion: version,
  };
}

/** Formatted as the project's Prettier settings want it, so `npm run format:check` passes on results.md. */
async function formatMarkdown(markdown: string, file: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(markdown, { ...options, parser: 'markdown' });
}

/** results.md for a complete run, raw/partial/results.md otherwise; and results.json beside the raw data. */
async function writeResults(
  info: RunInfo,
  report: Report,
  options: Options,
): Promise<{ output: string; budgets: BudgetRow[] }> {
  const budgets = evaluateBudgets(report);
  await writeJson(options, 'results.json', { info, budgets, ...report });
  const output = options.complete ? RESULTS_FILE : path.join(PARTIAL_RAW_DIR, 'results.md');
  await fs.mkdir(path.dirname(output), { recursive: true });
  await fs.writeFile(output, await formatMarkdown(renderReport(info, budgets, report), output));
  return { output, budgets };
}

function printSummary(output: string, info: RunInfo, budgets: BudgetRow[], errors: string[]): void {
  console.log(`\nwrote ${path.relative(PROJECT_DIR, output)} in ${Math.round(info.durationS)} s`);
  for (const row of budgets)
    console.log(`${row.met === undefined ? '  -  ' : row.met ? ' met ' : ' MISS'}  ${row.goal}: ${row.measured}`);
  if (errors.length > 0) console.error(`\n${errors.length} section(s) failed:\n${errors.join('\n')}`);
}

async function main(): Promise<void> {
  cleanUpOnSignals();
  const options = parseOptions(process.argv.slice(2));
  const start = startInfo();
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'maple-hollow-bench-'));
  onCleanup(() => fs.rm(tempDir, { recursive: true, force: true }));

  const workDir = await prepareBuild(options, tempDir);
  const server = await startServer(workDir, path.join(tempDir, 'data'));
  console.log(`server: ${server.url} (pid ${server.pid}, log ${server.logFile})`);
  let report: Report;
  try {
    report = await measure(server, workDir, tempDir, options);
  } finally {
    await server.stop();
  }
  if (options.sections.has('communities')) {
    // Once the main server is gone: a server of its own, on the same build, seeded with 50 communities.
    await section(report, 'communities', async () => {
      const rawDir = path.join(rawDirFor(options), 'communities-lighthouse');
      await fs.rm(rawDir, { recursive: true, force: true });
      report.communitiesLighthouse = await measureCommunitiesLighthouse({
        workDir,
        dataDir: path.join(tempDir, 'data-communities'),
        runs: options.runs.mobile,
        rawDir,
        lighthouseVersion: await lighthouseVersion(),
      });
      report.communitiesResults = COMMUNITIES_RESULTS;
    });
  }
  if (options.sections.has('growth')) {
    // Once the server is gone: it starts one process per size, one at a time, each serving the working tree's code
    // (as `npm run bench:growth` does).
    await section(report, 'growth', async () => {
      await runToCompletion(process.execPath, ['--import', 'tsx', 'tools/bench/growth.ts'], PROJECT_DIR);
      report.growthResults = GROWTH_RESULTS;
    });
  }
  const info = describeRun(options, start, await lighthouseVersion());
  const { output, budgets } = await writeResults(info, report, options);
  printSummary(output, info, budgets, report.errors);
  if (report.errors.length > 0) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
