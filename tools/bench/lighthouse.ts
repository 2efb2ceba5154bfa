import fs from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { FULL_CHROMIUM_PATH } from '../../test/support/browser.js';
import { onCleanup } from './cleanup.js';
import { pageSlug } from './pages.js';
import { medianBy, secondsSince } from './stats.js';

export const CHROME_PATH = FULL_CHROMIUM_PATH;
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Profile = 'mobile' | 'desktop';
export const PROFILES: readonly Profile[] = ['mobile', 'desktop'];

/** Mobile is Lighthouse's default config (Moto G Power, simulated slow 4G and 4× CPU); desktop its desktop config. */
const CONFIGS: Record<Profile, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

/**
 * The audits a lean run keeps: the five metrics that make up the performance score (so its score equals a full
 * run's) and the byte total. Accessibility, best practices and SEO do not depend on timing, so they are audited
 * once per page and profile, in the first (full) run; the later runs only re-measure performance, in about half
 * the time.
 */
const LEAN_AUDITS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'total-byte-weight',
  // Observed (unthrottled) paint and load times, in the raw report: which requests Lantern's LCP estimate counted.
  'metrics',
];
const CATEGORY_IDS = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Performance audits that restate a metric rather than point at a cause. */
const METRIC_LIKE = new Set(['interactive', 'max-potential-fid']);

export interface RunMetrics {
  run: number;
  /** Whether this run audited all four categories (the first run of each page and profile). */
  full: boolean;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  totalBytes: number;
  /** Lighthouse's measure of this machine's speed at the time (a fast desktop scores 1500+). */
  benchmarkIndex: number;
  durationS: number;
}

export interface Finding {
  category: string;
  id: string;
  title: string;
  displayValue: string;
}

export interface LighthouseFindings {
  /** LCP of the full run, whose phases these are (the row's LCP is the median run's). */
  lcpMs: number;
  lcpElement: string | undefined;
  lcpPhases: { phase: string; ms: number }[];
  /** Performance audits that did not pass (score < 0.9), with their estimated savings. */
  performance: Finding[];
  /** Accessibility, best-practices and SEO audits that did not pass. */
  failing: Finding[];
  renderBlocking: { url: string; ms: number }[];
  unusedJavaScript: { url: string; wastedBytes: number }[];
  imageDelivery: { url: string; wastedBytes: number }[];
}

export interface LighthouseRow {
  profile: Profile;
  page: string;
  runs: RunMetrics[];
  /** Runs that failed on every attempt. */
  failedRuns: number;
  /** The run with the median performance score. */
  median: RunMetrics;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** From the full run. */
  findings: LighthouseFindings;
}

export interface LighthouseOptions {
  baseUrl: string;
  pages: readonly string[];
  runs: Record<Profile, number>;
  /** Each run's report (LHR JSON) is written here. */
  rawDir: string;
}

interface Job {
  profile: Profile;
  page: string;
  run: number;
}

/** Run 1 of every page and profile first, then run 2 of each, and so on: drift in machine load spreads evenly. */
function plan(pages: readonly string[], runs: Record<Profile, number>): Job[] {
  const jobs: Job[] = [];
  const most = Math.max(...PROFILES.map((profile) => runs[profile]));
  for (let run = 1; run <= most; run++) {
    for (const profile of PROFILES) {
      if (run > runs[profile]) continue;
      for (const page of pages) jobs.push({ profile, page, run });
    }
  }
  return jobs;
}

/** One Chromium for every run (Lighthouse resets storage before each); the bench's own cleanup kills it on Ctrl-C. */
function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
}

function flagsFor(port: number, full: boolean): Flags {
  return {
    port,
    output: 'json',
    logLevel: 'error',
    disableFullPageScreenshot: true,
    ...(full ? { onlyCategories: [...CATEGORY_IDS] } : { onlyAudits: LEAN_AUDITS }),
  };
}

/** Attempts per run: Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP). */
const ATTEMPTS = 3;

