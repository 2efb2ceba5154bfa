import os from 'node:os';
import type { BenchResults, BudgetRow } from './budgets.js';
import type { DocumentRow } from './documents.js';
import { bytes, code, fixed, integer, kib, ms, table, yesNo } from './format.js';
import type { JavaScriptResult, LoadedScript } from './javascript.js';
import type { LcpImageRow } from './lcp-image.js';
import type { LighthouseRow, Profile } from './lighthouse.js';
import type { MemoryResult } from './memory.js';
import type { MixedMemoryResult } from './mixed-memory.js';
import { CONNECTIONS } from './load.js';
import { MEASURE_S, SLICES, WARM_UP_S, type ThroughputRow } from './throughput.js';

export interface Machine {
  cpus: string;
  memory: string;
  node: string;
  os: string;
}

export interface RunInfo {
  date: Date;
  command: string;
  durationS: number;
  /** Seconds per step: build, memory, throughput, javascript, lcp image, lighthouse. */
  timings: Record<string, number>;
  machine: Machine;
  /** 1-, 5- and 15-minute load averages at the start and the end. */
  loadAtStart: number[];
  loadAtEnd: number[];
  /** What was built and served: a snapshot of the working tree, or the tree itself. */
  build: string;
  lighthouseRuns: Record<Profile, number>;
  lighthouseVersion: string;
}

export interface Report extends BenchResults {
  /** Sections that failed, with the error: the others are still reported. */
  errors: string[];
  memory?: MemoryResult;
  /** VmRSS at the very end, after every section. */
  finalRssKiB?: number;
  /** Where the growth section wrote its table, when it ran. */
  growthResults?: string;
  /** Where the communities section (Lighthouse at 50 communities) wrote its table, when it ran. */
  communitiesResults?: string;
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  const models = [...new Set(cpus.map((cpu) => `${cpu.model.trim()} @ ${cpu.speed} MHz`))].join(', ');
  return {
    cpus: `${cpus.length} × ${models}`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB total, ${(os.freemem() / 1024 ** 3).toFixed(1)} GiB free at start`,
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
  };
}

function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

function header(info: RunInfo): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  return [
    '# Benchmarks',
    '',
    `- Date: ${info.date.toISOString()}`,
    `- Command: \`${info.command}\` (took ${minutes(info.durationS)}: ${Object.entries(info.timings)
      .map(([step, seconds]) => `${step} ${minutes(seconds)}`)
      .join(', ')})`,
    `- Machine: ${info.machine.cpus}; ${info.machine.memory}; ${info.machine.os}`,
    `- Node: ${info.machine.node}`,
    `- Load average (1/5/15 min): ${load(info.loadAtStart)} at start, ${load(info.loadAtEnd)} at end — the machine is shared, so compare ratios within one run`,
    `- Built and served: ${info.build}`,
    '',
  ].join('\n');
}

function budgets(rows: BudgetRow[]): string {
  const status = (met: boolean | undefined) => (met === undefined ? 'not measured' : met ? 'met' : '**not met**');
  return [
    '## Budgets',
    '',
    table(
      ['Goal', 'Measured', 'Status'],
      rows.map((row) => [row.goal, row.measured, status(row.met)]),
    ),
    '',
  ].join('\n');
}

function lighthouseTable(rows: LighthouseRow[]): string {
  return table(
    [
      'Page',
      'Performance',
      'Accessibility',
      'Best practices',
      'SEO',
      'LCP',
      'TBT',
      'CLS',
      'Total bytes',
      'Performance of each run',
      'Benchmark index',
    ],
    rows.map((row) => [
      row.page,
      String(row.median.performance),
      String(row.accessibility),
      String(row.bestPractices),
      String(row.seo),
      ms(row.median.lcpMs),
      ms(row.median.tbtMs),
      fixed(row.median.cls, 3),
      bytes(row.median.totalBytes),
      row.runs.map((run) => run.performance).join(' / ') + (row.failedRuns > 0 ? ` (${row.failedRuns} failed)` : ''),
      integer(row.median.benchmarkIndex),
    ]),
  );
}

function lcpPhases(row: LighthouseRow): string {
  const phases = row.findings.lcpPhases.map((phase) => `${phase.phase} ${ms(phase.ms)}`).join(', ');
  return `LCP ${ms(row.findings.lcpMs)}: ${phases}`;
}

