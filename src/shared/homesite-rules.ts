/**
 * The homesite rules of the contract ("Wave 2 → Homesites"), shared by the server (service, CSV import) and the
 * staff editor widget, so both refuse exactly the same thing.
 */
export const HOMESITE_STATUSES = ['available', 'quick-move-in', 'under-contract', 'sold', 'model', 'future'] as const;
export type HomesiteStatus = (typeof HOMESITE_STATUSES)[number];

export const STATUS_LABELS: Record<HomesiteStatus, string> = {
  available: 'Available',
  'quick-move-in': 'Quick move-in',
  'under-contract': 'Under contract',
  sold: 'Sold',
  model: 'Model home',
  future: 'Future release',
};

export const MAX_LOT = 100_000;

/**
 * The prices a home in this community plausibly sells for (content: `homesites.priceRange`). A price outside it is
 * a typo, a digit missing ("5529" for $552,900) or one too many, and is refused rather than published.
 */
export interface PriceRange {
  min: number;
  max: number;
}

export function isHomesiteStatus(value: unknown): value is HomesiteStatus {
  return typeof value === 'string' && (HOMESITE_STATUSES as readonly string[]).includes(value);
}

/** The facts staff edit on one homesite (contract: `{status, plan, price, ready}`). */
export interface HomesiteFacts {
  status: HomesiteStatus;
  plan: string | null;
  price: number | null;
  ready: string | null;
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A lot number from a URL or CSV cell: digits only, 1…MAX_LOT. */
export function parseLotNumber(raw: string): number | undefined {
  if (!/^[1-9]\d{0,5}$/.test(raw)) return undefined;
  const lot = Number(raw);
  return lot <= MAX_LOT ? lot : undefined;
}

export interface FactProblem {
  field: keyof HomesiteFacts;
  message: string;
}

/** Why a price outside the range is refused, naming the range: the same words in the editor, the form and the API. */
export function priceRangeProblem(price: number, range: PriceRange): string | undefined {
  const span = `a home here sells for ${formatPrice(range.min)} to ${formatPrice(range.max)}`;
  if (price < range.min) {
    return `price must be at least ${formatPrice(range.min)} (${span}): ${formatPrice(price)} looks like a digit is missing`;
  }
  if (price > range.max) {
    return `price must be at most ${formatPrice(range.max)} (${span}): ${formatPrice(price)} looks like a digit too many`;
  }
  return undefined;
}

/**
 * Every problem with one homesite's facts, by field: the value rules (a known plan, a whole price inside the
 * community's plausible range, a calendar date) and the contract's cross-field rules (a plan for quick-move-in and
 * model homes, a price for quick-move-in). The types are already checked (the server's zod schema, the editor's
 * inputs, both reading a typed price with parsePrice).
 */
export function homesiteFactProblems(
  facts: HomesiteFacts,
  planNames: readonly string[],
  priceRange: PriceRange,
): FactProblem[] {
  const problems: FactProblem[] = [];
  const { status, plan, price, ready } = facts;
  if (!isHomesiteStatus(status)) problems.push({ field: 'status', message: STAFF_STATUS_MESSAGE });
  if (plan !== null && !planNames.includes(plan)) {
    problems.push({ field: 'plan', message: `plan must be one of ${planNames.join(', ')} (or empty)` });
  }
  if (price !== null) {
    const problem = !Number.isInteger(price)
      ? 'price must be a whole number of dollars'
      : price <= 0
        ? 'price must be more than 0'
        : priceRangeProblem(price, priceRange);
    if (problem) problems.push({ field: 'price', message: problem });
  }
  if (ready !== null && !isCalendarDate(ready)) {
    problems.push({ field: 'ready', message: 'ready must be a date as YYYY-MM-DD' });
  }
  if ((status === 'quick-move-in' || status === 'model') && plan === null) {
    problems.push({ field: 'plan', message: `a ${STATUS_LABELS[status].toLowerCase()} home needs a plan` });
  }
  if (status === 'quick-move-in' && price === null) {
    problems.push({ field: 'price', message: 'a quick move-in home needs a price' });
  }
  return problems;
}

/** The codes with the labels staff see on the pages: `model (Model home)`. */
export const STATUS_CHOICES_TEXT = HOMESITE_STATUSES.map((status) => `${status} (${STATUS_LABELS[status]})`).join(', ');

/** The public API's answer to an unknown status: the codes it takes. */
export const STATUS_MESSAGE = `status must be one of ${HOMESITE_STATUSES.join(', ')}`;

/** Staff calls and forms name each code with the label staff see on their pages. */
export const STAFF_STATUS_MESSAGE = `status must be one of ${STATUS_CHOICES_TEXT}`;

/** A price as people type it, or why it cannot be read: `{ price }` (null when empty) or `{ problem }`. */
export type ParsedPrice = { price: number | null; problem?: undefined } | { price?: undefined; problem: string };

const PRICE_PATTERN = /^(?:usd\s*)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(?:usd)?$/i;

/**
 * A price as staff type it in the editor, a form or a CSV cell: digits, with or without a dollar sign, thousands
 * commas and zero cents ("$552,900", "552900", "552,900.00"). Commas must group thousands, so "55,2900" is
 * refused rather than guessed. Whether the amount is plausible is homesiteFactProblems' question.
 */
export function parsePrice(raw: string): ParsedPrice {
  const text = raw.trim();
  if (text === '') return { price: null };
  const match = PRICE_PATTERN.exec(text);
  if (!match) {
    return { problem: `price "${text.slice(0, 20)}" is not an amount: type whole dollars, like 552900 or $552,900` };
  }
  if (match[2] && Number(match[2]) !== 0) return { problem: 'price must be a whole number of dollars' };
  const price = Number(match[1]!.replace(/,/g, ''));
  if (!Number.isSafeInteger(price)) return { problem: 'price is too large' };
  return { price };
}

/** One formatter for every number: `toLocaleString` builds a new one per call, which shows on a 1,000-row page. */
const WHOLE_NUMBER = new Intl.NumberFormat('en-US');

/** 7960 → 7,960. */
export function formatNumber(value: number): string {
  return WHOLE_NUMBER.format(value);
}

/** Whole dollars as buyers read them: $545,000. */
export function formatPrice(price: number): string {
  return `$${WHOLE_NUMBER.format(price)}`;
}