async function runOnce(port: number, baseUrl: string, job: Job, full: boolean): Promise<Result> {
  const result = await lighthouse(baseUrl + job.page, flagsFor(port, full), CONFIGS[job.profile]);
  if (!result) throw new Error(`Lighthouse returned nothing for ${job.page}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // A trace that could not be read fails the metrics one by one (no runtimeError): the score is then null.
  if (typeof lhr.categories.performance?.score !== 'number') {
    const reason = Object.values(lhr.audits).find((audit) => audit.errorMessage)?.errorMessage;
    throw new Error(`Lighthouse: no performance score (${reason ?? 'unknown reason'})`);
  }
  return lhr;
}

async function runWithRetries(port: number, baseUrl: string, job: Job, full: boolean): Promise<Result | undefined> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return await runOnce(port, baseUrl, job, full);
    } catch (error) {
      console.error(
        `lighthouse: ${job.profile} ${job.page} run ${job.run}, attempt ${attempt} failed: ${(error as Error).message}`,
      );
    }
  }
  return undefined;
}

function score(lhr: Result, category: string): number {
  const value = lhr.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : NaN;
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? NaN;
}

function metricsOf(lhr: Result, job: Job, full: boolean, durationS: number): RunMetrics {
  return {
    run: job.run,
    full,
    performance: score(lhr, 'performance'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    totalBytes: numeric(lhr, 'total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    durationS,
  };
}

// Audit details are a wide union; the few fields read here are picked out with small guards.
type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function itemsOf(value: unknown): Row[] {
  return isRow(value) && Array.isArray(value.items) ? value.items.filter(isRow) : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function number(value: unknown): number {
  return typeof value === 'number' ? value : NaN;
}

function urlPath(url: unknown): string {
  const value = text(url);
  try {
    return new URL(value).pathname;
  } catch {
    return value;
  }
}

function lcpElementOf(lhr: Result): Pick<LighthouseFindings, 'lcpElement' | 'lcpPhases'> {
  const [elementTable, phaseTable] = itemsOf(lhr.audits['largest-contentful-paint-element']?.details);
  const node = itemsOf(elementTable)[0]?.node;
  const lcpElement = isRow(node) ? `${text(node.selector)} (${text(node.nodeLabel)})` : undefined;
  const lcpPhases = itemsOf(phaseTable).map((item) => ({ phase: text(item.phase), ms: number(item.timing) }));
  return { lcpElement, lcpPhases };
}

function tableOf<T>(lhr: Result, audit: string, pick: (item: Row) => T): T[] {
  return itemsOf(lhr.audits[audit]?.details).map(pick);
}

const SCORED_MODES = new Set(['metricSavings', 'numeric', 'binary']);

function performanceFindings(lhr: Result): Finding[] {
  const findings: Finding[] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    if (ref.group === 'metrics' || METRIC_LIKE.has(ref.id)) continue;
    if (ref.group === 'hidden' && !ref.id.endsWith('-insight')) continue;
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9 || !SCORED_MODES.has(audit.scoreDisplayMode)) continue;
    findings.push({
      category: 'performance',
      id: audit.id,
      title: audit.title,
      displayValue: audit.displayValue ?? '',
    });
  }
  return findings;
}

function failingAudits(lhr: Result): Finding[] {
  const failing: Finding[] = [];
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failing.push({ category, id: audit.id, title: audit.title, displayValue: audit.displayValue ?? '' });
    }
  }
  return failing;
}

function findingsOf(lhr: Result): LighthouseFindings {
  return {
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    ...lcpElementOf(lhr),
    performance: performanceFindings(lhr),
    failing: failingAudits(lhr),
    renderBlocking: tableOf(lhr, 'render-blocking-resources', (item) => ({
      url: urlPath(item.url),
      ms: number(item.wastedMs),
    })),
    unusedJavaScript: tableOf(lhr, 'unused-javascript', (item) => ({
      url: urlPath(item.url),
      wastedBytes: number(item.wastedBytes),
    })),
    imageDelivery: tableOf(lhr, 'image-delivery-insight', (item) => ({
      url: urlPath(item.url),
      wastedBytes: number(item.wastedBytes),
    })),
  };
}

interface Collected {
  runs: RunMetrics[];
  failedRuns: number;
  /** The first run that audited all four categories. */
  full?: Result;
}

function summarize(profile: Profile, page: string, collected: Collected): LighthouseRow | undefined {
  const { runs, full, failedRuns } = collected;
  if (!full) return undefined;
  return {
    profile,
    page,
    runs,
    failedRuns,
    median: medianBy(runs, (run) => run.performance),
    accessibility: score(full, 'accessibility'),
    bestPractices: score(full, 'best-practices'),
    seo: score(full, 'seo'),
    findings: findingsOf(full),
  };
}

/**
 * Lighthouse (Node API, one headless Chromium) on every page, mobile and desktop, `runs` times each; per page and
 * profile, the run with the median performance score, the other three category scores, and what holds LCP back.
 */
export async function measureLighthouse({ baseUrl, pages, runs, rawDir }: LighthouseOptions): Promise<LighthouseRow[]> {
  await fs.mkdir(rawDir, { recursive: true });
  const chrome = await launchChrome();
  const unregister = onCleanup(() => chrome.kill());
  const collected = new Map<string, Collected>();
  const jobs = plan(pages, runs);
  const startedAt = performance.now();
  try {
    for (const [index, job] of jobs.entries()) {
      const key = `${job.profile} ${job.page}`;
      const entry = collected.get(key) ?? { runs: [], failedRuns: 0 };
      collected.set(key, entry);
      // The first successful run of a page and profile audits everything; a failed first run passes that on.
      const full = entry.full === undefined;
      const runStartedAt = performance.now();
      const lhr = await runWithRetries(chrome.port, baseUrl, job, full);
      if (!lhr) {
        entry.failedRuns++;
        continue;
      }
      const metrics = metricsOf(lhr, job, full, secondsSince(runStartedAt));
      await fs.writeFile(
        path.join(rawDir, `${job.profile}-${pageSlug(job.page)}-${job.run}.json`),
        JSON.stringify(lhr),
      );
      entry.runs.push(metrics);
      if (full) entry.full = lhr;
      console.log(
        `lighthouse ${index + 1}/${jobs.length}: ${key} run ${job.run}: performance ${metrics.performance}` +
          ` (${metrics.durationS} s, ${secondsSince(startedAt)} s in all)`,
      );
    }
  } finally {
    unregister();
    chrome.kill();
  }
  const rows: LighthouseRow[] = [];
  for (const profile of PROFILES.filter((name) => runs[name] > 0)) {
    for (const page of pages) {
      const row = summarize(profile, page, collected.get(`${profile} ${page}`) ?? { runs: [], failedRuns: 0 });
      if (row) rows.push(row);
      else console.error(`lighthouse: every run of ${profile} ${page} failed; it is left out of the report`);
    }
  }
  return rows;
}
