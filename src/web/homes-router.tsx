import { Router, type Request, type RequestHandler } from 'express';
import { searchHomes, type HomeEntry, type HomeSearchResult } from '../services/home-search.js';
import {
  homeSearchHref,
  homeSearchParams,
  parseHomeFilters,
  queryOfSearch,
  type HomeFilterChoices,
  type ParsedHomeFilters,
} from '../shared/home-filters.js';
import { HomesPage, type HomesMapConfig, type HomesPageCommunity } from '../../views/HomesPage.js';
import type { QueryKey } from './page-cache.js';
import { siteProps, type PageKit } from './page-context.js';

/** Results on one page of `/homes` and `/homes.json`. */
export const HOMES_PAGE_SIZE = 12;

/**
 * At most this many searches of `/homes` are stored between two changes of public content: every valid value of
 * every filter is a page, so the key space is bounded only by this (decision 053; the cache's others, 022).
 */
export const MAX_CACHED_SEARCHES = 2_000;

export interface HomesRouterDeps extends PageKit {
  /** Every searchable home and plan now (every public community's, once there are several). */
  entries: () => HomeEntry[] | Promise<HomeEntry[]>;
  /** Today's date (YYYY-MM-DD) that move-in choices count from. */
  today: () => string;
  pageSize?: number;
  /** The map's tiles and Leaflet's stylesheet; without it, the page lists the matches' places with no map. */
  map?: HomesMapConfig;
  /** Serves a page from the HTML cache, or caches what the route renders, keyed by the query it reads. */
  cached: (query: QueryKey) => RequestHandler;
  /** The cache's generation (PageCache.currentGeneration): the stored searches are counted afresh after a clear. */
  cacheGeneration: () => number;
}

/** The communities and cities a query is checked against, from the entries. */
function choicesOf(entries: readonly HomeEntry[]) {
  const names = new Map<string, HomeEntry>();
  const cities = new Set<string>();
  const price = [Infinity, -Infinity];
  const sqft = [Infinity, -Infinity];
  for (const entry of entries) {
    if (!names.has(entry.community)) names.set(entry.community, entry);
    cities.add(entry.city);
    if (entry.price !== null) price.splice(0, 2, Math.min(price[0]!, entry.price), Math.max(price[1]!, entry.price));
    sqft.splice(0, 2, Math.min(sqft[0]!, entry.sqft), Math.max(sqft[1]!, entry.sqft));
  }
  return {
    communities: [...names.keys()],
    cities: [...cities].sort(),
    names,
    // Without entries (or prices), the form still offers the usual range.
    ranges: {
      price: Number.isFinite(price[0]) ? price : [300_000, 900_000],
      sqft: Number.isFinite(sqft[0]) ? sqft : [1_000, 4_000],
    },
  };
}

/**
 * The page cache's key of a search: its filters written one way (homeSearchParams), so `?beds=3&utm_source=x` is
 * `?beds=3`; none (render for this request, store nothing) for a query with a problem, which answers 400 anyway,
 * and for any new search past MAX_CACHED_SEARCHES since the last clear.
 */
export function homesQueryKey(
  choices: () => HomeFilterChoices,
  generation: () => number,
  today: () => string,
  limit = MAX_CACHED_SEARCHES,
): QueryKey {
  const stored = new Set<string>();
  let storedIn = generation();
  return (rawQuery) => {
    const { filters, problems } = parseHomeFilters(queryOfSearch(rawQuery), choices());
    if (problems.length > 0) return undefined;
    // The day is part of the key: "ready now" and the promotions showing change with it.
    const key = `${homeSearchParams(filters).toString()}#${today()}`;
    if (generation() !== storedIn) {
      stored.clear();
      storedIn = generation();
    }
    if (stored.has(key)) return key;
    if (stored.size >= limit) return undefined;
    stored.add(key);
    return key;
  };
}

/** "Find your home" (contract, wave 4): the search page and its JSON. */
export function createHomesRouter(deps: HomesRouterDeps): Router {
  const { renderer, cached } = deps;
  const pageSize = deps.pageSize ?? HOMES_PAGE_SIZE;
  const router = Router({ caseSensitive: true });
  // What the last search knew, so the cache key (made before a request is routed) checks what the search checks.
  let lastChoices: HomeFilterChoices = {};

  async function search(req: Request): Promise<{
    parsed: ParsedHomeFilters;
    result: HomeSearchResult;
    choices: ReturnType<typeof choicesOf>;
  }> {
    const entries = await deps.entries();
    const choices = choicesOf(entries);
    lastChoices = { communities: choices.communities, cities: choices.cities };
    const parsed = parseHomeFilters(req.query as Record<string, unknown>, choices);
    const result = searchHomes(entries, parsed.filters, { today: deps.today(), pageSize });
    return { parsed, result, choices };
  }

  router.get('/homes.json', async (req, res) => {
    const { parsed, result } = await search(req);
    if (parsed.problems.length > 0) {
      res.status(400).json({ errors: parsed.problems });
      return;
    }
    res.json({
      total: result.total,
      results: result.results.map(({ type, community, url, price, beds, baths, sqft, moveIn }) => ({
        type,
        community,
        url,
        price,
        beds,
        baths,
        sqft,
        moveIn,
      })),
      facets: result.facets,
    });
  });

  router.get('/homes', cached(homesQueryKey(() => lastChoices, deps.cacheGeneration, deps.today)), async (req, res) => {
    const { parsed, result, choices } = await search(req);
    const communities: HomesPageCommunity[] = [...choices.names.values()]
      .map((entry) => ({
        slug: entry.community,
        name: entry.communityName,
        city: entry.city,
        lat: entry.lat,
        lng: entry.lng,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const props = siteProps(deps, req);
    const title = result.total === 1 ? '1 home' : `${result.total} homes`;
    // A query with a problem answers 400 (contract: "400 naming them"), with the page of what it could search.
    res.status(parsed.problems.length > 0 ? 400 : 200).send(
      renderer.page(
        <HomesPage
          {...props}
          filters={parsed.filters}
          problems={parsed.problems}
          search={result}
          communities={communities}
          cities={choices.cities}
          ranges={choices.ranges}
          map={deps.map}
        />,
        {
          title: 'Find your home',
          description: `Quick move-in homes and plans to build in ${communities.map((community) => community.name).join(', ')}: ${title} by price, bedrooms, size and move-in date.`,
          path: homeSearchHref('/homes', parsed.filters),
          noindex: parsed.problems.length > 0,
        },
      ),
    );
  });

  return router;
}