function lighthouseFindings(rows: LighthouseRow[]): string {
  return table(
    ['Page', 'LCP element', 'LCP of the full run and its phases', 'Flagged audits'],
    rows.map((row) => [
      row.page,
      row.findings.lcpElement ?? '—',
      lcpPhases(row),
      [...row.findings.failing, ...row.findings.performance]
        .map((finding) => `${finding.title}${finding.displayValue ? ` (${finding.displayValue})` : ''}`)
        .join('; ') || '—',
    ]),
  );
}

function lighthouseSection(rows: LighthouseRow[] | undefined, runs: Record<Profile, number>, version: string): string {
  if (!rows) return '## 1. Lighthouse\n\nSkipped.\n';
  const byProfile = (profile: Profile) => rows.filter((row) => row.profile === profile);
  const parts = [
    '## 1. Lighthouse',
    '',
    `Lighthouse ${version} Node API, headless Debian Chromium, http://127.0.0.1. Mobile: default config (simulated slow 4G, 4× CPU); ` +
      `desktop: \`lighthouse/core/config/desktop-config.js\`. Runs per page: mobile ${runs.mobile}, desktop ${runs.desktop}; ` +
      'the row is the run with the median performance score. Accessibility, best practices and SEO come from the first run of ' +
      'each page, which audits all four categories; later runs audit only the performance metrics (same score, half the time). ' +
      'A benchmark index far below ~1,000 means the CPU was busy: simulated TBT (and so the score) then runs high.',
    '',
  ];
  for (const profile of ['mobile', 'desktop'] as const) {
    const profileRows = byProfile(profile);
    if (profileRows.length === 0) continue;
    parts.push(`### ${profile === 'mobile' ? 'Mobile' : 'Desktop'}`, '', lighthouseTable(profileRows), '');
    parts.push(
      `What limits the ${profile} scores (LCP element and phases, and every audit that did not pass):`,
      '',
      lighthouseFindings(profileRows),
      '',
    );
  }
  return parts.join('\n');
}

function scriptRows(page: string, scripts: LoadedScript[]): string[][] {
  return scripts.map((script) => [
    page,
    code(script.url),
    script.kind,
    script.label,
    bytes(script.rawBytes),
    bytes(script.gzipBytes),
  ]);
}

function javascriptSection(result: JavaScriptResult | undefined): string {
  if (!result) return '## 2. JavaScript per page\n\nSkipped.\n';
  return [
    '## 2. JavaScript per page',
    '',
    `Every script response of a real page load (Chromium, ${result.viewport}, until the network is idle), bodies measured raw and ` +
      'gzipped with node:zlib (level 6, as `compression` sends them); kinds from `build/client-metafile.json`.',
    '',
    table(
      ['Page', 'Files', 'Raw', 'Gzip'],
      result.pages.map((page) => [page.page, String(page.scripts.length), bytes(page.rawBytes), bytes(page.gzipBytes)]),
    ),
    '',
    'Per file:',
    '',
    table(
      ['Page', 'File', 'Kind', 'Contents', 'Raw', 'Gzip'],
      result.pages.flatMap((page) => scriptRows(page.page, page.scripts)),
    ),
    '',
    `Map page: the Leaflet chunk (${code(result.map[0]?.leafletChunk ?? 'not found in the build')}) before and after scrolling to the nearby map:`,
    '',
    table(
      ['Viewport', 'Loaded before scrolling', 'Loaded after scrolling', 'Scripts after scrolling', 'Raw', 'Gzip'],
      result.map.map((check) => [
        check.viewport,
        yesNo(check.loadedBeforeScroll),
        yesNo(check.loadedAfterScroll),
        check.afterScroll.map((script) => `${code(script.url)} (${script.kind})`).join(', ') || '—',
        bytes(check.afterScroll.reduce((total, script) => total + script.rawBytes, 0)),
        bytes(check.afterScroll.reduce((total, script) => total + script.gzipBytes, 0)),
      ]),
    ),
    '',
  ].join('\n');
}

function documentSection(rows: DocumentRow[] | undefined): string {
  if (!rows) return '### HTML documents\n\nSkipped.\n';
  return [
    '### HTML documents',
    '',
    'Each page as Chromium gets it once cached (`Accept-Encoding: gzip, deflate, br, zstd`, requested until the ' +
      'background brotli compression is done, before Lighthouse runs): the bytes on the wire.',
    '',
    table(
      ['Page', 'Coding', 'Headers', 'Body', 'Total'],
      rows.map((row) => [
        row.page,
        row.coding,
        integer(row.headerBytes),
        integer(row.bodyBytes),
        integer(row.headerBytes + row.bodyBytes),
      ]),
    ),
    '',
  ].join('\n');
}

