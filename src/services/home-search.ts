import type { HomeFilters, HomeSort, MoveInChoice } from '../shared/home-filters.js';
import type { HomeEntry, HomeSearchResult, LoosenableFilter } from '../shared/home-results.js';

export {
  LOOSENABLE_FILTERS,
  LOOSEN_PARAMETERS,
  type HomeEntry,
  type HomePin,
  type HomeSearchResult,
  type LoosenableFilter,
} from '../shared/home-results.js';

export interface HomeSearchOptions {
  /** Today's date, YYYY-MM-DD: `moveIn` counts from it. */
  today: string;
  pageSize: number;
}

/** YYYY-MM-DD plus whole months; a day past the month's end is its last day (2026-11-30 + 3 → 2027-02-28). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

const MOVE_IN_MONTHS: Record<MoveInChoice, number> = { now: 0, '3m': 3, '6m': 6 };

/** The last move-in date each choice takes. */
export function moveInBy(choice: MoveInChoice, today: string): string {
  return addMonths(today, MOVE_IN_MONTHS[choice]);
}

/** A test of one entry against one filter in force. */
interface Test {
  bit: number;
  filter: LoosenableFilter;
  passes: (entry: HomeEntry) => boolean;
}

/** The tests of the filters in force, each with its bit in an entry's mask of failed filters. */
function testsOf(filters: HomeFilters, today: string): Test[] {
  const tests: Omit<Test, 'bit'>[] = [];
  const add = (filter: LoosenableFilter, passes: (entry: HomeEntry) => boolean) => tests.push({ filter, passes });
  if (filters.community.length > 0) {
    const slugs = new Set(filters.community);
    add('community', (entry) => slugs.has(entry.community));
  }
  if (filters.city !== undefined) {
    const city = filters.city.toLowerCase();
    add('city', (entry) => entry.city.toLowerCase() === city);
  }
  const { minPrice, maxPrice, minSqft, maxSqft } = filters;
  if (minPrice !== undefined || maxPrice !== undefined) {
    // A home without a price yet cannot be said to be inside a price range.
    const low = minPrice ?? -Infinity;
    const high = maxPrice ?? Infinity;
    add('price', (entry) => entry.price !== null && entry.price >= low && entry.price <= high);
  }
  if (filters.beds !== undefined) {
    const beds = filters.beds;
    add('beds', (entry) => entry.beds >= beds);
  }
  if (filters.baths !== undefined) {
    const baths = filters.baths;
    add('baths', (entry) => entry.baths >= baths);
  }
  if (minSqft !== undefined || maxSqft !== undefined) {
    const low = minSqft ?? -Infinity;
    const high = maxSqft ?? Infinity;
    add('sqft', (entry) => entry.sqft >= low && entry.sqft <= high);
  }
  if (filters.stories !== undefined) {
    const stories = filters.stories;
    add('stories', (entry) => entry.stories === stories);
  }
  if (filters.moveIn !== undefined) {
    const by = moveInBy(filters.moveIn, today);
    add('moveIn', (entry) => entry.moveIn !== null && entry.moveIn <= by);
  }
  if (filters.type !== undefined) {
    const type = filters.type;
    add('type', (entry) => entry.type === type);
  }
  return tests.map((test, index) => ({ ...test, bit: 1 << index }));
}

/** Nulls last whichever the order; ties by move-in, price, community and title, so every order is one order. */
function compareNullable(a: number | string | null, b: number | string | null, descending = false): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const order = a < b ? -1 : 1;
  return descending ? -order : order;
}

function tieBreak(a: HomeEntry, b: HomeEntry): number {
  return (
    compareNullable(a.moveIn, b.moveIn) ||
    compareNullable(a.price, b.price) ||
    compareNullable(a.community, b.community) ||
    compareNullable(a.title, b.title) ||
    compareNullable(a.url, b.url)
  );
}

const COMPARE: Record<HomeSort, (a: HomeEntry, b: HomeEntry) => number> = {
  price: (a, b) => compareNullable(a.price, b.price) || tieBreak(a, b),
  '-price': (a, b) => compareNullable(a.price, b.price, true) || tieBreak(a, b),
  sqft: (a, b) => a.sqft - b.sqft || tieBreak(a, b),
  // Homes with a date first, soonest first; then plans (no date) from their lowest price.
  moveIn: (a, b) => compareNullable(a.moveIn, b.moveIn) || compareNullable(a.price, b.price) || tieBreak(a, b),
};

