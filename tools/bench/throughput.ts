import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type autocannon from 'autocannon';
import { recordAnswer, startLimitServer, type RecordedAnswer } from './limit-server.js';
import { runLoad, summarizeLoad, type LoadRun, type LoadSummary } from './load.js';
import { startStaticServer } from './static-server.js';

export const WARM_UP_S = 3;
/** Seconds of measurement per server and page, taken as short slices rotating between the three servers. */
export const MEASURE_S = 10;
export const SLICES = 4;
const SLICE_S = MEASURE_S / SLICES;

type Target = 'app' | 'static' | 'limit';
const TARGETS: readonly Target[] = ['app', 'static', 'limit'];

export interface ThroughputRow {
  page: string;
  htmlBytes: number;
  gzipBytes: number;
  /** The static server answered with exactly the bytes the app did (checked after decompression). */
  sameBytes: boolean;
  app: LoadSummary;
  static: LoadSummary;
  /** node's http answering the app's very answer (headers and gzip bytes) from memory: see limit-server.ts. */
  limit: LoadSummary;
  /** App req/s ÷ static req/s (goal ≥ 0.8). */
  ratio: number;
  /** App req/s ÷ limit req/s (goal ≥ 0.5 for a cached page). */
  limitRatio: number;
  /** App ÷ static for each round of back-to-back slices: its spread shows how noisy the machine was. */
  pairRatios: number[];
  /** App ÷ limit for each round. */
  limitPairRatios: number[];
}

export interface ThroughputResult {
  rows: ThroughputRow[];
  /** autocannon's result for each slice. */
  raw: { page: string; app: autocannon.Result[]; static: autocannon.Result[]; limit: autocannon.Result[] }[];
}

/** `/` → `index.html`, `/about` → `about.html`: the names express.static finds with `extensions: ['html']`. */
function fileFor(page: string): string {
  return page === '/' ? 'index.html' : `${page.slice(1)}.html`;
}

/** The page as the app sends it, uncompressed. */
async function fetchHtml(url: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function savePages(appUrl: string, pages: readonly string[], dir: string): Promise<Map<string, Buffer>> {
  const saved = new Map<string, Buffer>();
  for (const page of pages) {
    const html = await fetchHtml(appUrl + page);
    const file = path.join(dir, fileFor(page));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, html);
    saved.set(page, html);
  }
  return saved;
}

/** Same decompressed bytes from both servers, and both really compress with gzip. */
async function serveTheSameBytes(appUrl: string, staticUrl: string, page: string): Promise<boolean> {
  const [app, copy] = await Promise.all(
    [appUrl, staticUrl].map((base) => fetch(base + page, { headers: { 'accept-encoding': 'gzip' } })),
  );
  if (!app || !copy) return false;
  const gzipped = app.headers.get('content-encoding') === 'gzip' && copy.headers.get('content-encoding') === 'gzip';
  const [a, b] = await Promise.all([app.arrayBuffer(), copy.arrayBuffer()]);
  return gzipped && Buffer.from(a).equals(Buffer.from(b));
}

/** Round r starts with target (start + r) mod 3: each server goes first, second and last in turn. */
function sliceOrder(start: number): Target[] {
  return Array.from({ length: SLICES }, (_, round) =>
    TARGETS.map((_target, index) => TARGETS[(start + round + index) % TARGETS.length] as Target),
  ).flat();
}

function rate(run: LoadRun): number {
  return (run.result['2xx'] + run.result.non2xx) / run.result.duration;
}

/** Warm-up of each, then 10 s per server in 2.5-s slices, rotating between the three servers. */
async function comparePage(urls: Record<Target, string>, page: string, start: number) {
  for (const target of TARGETS) await runLoad({ url: urls[target] + page, durationS: WARM_UP_S });
  const runs: Record<Target, LoadRun[]> = { app: [], static: [], limit: [] };
  const pairRatios: number[] = [];
  const limitPairRatios: number[] = [];
  let round: Partial<Record<Target, number>> = {};
  for (const target of sliceOrder(start)) {
    const run = await runLoad({ url: urls[target] + page, durationS: SLICE_S });
    runs[target].push(run);
    round[target] = rate(run);
    if (round.app !== undefined && round.static !== undefined && round.limit !== undefined) {
      pairRatios.push(round.app / round.static);
      limitPairRatios.push(round.app / round.limit);
      round = {};
    }
  }
  return { ...runs, pairRatios, limitPairRatios };
}

/**
 * For each page: req/s and latency of the app against express.static serving the very same HTML, with the same
 * compression, and against node's http answering the app's own gzip answer from memory (the limit), under the same
 * load (autocannon, 50 connections, gzip).
 */
export async function measureThroughput(
  appUrl: string,
  pages: readonly string[],
  htmlDir: string,
): Promise<ThroughputResult> {
  const saved = await savePages(appUrl, pages, htmlDir);
  const answers: RecordedAnswer[] = [];
  for (const page of pages) answers.push(await recordAnswer(appUrl, page));
  const staticServer = await startStaticServer(htmlDir);
  const limitServer = await startLimitServer(answers);
  const rows: ThroughputRow[] = [];
  const raw: ThroughputResult['raw'] = [];
  try {
    for (const [index, page] of pages.entries()) {
      const html = saved.get(page) as Buffer;
      const sameBytes = await serveTheSameBytes(appUrl, staticServer.url, page);
      console.log(`throughput: ${page}`);
      const urls = { app: appUrl, static: staticServer.url, limit: limitServer.url };
      const measured = await comparePage(urls, page, index % TARGETS.length);
      const app = summarizeLoad(measured.app);
      const copy = summarizeLoad(measured.static);
      const limit = summarizeLoad(measured.limit);
      rows.push({
        page,
        htmlBytes: html.length,
        gzipBytes: zlib.gzipSync(html).length,
        sameBytes,
        app,
        static: copy,
        limit,
        ratio: app.requestsPerSecond / copy.requestsPerSecond,
        limitRatio: app.requestsPerSecond / limit.requestsPerSecond,
        pairRatios: measured.pairRatios,
        limitPairRatios: measured.limitPairRatios,
      });
      const results = (target: Target) => measured[target].map((run) => run.result);
      raw.push({ page, app: results('app'), static: results('static'), limit: results('limit') });
    }
  } finally {
    await staticServer.close();
    await limitServer.close();
  }
  return { rows, raw };
}
