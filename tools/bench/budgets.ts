import { FIRST_ROUND_TRIP_BYTES } from '../../test/support/wire-bytes.js';
import type { DocumentRow } from './documents.js';
import { bytes, fixed, integer, KIB, ms } from './format.js';
import type { JavaScriptResult } from './javascript.js';
import type { LcpImageRow } from './lcp-image.js';
import type { LighthouseRow } from './lighthouse.js';
import { COMMUNITIES_BUDGETS, COMMUNITIES_PAGES, withinCommunitiesBudgets } from './communities-lighthouse.js';
import type { MixedMemoryResult } from './mixed-memory.js';
import { NO_JS_PAGES } from './pages.js';
import type { ThroughputRow } from './throughput.js';

export interface BenchResults {
  documents?: DocumentRow[];
  lighthouse?: LighthouseRow[];
  javascript?: JavaScriptResult;
  lcpImages?: LcpImageRow[];
  throughput?: ThroughputRow[];
  mixedMemory?: MixedMemoryResult;
  /** Lighthouse mobile on the server seeded with 50 communities (communities-lighthouse.ts). */
  communitiesLighthouse?: LighthouseRow[];
}

export interface BudgetRow {
  goal: string;
  measured: string;
  /** undefined: the section that measures it was skipped. */
  met: boolean | undefined;
}

export const GOALS = {
  mobilePerformance: 98,
  categoryScore: 100,
  lcpMs: 1500,
  cls: 0.01,
  homeJsGzipBytes: 85 * KIB,
  throughputRatio: 0.8,
  limitRatio: 0.5,
  lcpImageBytes: 100 * KIB,
  documentBytes: FIRST_ROUND_TRIP_BYTES,
  /** A builder's VPS may have 1 GB, shared with the database and the proxy (decision 049). */
  mixedRssKiB: 400 * KIB,
} as const;

function notMeasured(goal: string): BudgetRow {
  return { goal, measured: 'not measured (section skipped)', met: undefined };
}

function worst<T>(items: readonly T[], value: (item: T) => number, higherIsWorse: boolean): T | undefined {
  return [...items].sort((a, b) => (higherIsWorse ? value(b) - value(a) : value(a) - value(b)))[0];
}

function where(row: LighthouseRow): string {
  return `${row.page}${row.profile === 'desktop' ? ' (desktop)' : ''}`;
}

function mobilePerformance(rows: LighthouseRow[]): BudgetRow {
  const goal = `Lighthouse mobile performance ≥ ${GOALS.mobilePerformance} on every public page`;
  const mobile = rows.filter((row) => row.profile === 'mobile');
  const low = worst(mobile, (row) => row.median.performance, false);
  if (!low) return notMeasured(goal);
  const below = mobile.filter((row) => row.median.performance < GOALS.mobilePerformance);
  return {
    goal,
    measured: `lowest ${low.median.performance} (${low.page}); ${below.length} of ${mobile.length} pages below`,
    met: below.length === 0,
  };
}

function categoryEverywhere(rows: LighthouseRow[], name: string, value: (row: LighthouseRow) => number): BudgetRow {
  const goal = `${name} = ${GOALS.categoryScore} everywhere (mobile and desktop)`;
  const low = worst(rows, value, false);
  if (!low) return notMeasured(goal);
  const below = rows.filter((row) => value(row) < GOALS.categoryScore);
  const measured =
    below.length === 0
      ? `${GOALS.categoryScore} on all ${rows.length}`
      : `lowest ${value(low)} (${where(low)}); ${below.length} of ${rows.length} below`;
  return { goal, measured, met: below.length === 0 };
}

function mobileMetric(
  rows: LighthouseRow[],
  goal: string,
  value: (row: LighthouseRow) => number,
  limit: number,
  show: (n: number) => string,
): BudgetRow {
  const mobile = rows.filter((row) => row.profile === 'mobile');
  const high = worst(mobile, value, true);
  if (!high) return notMeasured(goal);
  const over = mobile.filter((row) => value(row) > limit);
  return {
    goal,
    measured: `highest ${show(value(high))} (${high.page}); ${over.length} of ${mobile.length} pages over`,
    met: over.length === 0,
  };
}

