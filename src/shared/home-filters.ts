/**
 * The filters of "Find your home" (contract, wave 4: `GET /homes` and `/homes.json`), read from a query the way the
 * server and a browser widget both read it: the same rules, the same words. No server imports.
 */

export const MOVE_IN_CHOICES = ['now', '3m', '6m'] as const;
export type MoveInChoice = (typeof MOVE_IN_CHOICES)[number];

/** `qmi`: homes built or being built (quick move-in); `plan`: plans to build. */
export const HOME_TYPES = ['qmi', 'plan'] as const;
export type HomeType = (typeof HOME_TYPES)[number];

export const HOME_SORTS = ['price', '-price', 'sqft', 'moveIn'] as const;
export type HomeSort = (typeof HOME_SORTS)[number];

/** Soonest move-in first (homes to move into, then plans from their lowest price): what a buyer landing here wants. */
export const DEFAULT_SORT: HomeSort = 'moveIn';

/** The query parameters of the search, in the order the canonical address writes them. */
export const HOME_FILTER_PARAMETERS = [
  'community',
  'city',
  'minPrice',
  'maxPrice',
  'beds',
  'baths',
  'minSqft',
  'maxSqft',
  'stories',
  'moveIn',
  'type',
  'sort',
  'page',
] as const;
export type HomeFilterParameter = (typeof HOME_FILTER_PARAMETERS)[number];

/** The filters of a search; an absent one filters nothing. */
export interface HomeFilters {
  /** Community slugs: a home in any of them (empty: every community). */
  community: string[];
  city?: string;
  minPrice?: number;
  maxPrice?: number;
  /** At least this many bedrooms. */
  beds?: number;
  /** At least this many bathrooms (a half bath counts 0.5). */
  baths?: number;
  minSqft?: number;
  maxSqft?: number;
  /** Exactly this many stories. */
  stories?: number;
  /** Ready to move in by now, in 3 months, in 6 months (plans to build have no date, so they never match). */
  moveIn?: MoveInChoice;
  type?: HomeType;
  sort: HomeSort;
  /** 1-based. */
  page: number;
}

export interface FilterProblem {
  /** The query parameter the problem is about. */
  field: string;
  message: string;
}

export interface ParsedHomeFilters {
  /** What the search runs with: every well-formed filter; a malformed one is left out. */
  filters: HomeFilters;
  problems: FilterProblem[];
}

/** What a query is checked against when known: the communities and cities there are. */
export interface HomeFilterChoices {
  communities?: readonly string[];
  cities?: readonly string[];
}

/** A query as Express gives it: strings, lists of them for a repeated name, objects under an extended parser. */
export type RawQuery = Record<string, unknown>;

export const MAX_PRICE = 1_000_000_000;
export const MAX_SQFT = 100_000;
export const MAX_BEDS = 20;
export const MAX_BATHS = 20;
export const MAX_STORIES = 5;
export const MAX_PAGE = 10_000;
const MAX_COMMUNITIES = 100;
const MAX_CITY_LENGTH = 60;
/** Unknown parameters named one by one; past these, one problem counts the rest (a query may carry a thousand). */
const MAX_UNKNOWN_NAMED = 10;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

/**
 * Campaign and click ids that links from newsletters and ads carry: not filters, ignored without a word, as the page
 * cache ignores them (decision 022).
 */
export function isCampaignParameter(name: string): boolean {
  return name.startsWith('utm_') || name === 'gclid' || name === 'fbclid' || name === 'msclkid';
}

const PARAMETER_SET: ReadonlySet<string> = new Set(HOME_FILTER_PARAMETERS);

function isFilterParameter(name: string): name is HomeFilterParameter {
  return PARAMETER_SET.has(name);
}

/** A value shown back in a message: short, on one line. */
function quoted(value: string): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return `"${line.length > 30 ? `${line.slice(0, 30)}…` : line}"`;
}

const WHOLE_NUMBER = new Intl.NumberFormat('en-US');

function plural(count: number, one: string, many: string): string {
  return `${WHOLE_NUMBER.format(count)} ${count === 1 ? one : many}`;
}

/** Each value given for a name, as text; undefined for a value that is not text (a nested object). */
function valuesOf(raw: unknown): string[] | undefined {
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw) && raw.every((value) => typeof value === 'string')) return raw as string[];
  return undefined;
}

interface NumberRule {
  min: number;
  max: number;
  /** Allow halves (baths). */
  halves?: boolean;
  /** What a good value looks like, in the message. */
  example: string;
  /** Dollars: "$1,000,000,000" in the message, and commas or a dollar sign accepted. */
  dollars?: boolean;
}