function lcpImageSection(rows: LcpImageRow[] | undefined): string {
  if (!rows) return '### LCP image at 375 px\n\nSkipped.\n';
  return [
    '### LCP image at 375 px',
    '',
    'A 375×667 phone load (Chromium, touch, at 2× and 3× pixel ratio): the largest-contentful-paint element the browser ' +
      'reports, and the bytes of its image as downloaded. "(removed)": the element was no longer in the page when read ' +
      '(hydration replaced it). "All images" is every image the load fetched, for context.',
    '',
    table(
      ['Page', 'Pixel ratio', 'LCP element', 'Image', 'Image bytes', 'LCP (unthrottled)', 'All images'],
      rows.map((row) => [
        row.page,
        `${row.pixelRatio}×`,
        code(row.element),
        row.image ? code(row.image) : 'text',
        bytes(row.imageBytes),
        ms(row.lcpMs),
        bytes(row.allImageBytes),
      ]),
    ),
    '',
  ].join('\n');
}

function throughputSection(rows: ThroughputRow[] | undefined): string {
  if (!rows) return '## 3. Server throughput\n\nSkipped.\n';
  return [
    '## 3. Server throughput',
    '',
    `autocannon, ${CONNECTIONS} connections, \`Accept-Encoding: gzip\`, ${WARM_UP_S} s warm-up per server, then ${MEASURE_S} s per ` +
      `server and page, taken as ${SLICES} rounds of ${MEASURE_S / SLICES}-s slices rotating between the three servers ` +
      "(each goes first, second and last in turn, so drift in the machine's load weighs on all; the range columns give each " +
      "round's ratio); req/s = completed requests ÷ time, p50 / p99 over every response. " +
      '"Static" is express.static with the same `compression` middleware serving the very HTML the app sent, saved to files ' +
      '(in a worker thread of the bench process); "same bytes" checks both answers decompress to identical HTML. ' +
      '"Limit" is node\'s own `http` server answering with the app\'s exact gzip answer (every header, the same bytes) from ' +
      'memory with no logic at all, in another worker thread: no server can do less per request. App ÷ static (goal ≥ 0.8) ' +
      "and app ÷ limit (goal ≥ 0.5 for a cached page) are the figures to read; absolute req/s depend on the machine's load.",
    '',
    table(
      [
        'Page',
        'HTML raw / gzip',
        'App req/s',
        'Static req/s',
        'Limit req/s',
        'App ÷ static',
        'Range',
        'App ÷ limit',
        'Range',
        'App p50 / p99',
        'Static p50 / p99',
        'Limit p50 / p99',
        'Errors + non-2xx',
        'Same bytes',
      ],
      rows.map((row) => [
        row.page,
        `${bytes(row.htmlBytes)} / ${bytes(row.gzipBytes)}`,
        integer(row.app.requestsPerSecond),
        integer(row.static.requestsPerSecond),
        integer(row.limit.requestsPerSecond),
        `**${fixed(row.ratio, 2)}**`,
        range(row.pairRatios),
        `**${fixed(row.limitRatio, 2)}**`,
        range(row.limitPairRatios),
        `${row.app.latencyP50Ms} / ${row.app.latencyP99Ms} ms`,
        `${row.static.latencyP50Ms} / ${row.static.latencyP99Ms} ms`,
        `${row.limit.latencyP50Ms} / ${row.limit.latencyP99Ms} ms`,
        `${row.app.errors + row.app.non2xx} / ${row.static.errors + row.static.non2xx} / ${row.limit.errors + row.limit.non2xx}`,
        yesNo(row.sameBytes),
      ]),
    ),
    '',
  ].join('\n');
}

function range(ratios: number[]): string {
  return `${fixed(Math.min(...ratios), 2)} – ${fixed(Math.max(...ratios), 2)}`;
}