function noJavaScript(result: JavaScriptResult | undefined): BudgetRow {
  const goal = `No JS on ${NO_JS_PAGES.join(', ')}`;
  const pages = result?.pages.filter((page) => (NO_JS_PAGES as readonly string[]).includes(page.page)) ?? [];
  if (pages.length === 0) return notMeasured(goal);
  return {
    goal,
    measured: pages.map((page) => `${page.page}: ${page.scripts.length} files, ${bytes(page.rawBytes)}`).join('; '),
    met: pages.every((page) => page.scripts.length === 0),
  };
}

function homeJavaScript(result: JavaScriptResult | undefined): BudgetRow {
  const goal = `≤ ${GOALS.homeJsGzipBytes / KIB} KiB gzip JS in total on /`;
  const home = result?.pages.find((page) => page.page === '/');
  if (!home) return notMeasured(goal);
  return {
    goal,
    measured: `${bytes(home.gzipBytes)} gzip (${bytes(home.rawBytes)} raw, ${home.scripts.length} files)`,
    met: home.gzipBytes <= GOALS.homeJsGzipBytes,
  };
}

function lazyMap(result: JavaScriptResult | undefined): BudgetRow {
  const goal = 'Map page: Leaflet chunk loaded only after scrolling to the map (check)';
  if (!result || result.map.length === 0) return notMeasured(goal);
  const measured = result.map
    .map(
      (check) =>
        `${check.viewport}: before scroll ${check.loadedBeforeScroll ? 'loaded' : 'not loaded'}, after ${check.loadedAfterScroll ? 'loaded' : 'not loaded'}`,
    )
    .join('; ');
  return { goal, measured, met: result.map.every((check) => !check.loadedBeforeScroll && check.loadedAfterScroll) };
}

function throughputRatio(rows: ThroughputRow[] | undefined): BudgetRow {
  const goal = `SSR throughput ≥ ${GOALS.throughputRatio}× static`;
  const low = rows && worst(rows, (row) => row.ratio, false);
  if (!rows || !low) return notMeasured(goal);
  const below = rows.filter((row) => row.ratio < GOALS.throughputRatio);
  return {
    goal,
    measured: `lowest ${fixed(low.ratio, 2)}× (${low.page}); ${below.length} of ${rows.length} pages below`,
    met: below.length === 0,
  };
}

function limitRatio(rows: ThroughputRow[] | undefined): BudgetRow {
  const goal = `Cached page ≥ ${GOALS.limitRatio}× node http serving the same gzip bytes from memory`;
  const low = rows && worst(rows, (row) => row.limitRatio, false);
  if (!rows || !low) return notMeasured(goal);
  const below = rows.filter((row) => row.limitRatio < GOALS.limitRatio);
  return {
    goal,
    measured: `lowest ${fixed(low.limitRatio, 2)}× (${low.page}); ${below.length} of ${rows.length} pages below`,
    met: below.length === 0,
  };
}

function lcpImage(rows: LcpImageRow[] | undefined): BudgetRow {
  const goal = 'LCP image ≤ 100 KiB at 375 px width (worst of 2× and 3× pixel ratio)';
  if (!rows || rows.length === 0) return notMeasured(goal);
  const withImage = rows.filter((row) => row.imageBytes !== undefined);
  const largest = worst(withImage, (row) => row.imageBytes ?? 0, true);
  if (!largest) return { goal, measured: 'no page has an image as its LCP element', met: true };
  return {
    goal,
    measured: `largest ${bytes(largest.imageBytes)} (${largest.page} at ${largest.pixelRatio}×, ${largest.image ?? ''})`,
    met: withImage.every((row) => (row.imageBytes ?? 0) <= GOALS.lcpImageBytes),
  };
}