const NUMBER_RULES: Record<
  'minPrice' | 'maxPrice' | 'beds' | 'baths' | 'minSqft' | 'maxSqft' | 'stories' | 'page',
  NumberRule
> = {
  minPrice: { min: 0, max: MAX_PRICE, example: 'whole dollars, like 400000', dollars: true },
  maxPrice: { min: 0, max: MAX_PRICE, example: 'whole dollars, like 600000', dollars: true },
  beds: { min: 0, max: MAX_BEDS, example: 'a whole number of bedrooms, like 3' },
  baths: { min: 0, max: MAX_BATHS, halves: true, example: 'a number of bathrooms, like 2 or 2.5' },
  minSqft: { min: 0, max: MAX_SQFT, example: 'whole square feet, like 1800' },
  maxSqft: { min: 0, max: MAX_SQFT, example: 'whole square feet, like 2500' },
  stories: { min: 1, max: MAX_STORIES, example: 'a whole number of stories, like 1 or 2' },
  page: { min: 1, max: MAX_PAGE, example: 'a page number, like 2' },
};

type NumberField = keyof typeof NUMBER_RULES;

function isNumberField(name: string): name is NumberField {
  return Object.hasOwn(NUMBER_RULES, name);
}

/** A number filter's value, or the sentence saying why it cannot be read. */
function readNumber(field: NumberField, text: string): { value: number } | { problem: string } {
  const rule = NUMBER_RULES[field];
  const cleaned = rule.dollars ? text.replace(/^\$/, '').replace(/,(?=\d{3}(?:,|$))/g, '') : text;
  const pattern = rule.halves ? /^\d{1,12}(?:\.(?:0|5|50))?$/ : /^\d{1,12}$/;
  const bound = (value: number) => (rule.dollars ? `$${WHOLE_NUMBER.format(value)}` : WHOLE_NUMBER.format(value));
  if (!pattern.test(cleaned)) {
    if (/^-\s*\d/.test(cleaned)) return { problem: `${field} cannot be negative: give ${rule.example}` };
    return { problem: `${field} ${quoted(text)} is not a number: give ${rule.example}` };
  }
  const value = Number(cleaned);
  if (value < rule.min) return { problem: `${field} must be at least ${bound(rule.min)}` };
  if (value > rule.max) return { problem: `${field} must be at most ${bound(rule.max)}` };
  return { value };
}

function oneOf<Value extends string>(
  field: string,
  choices: readonly Value[],
  text: string,
): { value: Value } | { problem: string } {
  return (choices as readonly string[]).includes(text)
    ? { value: text as Value }
    : { problem: `${field} ${quoted(text)} is not one of ${choices.join(', ')}` };
}

/** The first match ignoring case, as the known list spells it. */
function known(list: readonly string[], text: string): string | undefined {
  const lower = text.toLowerCase();
  return list.find((candidate) => candidate.toLowerCase() === lower);
}

function describeList(list: readonly string[]): string {
  return list.length <= 8 ? list.join(', ') : `${list.slice(0, 8).join(', ')} and ${list.length - 8} more`;
}

/**
 * Reads a query into filters. Campaign and click ids are ignored; every other unknown name, malformed value,
 * single-valued filter given more than once, unknown community (when the known ones are given) or minimum above
 * its maximum is a problem naming its parameter, and that filter is left out of `filters`. An empty value (a GET
 * form's "Any" choice) filters nothing.
 */