/**
 * Searches the entries: the matches' count, the page asked for in the order asked for, a pin for every match, the
 * facet counts and, when nothing matches, which filter to loosen. One pass over the entries works out, for each,
 * the set of filters it fails: none is a match; only the community filter (or only beds) counts it in that facet;
 * exactly one filter counts it for loosening that filter.
 */
export function searchHomes(
  entries: readonly HomeEntry[],
  filters: HomeFilters,
  options: HomeSearchOptions,
): HomeSearchResult {
  const tests = testsOf(filters, options.today);
  const communityBit = tests.find((test) => test.filter === 'community')?.bit ?? 0;
  const bedsBit = tests.find((test) => test.filter === 'beds')?.bit ?? 0;
  const matches: HomeEntry[] = [];
  const communityCounts = new Map<string, number>();
  const bedCounts = new Map<number, number>();
  const loosenCounts = new Map<number, number>();
  for (const entry of entries) {
    let failed = 0;
    for (const test of tests) if (!test.passes(entry)) failed |= test.bit;
    if (failed === 0) matches.push(entry);
    else if ((failed & (failed - 1)) === 0) loosenCounts.set(failed, (loosenCounts.get(failed) ?? 0) + 1);
    communityCounts.set(
      entry.community,
      (communityCounts.get(entry.community) ?? 0) + ((failed & ~communityBit) === 0 ? 1 : 0),
    );
    bedCounts.set(entry.beds, (bedCounts.get(entry.beds) ?? 0) + ((failed & ~bedsBit) === 0 ? 1 : 0));
  }
  const pages = Math.max(1, Math.ceil(matches.length / options.pageSize));
  const start = (filters.page - 1) * options.pageSize;
  const result: HomeSearchResult = {
    total: matches.length,
    results: firstSorted(matches, COMPARE[filters.sort], start + options.pageSize).slice(start),
    page: filters.page,
    pages,
    pins: matches.map(({ lat, lng, url, title, price }) => ({ lat, lng, url, title, price })),
    facets: { community: Object.fromEntries(communityCounts), beds: atLeastCounts(bedCounts) },
  };
  if (matches.length === 0 && tests.length > 0) result.loosen = loosenOf(tests, loosenCounts, entries.length);
  return result;
}

/**
 * The first `count` entries in order. A page near the start needs only them: kept in a short sorted buffer, a
 * search of 10,000 matches costs one comparison for most of them instead of a sort of all (the order is total, so
 * the page is the one a full sort gives). A page far in sorts everything.
 */
function firstSorted(
  entries: HomeEntry[],
  compare: (a: HomeEntry, b: HomeEntry) => number,
  count: number,
): HomeEntry[] {
  if (count * 16 >= entries.length) return entries.slice().sort(compare).slice(0, count);
  const kept: HomeEntry[] = [];
  for (const entry of entries) {
    if (kept.length === count && compare(entry, kept[count - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle]!, entry) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, entry);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/** Exact bedroom counts → "at least" counts, keyed by each bedroom count there is. */
function atLeastCounts(exact: Map<number, number>): Record<string, number> {
  const counts: Record<string, number> = {};
  let running = 0;
  for (const beds of [...exact.keys()].sort((a, b) => b - a)) {
    running += exact.get(beds)!;
    counts[String(beds)] = running;
  }
  // Keys that are whole numbers come out ascending in a JS object whatever the insertion order.
  return counts;
}

function loosenOf(
  tests: Test[],
  counts: Map<number, number>,
  everything: number,
): { filters: LoosenableFilter[]; total: number } | undefined {
  let best: Test | undefined;
  for (const test of tests) if ((counts.get(test.bit) ?? 0) > (best ? counts.get(best.bit)! : 0)) best = test;
  if (best) return { filters: [best.filter], total: counts.get(best.bit)! };
  return everything > 0 ? { filters: tests.map((test) => test.filter), total: everything } : undefined;
}