function documentFirstRoundTrip(rows: DocumentRow[] | undefined): BudgetRow {
  const goal = `Every public page's HTML, headers included, ≤ ${integer(GOALS.documentBytes)} bytes (one round trip)`;
  const wire = (row: DocumentRow) => row.headerBytes + row.bodyBytes;
  const largest = rows && worst(rows, wire, true);
  if (!rows || !largest) return notMeasured(goal);
  const over = rows.filter((row) => wire(row) > GOALS.documentBytes);
  return {
    goal,
    measured: `largest ${integer(wire(largest))} bytes (${largest.page}, ${largest.coding}); ${over.length} of ${rows.length} pages over`,
    met: over.length === 0,
  };
}

/** Each goal of the brief, the value measured, met or not. */
function mixedMemory(result: MixedMemoryResult | undefined): BudgetRow {
  const goal = `VmRSS after ${integer(result?.requests ?? 10_000)} mixed requests ≤ ${GOALS.mixedRssKiB / KIB} MiB (public, tour-day, homesite and staff pages)`;
  if (!result) return notMeasured(goal);
  const rss = result.afterRequests.rssKiB;
  const peak = Math.max(result.afterRequests.peakRssKiB, ...result.readings.map((reading) => reading.rssKiB));
  return {
    goal,
    measured: `${(rss / KIB).toFixed(1)} MiB (peak ${(peak / KIB).toFixed(1)} MiB, ${(result.afterWarmUp.rssKiB / KIB).toFixed(1)} MiB after warm-up); ${result.failures} failed`,
    met: rss <= GOALS.mixedRssKiB && result.failures === 0,
  };
}

function communitiesLighthouse(rows: LighthouseRow[] | undefined): BudgetRow {
  const goal =
    `At 50 communities: Lighthouse mobile ≥ ${COMMUNITIES_BUDGETS.performance}, LCP ≤ ` +
    `${ms(COMMUNITIES_BUDGETS.lcpMs)} and CLS 0 on ${COMMUNITIES_PAGES.join(', ')}`;
  if (!rows || rows.length === 0) return notMeasured(goal);
  const low = worst(rows, (row) => row.median.performance, false)!;
  const slow = worst(rows, (row) => row.median.lcpMs, true)!;
  const shift = worst(rows, (row) => row.median.cls, true)!;
  const outside = rows.filter((row) => !withinCommunitiesBudgets(row));
  return {
    goal,
    measured:
      `lowest performance ${low.median.performance} (${low.page}), highest LCP ${ms(slow.median.lcpMs)} ` +
      `(${slow.page}), highest CLS ${fixed(shift.median.cls, 3)}; ${outside.length} of ${rows.length} pages outside`,
    met: outside.length === 0 && rows.length === COMMUNITIES_PAGES.length,
  };
}

export function evaluateBudgets(results: BenchResults): BudgetRow[] {
  const lighthouse = results.lighthouse ?? [];
  return [
    mobilePerformance(lighthouse),
    categoryEverywhere(lighthouse, 'Accessibility', (row) => row.accessibility),
    categoryEverywhere(lighthouse, 'Best practices', (row) => row.bestPractices),
    categoryEverywhere(lighthouse, 'SEO', (row) => row.seo),
    mobileMetric(lighthouse, `LCP ≤ ${ms(GOALS.lcpMs)} (mobile)`, (row) => row.median.lcpMs, GOALS.lcpMs, ms),
    mobileMetric(
      lighthouse,
      `CLS ≤ ${GOALS.cls} (mobile)`,
      (row) => row.median.cls,
      GOALS.cls,
      (n) => fixed(n, 3),
    ),
    noJavaScript(results.javascript),
    homeJavaScript(results.javascript),
    lazyMap(results.javascript),
    throughputRatio(results.throughput),
    limitRatio(results.throughput),
    lcpImage(results.lcpImages),
    documentFirstRoundTrip(results.documents),
    mixedMemory(results.mixedMemory),
    communitiesLighthouse(results.communitiesLighthouse),
  ];
}
