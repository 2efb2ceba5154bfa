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

/** A price above this is a typo (an extra zero), not a home in this market. */
export const MAX_PRICE = 10_000_000;
export const MAX_LOT = 100_000;

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

/**
 * Every problem with one homesite's facts, by field: the value rules (a known plan, a whole positive price below
 * MAX_PRICE, a calendar date) and the contract's cross-field rules (a plan for quick-move-in and model homes, a
 * price for quick-move-in). The types are already checked (the server's zod schema, the editor's inputs).
 */
export function homesiteFactProblems(facts: HomesiteFacts, planNames: readonly string[]): FactProblem[] {
  const problems: FactProblem[] = [];
  const { status, plan, price, ready } = facts;
  if (!isHomesiteStatus(status)) problems.push({ field: 'status', message: STATUS_MESSAGE });
  if (plan !== null && !planNames.includes(plan)) {
    problems.push({ field: 'plan', message: `plan must be one of ${planNames.join(', ')} (or empty)` });
  }
  if (price !== null) {
    if (!Number.isInteger(price)) problems.push({ field: 'price', message: 'price must be a whole number of dollars' });
    else if (price <= 0) problems.push({ field: 'price', message: 'price must be more than 0' });
    else if (price > MAX_PRICE) {
      problems.push({ field: 'price', message: `price must be at most ${MAX_PRICE.toLocaleString('en-US')}` });
    }
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

export const STATUS_MESSAGE = `status must be one of ${HOMESITE_STATUSES.join(', ')}`;

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