/** The mixed run (mixed-memory.ts): its own fresh server, public, tour-day, homesite and staff pages. */
function mixedMemorySection(mixed: MixedMemoryResult | undefined): string {
  if (!mixed) return '### Mixed requests\n\nSkipped.\n';
  const rows = [
    ['After warm-up (fresh server, each page once)', kib(mixed.afterWarmUp.rssKiB), kib(mixed.afterWarmUp.peakRssKiB)],
    ...mixed.readings.map((reading) => [`After ${integer(reading.requests)} requests`, kib(reading.rssKiB), '']),
    [
      `At the end (${integer(mixed.requests)} requests)`,
      kib(mixed.afterRequests.rssKiB),
      kib(mixed.afterRequests.peakRssKiB),
    ],
  ];
  return [
    '### Mixed requests',
    '',
    `A fresh production server with an owner account, ${integer(mixed.requests)} GETs, ${mixed.concurrency} at a time ` +
      `(node fetch), cycling through ${mixed.pages.join(', ')}: ${fixed(mixed.requests / mixed.seconds, 0)} req/s, ` +
      `${mixed.failures} answers other than 2xx. The tour-day pages are never cached: a cost per request outside the ` +
      'JavaScript heap shows here first (decision 049: one Intl formatter built per request took RSS past 1 GB in 3,000).',
    '',
    table(['Reading', 'VmRSS', 'VmHWM (peak)'], rows),
    '',
  ].join('\n');
}

function memorySection(
  memory: MemoryResult | undefined,
  finalRssKiB: number | undefined,
  mixed: MixedMemoryResult | undefined,
): string {
  if (!memory) return ['## 4. Memory', '', 'Skipped.', '', mixedMemorySection(mixed)].join('\n');
  const rows = [
    [
      'After warm-up (fresh server, 3 s over the page mix)',
      kib(memory.afterWarmUp.rssKiB),
      kib(memory.afterWarmUp.peakRssKiB),
    ],
    [
      `After ${integer(memory.load.requests)} more page requests`,
      kib(memory.afterRequests.rssKiB),
      kib(memory.afterRequests.peakRssKiB),
    ],
    ['Difference', `${memory.growthKiB >= 0 ? '+' : ''}${kib(memory.growthKiB)}`, ''],
  ];
  if (finalRssKiB !== undefined) rows.push(['At the end of the whole bench', kib(finalRssKiB), '']);
  return [
    '## 4. Memory',
    '',
    `VmRSS / VmHWM of the server process (\`/proc/<pid>/status\`). The requests cycle through ${memory.pages.join(', ')} ` +
      `(autocannon \`amount\`, ${CONNECTIONS} connections, gzip): ${integer(memory.load.requestsPerSecond)} req/s, ` +
      `p50 ${memory.load.latencyP50Ms} ms, p99 ${memory.load.latencyP99Ms} ms, ${memory.load.errors + memory.load.non2xx} errors or non-2xx.`,
    '',
    table(['Reading', 'VmRSS', 'VmHWM (peak)'], rows),
    '',
    mixedMemorySection(mixed),
  ].join('\n');
}

/** The whole results.md. */
export function renderReport(info: RunInfo, budgetRows: BudgetRow[], report: Report): string {
  return [
    header(info),
    ...(report.errors.length > 0 ? ['## Errors', '', ...report.errors.map((error) => `- ${error}`), ''] : []),
    budgets(budgetRows),
    lighthouseSection(report.lighthouse, info.lighthouseRuns, info.lighthouseVersion),
    javascriptSection(report.javascript),
    lcpImageSection(report.lcpImages),
    documentSection(report.documents),
    throughputSection(report.throughput),
    memorySection(report.memory, report.finalRssKiB, report.mixedMemory),
    report.growthResults
      ? `## 5. Cost as the work grows\n\nWritten by this run, once its server had stopped: [\`${report.growthResults}\`](${report.growthResults.replace('tools/bench/', '')}) (p50/p99 of \`/\`, \`/site-plan\` and the inbox, and memory, as homesites go 78 → 1,000 and leads 1,000 → 100,000, with the slope of each).\n`
      : '## 5. Cost as the work grows\n\nSkipped.\n',
    report.communitiesResults
      ? `## 6. Lighthouse at 50 communities\n\nWritten by this run on a server of its own seeded with SAMPLE_COMMUNITIES=50: [\`${report.communitiesResults}\`](${report.communitiesResults.replace('tools/bench/', '')}) (mobile performance, LCP and CLS of \`/\`, \`/communities\`, a community home, \`/homes\` and a filtered search).\n`
      : '## 6. Lighthouse at 50 communities\n\nSkipped.\n',
    'Raw data: `tools/bench/raw/` (git-ignored): `results.json`, the autocannon results, and every Lighthouse report.',
    '',
  ].join('\n');
}