export function parseHomeFilters(query: RawQuery, choices: HomeFilterChoices = {}): ParsedHomeFilters {
  const filters: HomeFilters = { community: [], sort: DEFAULT_SORT, page: 1 };
  const problems: FilterProblem[] = [];
  let unknown = 0;
  for (const name of Object.keys(query)) {
    if (isCampaignParameter(name)) continue;
    if (!isFilterParameter(name)) {
      unknown += 1;
      if (unknown <= MAX_UNKNOWN_NAMED)
        problems.push({ field: name.slice(0, 60), message: `${quoted(name)} is not a filter of this search` });
      continue;
    }
    const values = valuesOf(query[name]);
    if (values === undefined) {
      problems.push({ field: name, message: `${name} must be given as plain text` });
      continue;
    }
    if (name === 'community') {
      readCommunities(values, choices, filters, problems);
      continue;
    }
    const given = values.map((value) => value.trim()).filter((value) => value !== '');
    if (given.length === 0) continue;
    if (given.length > 1) {
      problems.push({
        field: name,
        message: `${name} was given ${plural(given.length, 'time', 'times')}: give it once`,
      });
      continue;
    }
    const text = given[0]!;
    const read = readOne(name, text, choices);
    if ('problem' in read) problems.push({ field: name, message: read.problem });
    else Object.assign(filters, { [name]: read.value });
  }
  if (unknown > MAX_UNKNOWN_NAMED) {
    const more = unknown - MAX_UNKNOWN_NAMED;
    problems.push({
      field: 'other',
      message: `${plural(more, 'other parameter is', 'other parameters are')} not filters of this search`,
    });
  }
  for (const [min, max, words] of [
    ['minPrice', 'maxPrice', 'price'],
    ['minSqft', 'maxSqft', 'square feet'],
  ] as const) {
    const low = filters[min];
    const high = filters[max];
    if (low !== undefined && high !== undefined && low > high) {
      const format = min === 'minPrice' ? (value: number) => `$${WHOLE_NUMBER.format(value)}` : WHOLE_NUMBER.format;
      problems.push({
        field: min,
        message: `${min} (${format(low)}) is above ${max} (${format(high)}): the lowest ${words} must not be above the highest`,
      });
      delete filters[min];
      delete filters[max];
    }
  }
  return { filters, problems };
}

function readOne(
  name: Exclude<HomeFilterParameter, 'community'>,
  text: string,
  choices: HomeFilterChoices,
): { value: unknown } | { problem: string } {
  if (isNumberField(name)) return readNumber(name, text);
  switch (name) {
    case 'moveIn':
      return oneOf(name, MOVE_IN_CHOICES, text);
    case 'type':
      return oneOf(name, HOME_TYPES, text);
    case 'sort':
      return oneOf(name, HOME_SORTS, text);
    case 'city': {
      if (text.length > MAX_CITY_LENGTH) return { problem: `city must be at most ${MAX_CITY_LENGTH} characters` };
      if (choices.cities === undefined) return { value: text };
      const city = known(choices.cities, text);
      return city === undefined
        ? { problem: `city ${quoted(text)} has no homes here: choose one of ${describeList(choices.cities)}` }
        : { value: city };
    }
  }
}

function readCommunities(
  values: string[],
  choices: HomeFilterChoices,
  filters: HomeFilters,
  problems: FilterProblem[],
): void {
  const slugs = new Set<string>();
  const given = [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
  if (given.length > MAX_COMMUNITIES) {
    problems.push({ field: 'community', message: `community was given more than ${MAX_COMMUNITIES} times` });
    return;
  }
  for (const slug of given) {
    if (!SLUG.test(slug)) {
      problems.push({
        field: 'community',
        message: `community ${quoted(slug)} is not a community's name in an address (lower-case letters, digits and hyphens)`,
      });
    } else if (choices.communities !== undefined && !choices.communities.includes(slug)) {
      problems.push({
        field: 'community',
        message: `community ${quoted(slug)} is not one of ours: choose from ${describeList(choices.communities)}`,
      });
    } else slugs.add(slug);
  }
  filters.community = [...slugs];
}

/** A query string (without `?`) read into the shape Express gives: a repeated name as a list. */
export function queryOfSearch(search: string): RawQuery {
  const query: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(search)) {
    const before = query[name];
    query[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return query;
}

/**
 * The one way a search is written in an address: its filters in the parameters' order, defaults (sort, page 1)
 * left out. Pages and the page cache both use it (`?beds=3&sort=moveIn` and `?sort=moveIn&beds=3` are one page).
 */
export function homeSearchParams(filters: HomeFilters, change: Partial<HomeFilters> = {}): URLSearchParams {
  const merged: HomeFilters = { ...filters, ...change };
  const params = new URLSearchParams();
  for (const slug of [...merged.community].sort()) params.append('community', slug);
  for (const name of HOME_FILTER_PARAMETERS) {
    if (name === 'community') continue;
    const value = merged[name];
    if (value === undefined) continue;
    if (name === 'sort' && value === DEFAULT_SORT) continue;
    if (name === 'page' && value === 1) continue;
    params.set(name, String(value));
  }
  return params;
}

/** The address of a search: `/homes` or `/homes?beds=3`. */
export function homeSearchHref(path: string, filters: HomeFilters, change: Partial<HomeFilters> = {}): string {
  const query = homeSearchParams(filters, change).toString();
  return query === '' ? path : `${path}?${query}`;
}
