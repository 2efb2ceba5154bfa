import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type autocannon from 'autocannon';
import { runLoad, summarizeLoad, type LoadRun, type LoadSummary } from './load.js';
import { startStaticServer } from './static-server.js';

export const WARM_UP_S = 3;
/** Seconds of measurement per server and page, taken as short slices alternating between the two servers. */
export const MEASURE_S = 10;
export const SLICES = 4;
const SLICE_S = MEASURE_S / SLICES;

type Target = 'app' | 'static';

export interface ThroughputRow {
  page: string;
  htmlBytes: number;
  gzipBytes: number;
  /** The static server answered with exactly the bytes the app did (checked after decompression). */
  sameBytes: boolean;
  app: LoadSummary;
  static: LoadSummary;
  /** App req/s ÷ static req/s: the figure that matters (goal ≥ 0.8). */
  ratio: number;
  /** The same ratio for each back-to-back pair of slices: its spread shows how noisy the machine was. */
  pairRatios: number[];
}

export interface ThroughputResult {
  rows: ThroughputRow[];
  /** autocannon's result for each slice. */
  raw: { page: string; app: autocannon.Result[]; static: autocannon.Result[] }[];
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

/** A-B B-A A-B B-A…: each server goes first in half the pairs, so drift in the machine's load weighs on both. */
function sliceOrder(appFirst: boolean): Target[] {
  const [first, second]: Target[] = appFirst ? ['app', 'static'] : ['static', 'app'];
  return Array.from({ length: SLICES }, (_, pair) =>
    pair % 2 === 0 ? [first, second] : [second, first],
  ).flat() as Target[];
}

function rate(run: LoadRun): number {
  return (run.result['2xx'] + run.result.non2xx) / run.result.duration;
}

/** Warm-up of both, then 10 s per server in 2.5-s slices, alternating between the two servers. */
async function comparePage(urls: Record<Target, string>, page: string, appFirst: boolean) {
  await runLoad({ url: urls.app + page, durationS: WARM_UP_S });
  await runLoad({ url: urls.static + page, durationS: WARM_UP_S });
  const runs: Record<Target, LoadRun[]> = { app: [], static: [] };
  const pairRatios: number[] = [];
  let pair: Partial<Record<Target, number>> = {};
  for (const target of sliceOrder(appFirst)) {
    const run = await runLoad({ url: urls[target] + page, durationS: SLICE_S });
    runs[target].push(run);
    pair[target] = rate(run);
    if (pair.app !== undefined && pair.static !== undefined) {
      pairRatios.push(pair.app / pair.static);
      pair = {};
    }
  }
  return { ...runs, pairRatios };
}

/**
 * For each page: req/s and latency of the app against express.static serving the very same HTML, with the same
 * compression, under the same load (autocannon, 50 connections, gzip).
 */
export async function measureThroughput(
  appUrl: string,
  pages: readonly string[],
  htmlDir: string,
): Promise<ThroughputResult> {
  const saved = await savePages(appUrl, pages, htmlDir);
  const staticServer = await startStaticServer(htmlDir);
  const rows: ThroughputRow[] = [];
  const raw: ThroughputResult['raw'] = [];
  try {
    for (const [index, page] of pages.entries()) {
      const html = saved.get(page) as Buffer;
      const sameBytes = await serveTheSameBytes(appUrl, staticServer.url, page);
      console.log(`throughput: ${page}`);
      const measured = await comparePage({ app: appUrl, static: staticServer.url }, page, index % 2 === 0);
      const app = summarizeLoad(measured.app);
      const copy = summarizeLoad(measured.static);
      rows.push({
        page,
        htmlBytes: html.length,
        gzipBytes: zlib.gzipSync(html).length,
        sameBytes,
        app,
        static: copy,
        ratio: app.requestsPerSecond / copy.requestsPerSecond,
        pairRatios: measured.pairRatios,
      });
      raw.push({ page, app: measured.app.map((run) => run.result), static: measured.static.map((run) => run.result) });
    }
  } finally {
    await staticServer.close();
  }
  return { rows, raw };
}
