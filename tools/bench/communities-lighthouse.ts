/**
 * Lighthouse mobile on a builder's site of 50 communities (issue "A builder, not one community", item 7, and "Find
 * your home", item 4): the built server (NODE_ENV=production) on a fresh SQLite database seeded with
 * SAMPLE_COMMUNITIES=50, its builder home, `/communities`, one community's home, `/homes` and a filtered search,
 * each run `runs` times as the main Lighthouse section runs a page (lighthouse.ts; the row is the median run). Run by
 * `npm run bench` (section `communities`, after the main server has stopped); writes its table into
 * tools/bench/communities-results.md between its own markers, leaving the rest of the file as it is.
 */
import os from 'node:os';
import path from 'node:path';
import { warmDocuments, type DocumentRow } from './documents.js';
import { measureLighthouse, type LighthouseRow } from './lighthouse.js';
import { startServer } from './server.js';
import { writeBetweenMarkers } from './results-file.js';

const RESULTS = path.join('tools', 'bench', 'communities-results.md');

/** The sample community keeps its slug among the 50 (src/content/sample-communities.ts). */
const COMMUNITY_HOME = '/communities/maple-hollow';
export const COMMUNITIES_PAGES = [
  '/',
  '/communities',
  COMMUNITY_HOME,
  '/homes',
  '/homes?beds=4&maxPrice=600000',
] as const;

/** Budgets of the issues: performance ≥ 98, LCP ≤ 1.5 s, no layout shift (CLS 0.000 as Lighthouse rounds it). */
export const COMMUNITIES_BUDGETS = { performance: 98, lcpMs: 1500, cls: 0.0005 } as const;

/** Whether a page's median run is within every budget. */
export function withinCommunitiesBudgets(row: LighthouseRow): boolean {
  return (
    row.median.performance >= COMMUNITIES_BUDGETS.performance &&
    row.median.lcpMs <= COMMUNITIES_BUDGETS.lcpMs &&
    row.median.cls < COMMUNITIES_BUDGETS.cls
  );
}

function tableOf(
  rows: readonly LighthouseRow[],
  documents: readonly DocumentRow[],
  runs: number,
  version: string,
): string {
  const html = (page: string) => {
    const doc = documents.find((row) => row.page === page);
    return doc ? `${(doc.headerBytes + doc.bodyBytes).toLocaleString('en-US')} B ${doc.coding}` : '—';
  };
  return [
    `Written by \`npm run bench\` (section \`communities\`) on ${new Date().toISOString().slice(0, 16)}Z ` +
      `(${os.cpus().length} CPUs, Node ${process.version}, Lighthouse ${version}, load average ` +
      `${os.loadavg()[0]?.toFixed(1)} at the end). The built server (NODE_ENV=production) on a fresh SQLite ` +
      'database seeded with SAMPLE_COMMUNITIES=50; Lighthouse mobile (simulated slow 4G, 4× CPU), ' +
      `${runs} runs per page, the row being the run with the median performance score. Budgets: performance ` +
      `≥ ${COMMUNITIES_BUDGETS.performance}, LCP ≤ ${COMMUNITIES_BUDGETS.lcpMs / 1000} s, CLS 0.`,
    '',
    '| Page (50 communities, mobile) | Performance | LCP | CLS | TBT | Total bytes | HTML on the wire | Each run | LCP element | Within |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|---|',
    ...rows.map(
      (row) =>
        `| \`${row.page}\` | ${row.median.performance} | ${(row.median.lcpMs / 1000).toFixed(2)} s | ` +
        `${row.median.cls.toFixed(3)} | ${Math.round(row.median.tbtMs)} ms | ` +
        `${(row.median.totalBytes / 1024).toFixed(1)} KiB | ${html(row.page)} | ${row.runs.map((run) => run.performance).join(' / ')} | ` +
        `${(row.findings.lcpElement ?? '—').replaceAll('|', '\\|')} | ${withinCommunitiesBudgets(row) ? 'yes' : 'NO'} |`,
    ),
  ].join('\n');
}

function writeResults(table: string): Promise<void> {
  return writeBetweenMarkers(
    RESULTS,
    'communities-lighthouse',
    table,
    (before, block) => `${before.trimEnd()}\n\n## Lighthouse at 50 communities\n\n${block}\n`,
  );
}

/**
 * Starts the build in `workDir` on a fresh database in `dataDir` with 50 sample communities, measures the pages
 * and writes the table; returns the rows.
 */
export async function measureCommunitiesLighthouse(options: {
  workDir: string;
  dataDir: string;
  runs: number;
  rawDir: string;
  lighthouseVersion: string;
}): Promise<LighthouseRow[]> {
  const server = await startServer(options.workDir, options.dataDir, { SAMPLE_COMMUNITIES: '50' });
  try {
    // Cached, with brotli ready, before Lighthouse asks (as the main section warms its pages).
    const documents = await warmDocuments(server.url, COMMUNITIES_PAGES);
    const rows = await measureLighthouse({
      baseUrl: server.url,
      pages: COMMUNITIES_PAGES,
      runs: { mobile: options.runs, desktop: 0 },
      rawDir: options.rawDir,
    });
    const table = tableOf(rows, documents, options.runs, options.lighthouseVersion);
    console.log(table);
    await writeResults(table);
    return rows;
  } finally {
    await server.stop();
  }
}
