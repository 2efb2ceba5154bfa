import type { HomeFilters, HomeType } from './home-filters.js';

/**
 * What "Find your home" finds (services/home-search.ts): the entries searched and the answer, as plain data the
 * pages and a browser widget read alike.
 */

/** One searchable result of "Find your home": a quick move-in home, or a plan a community offers. */
export interface HomeEntry {
  type: HomeType;
  /** The community's slug. */
  community: string;
  communityName: string;
  city: string;
  /** Its page on this site. */
  url: string;
  /** "Lot 12 · The Aspen" for a home, the plan's name for a plan. */
  title: string;
  /** Whole USD: a home's price, a plan's "from" price in this community; null while it has none. */
  price: number | null;
  beds: number;
  baths: number;
  sqft: number;
  stories: number;
  /** ISO date a quick move-in home is ready; null for a plan (or a home without a date yet). */
  moveIn: string | null;
  lat: number;
  lng: number;
  /** The promotion that applies to it today, when one does. */
  promotion?: { title: string };
}

/** A map pin: one matching result (every page's, so the map shows exactly what matches). */
export interface HomePin {
  lat: number;
  lng: number;
  url: string;
  title: string;
  price: number | null;
}

/** The filters a search can be loosened by: a range (price, sqft) is loosened as one. */
export const LOOSENABLE_FILTERS = [
  'community',
  'city',
  'price',
  'beds',
  'baths',
  'sqft',
  'stories',
  'moveIn',
  'type',
] as const;
export type LoosenableFilter = (typeof LOOSENABLE_FILTERS)[number];

/** The query parameters each loosenable filter is written with. */
export const LOOSEN_PARAMETERS: Record<LoosenableFilter, readonly (keyof HomeFilters)[]> = {
  community: ['community'],
  city: ['city'],
  price: ['minPrice', 'maxPrice'],
  beds: ['beds'],
  baths: ['baths'],
  sqft: ['minSqft', 'maxSqft'],
  stories: ['stories'],
  moveIn: ['moveIn'],
  type: ['type'],
};

export interface HomeSearchResult {
  /** How many results match. */
  total: number;
  /** This page of them, sorted. */
  results: HomeEntry[];
  page: number;
  /** How many pages the matches fill (at least 1). */
  pages: number;
  pins: HomePin[];
  /**
   * What each choice would give with every other filter applied: by community slug, and by bedroom count ("3": how
   * many have at least 3, what `beds=3` gives). Every community and bedroom count among the entries is listed.
   */
  facets: { community: Record<string, number>; beds: Record<string, number> };
  /**
   * When nothing matches: the filters to remove for results, and how many there would be. One filter when removing
   * one is enough (the one giving the most); otherwise every filter in force.
   */
  loosen?: { filters: LoosenableFilter[]; total: number };
}
