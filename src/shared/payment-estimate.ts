/**
 * The monthly payment estimate of a plan or homesite page (contract, wave 4, "Find your home"): the arithmetic, the
 * rules for what a buyer may change, and how the numbers read. One module for the server's page and the widget's
 * live update, so both figure and refuse alike. Plain numbers in, plain numbers out: no content, no request.
 */

/** What staff may set and buyers may choose; the content schema and the buyer's fields read the same limits. */
export const FINANCING_LIMITS = {
  /** Interest rate and APR, percent a year. */
  rate: { min: 0, max: 25 },
  /** Percent of the price. */
  downPayment: { min: 0, max: 100 },
  /** The advertised term, in whole years. */
  term: { min: 1, max: 40 },
  /** Property tax, percent of the price a year. */
  propertyTax: { min: 0, max: 10 },
  /** Insurance and HOA dues, USD a month. */
  monthlyCost: { max: 100_000 },
} as const;

/**
 * The terms a buyer can choose: the common fixed-rate terms, and the advertised term whatever it is (a 25- or
 * 40-year loan a lender offers). Nothing else: a term is a choice of loan, not any number.
 */
export const COMMON_TERMS = [10, 15, 20, 30] as const;

/** The assumptions an estimate is figured from, all four Regulation Z terms set (financingTermsOf). */
export interface FinancingTerms {
  ratePercent: number;
  aprPercent: number;
  termYears: number;
  downPaymentPercent: number;
  /** Left out of the estimate while null. */
  propertyTaxPercent: number | null;
  insuranceMonthly: number | null;
  hoaMonthly: number | null;
}

/** The financing section as content stores it: every field may be empty. */
export type FinancingSettings = { [Key in keyof FinancingTerms]: FinancingTerms[Key] | null };

/**
 * The terms to figure an estimate from, or null while any of the rate, APR, term and down payment is empty: a
 * payment is never shown without the down payment, the terms of repayment and the APR beside it (Regulation Z,
 * 12 CFR 1026.24(d)), so without them there is no estimate at all.
 */
export function financingTermsOf(settings: FinancingSettings): FinancingTerms | null {
  const { ratePercent, aprPercent, termYears, downPaymentPercent } = settings;
  if (ratePercent === null || aprPercent === null || termYears === null || downPaymentPercent === null) return null;
  return {
    ratePercent,
    aprPercent,
    termYears,
    downPaymentPercent,
    propertyTaxPercent: settings.propertyTaxPercent,
    insuranceMonthly: settings.insuranceMonthly,
    hoaMonthly: settings.hoaMonthly,
  };
}

/**
 * The monthly principal and interest of a fixed-rate loan, level payments (standard amortization):
 * M = L·r / (1 − (1 + r)^−n), r the monthly rate (the yearly rate / 12), n the number of monthly payments.
 * At 0 % there is no interest and the loan is repaid in n equal parts. Not rounded.
 */
export function monthlyPrincipalAndInterest(loan: number, ratePercent: number, termYears: number): number {
  const payments = termYears * 12;
  if (loan <= 0) return 0;
  const monthlyRate = ratePercent / 100 / 12;
  if (monthlyRate === 0) return loan / payments;
  return (loan * monthlyRate) / (1 - Math.pow(1 + monthlyRate, -payments));
}

/** What a buyer may change: the down payment, the rate and the term. */
export interface BuyerChoices {
  downPaymentPercent: number;
  ratePercent: number;
  termYears: number;
}

export interface PaymentEstimate {
  price: number;
  downPaymentPercent: number;
  /** USD, whole dollars. */
  downPayment: number;
  /** USD: the price less the down payment. */
  loanAmount: number;
  ratePercent: number;
  termYears: number;
  /** The number of monthly payments. */
  payments: number;
  /** The advertised APR when the estimate uses the advertised rate and term; null for a rate or term of the buyer's. */
  aprPercent: number | null;
  /** USD a month, not rounded. */
  principalAndInterest: number;
  /** USD a month, not rounded; null: not set, so not in the estimate. */
  propertyTax: number | null;
  insurance: number | null;
  hoa: number | null;
  /** USD a month: the sum of the parts, not rounded. */
  total: number;
  /** Whether the estimate uses the advertised down payment, rate and term. */
  advertised: boolean;
}

/**
 * The monthly estimate for a home of `price` (whole USD): principal and interest at the chosen (else advertised) down
 * payment, rate and term, plus a twelfth of the year's property tax on the price, insurance and HOA dues where set.
 */
export function estimatePayment(
  price: number,
  terms: FinancingTerms,
  choices: Partial<BuyerChoices> = {},
): PaymentEstimate {
  const downPaymentPercent = choices.downPaymentPercent ?? terms.downPaymentPercent;
  const ratePercent = choices.ratePercent ?? terms.ratePercent;
  const termYears = choices.termYears ?? terms.termYears;
  const downPayment = Math.round((price * downPaymentPercent) / 100);
  const loanAmount = price - downPayment;
  const principalAndInterest = monthlyPrincipalAndInterest(loanAmount, ratePercent, termYears);
  const propertyTax = terms.propertyTaxPercent === null ? null : (price * terms.propertyTaxPercent) / 100 / 12;
  const insurance = terms.insuranceMonthly;
  const hoa = terms.hoaMonthly;
  const sameLoan = ratePercent === terms.ratePercent && termYears === terms.termYears;
  return {
    price,
    downPaymentPercent,
    downPayment,
    loanAmount,
    ratePercent,
    termYears,
    payments: termYears * 12,
    aprPercent: sameLoan ? terms.aprPercent : null,
    principalAndInterest,
    propertyTax,
    insurance,
    hoa,
    total: principalAndInterest + (propertyTax ?? 0) + (insurance ?? 0) + (hoa ?? 0),
    advertised: sameLoan && downPaymentPercent === terms.downPaymentPercent,
  };
}

/** The id of the estimate on its page: the form sends the buyer back to it (`…?down=20#payment`). */
export const ESTIMATE_ANCHOR = 'payment';

/** The query parameters of the buyer's form, by field (`/floor-plans/x?down=20&rate=5.5&term=15`). */
export const CHOICE_PARAMS = { downPaymentPercent: 'down', ratePercent: 'rate', termYears: 'term' } as const;
export type ChoiceField = keyof typeof CHOICE_PARAMS;
export const CHOICE_FIELDS = Object.keys(CHOICE_PARAMS) as ChoiceField[];

/** The longest text of a buyer's value kept (and said back): a number needs no more. */
const MAX_TYPED = 24;

/** What the buyer asked for, each field's values as the address gave them (none, one, or the same name repeated). */
export type AskedChoices = Partial<Record<ChoiceField, string[]>>;

/** The buyer's fields in a query string; other parameters are not the estimate's. */
export function askedChoicesOf(params: URLSearchParams): AskedChoices {
  const asked: AskedChoices = {};
  for (const field of CHOICE_FIELDS) {
    const values = params.getAll(CHOICE_PARAMS[field]);
    if (values.length > 0) asked[field] = values.slice(0, 2).map((value) => value.slice(0, MAX_TYPED));
  }
  return asked;
}

/** Whether a raw query string (without `?`) names any of the buyer's fields: such a page is figured for it alone. */
export function asksForEstimate(rawQuery: string): boolean {
  if (rawQuery === '') return false;
  const params = new URLSearchParams(rawQuery);
  return CHOICE_FIELDS.some((field) => params.has(CHOICE_PARAMS[field]));
}

/** The terms the buyer may choose between, shortest first: the common ones and the advertised one. */
export function termChoices(terms: Pick<FinancingTerms, 'termYears'>): number[] {
  return [...new Set<number>([...COMMON_TERMS, terms.termYears])].sort((a, b) => a - b);
}

/** A percentage as typed: digits, at most three decimals, an optional % sign. */
const PERCENT_TEXT = /^(\d{1,3}(?:\.\d{0,3})?|\.\d{1,3})\s*%?$/;

/** What each field asks for, in plain words. */
function rule(field: ChoiceField, terms: FinancingTerms): string {
  const { downPayment, rate } = FINANCING_LIMITS;
  switch (field) {
    case 'downPaymentPercent':
      return `enter a down payment from ${downPayment.min} to ${downPayment.max} percent of the price`;
    case 'ratePercent':
      return `enter an interest rate from ${rate.min} to ${rate.max} percent`;
    case 'termYears':
      return `choose a term of ${listOf(termChoices(terms).map(String))} years`;
  }
}

function listOf(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** One field's text read by its rule: the number, or why it is not one the estimate takes. */
export function checkChoice(
  field: ChoiceField,
  text: string,
  terms: FinancingTerms,
): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  const match = PERCENT_TEXT.exec(trimmed);
  const value = match ? Number(match[1]) : Number.NaN;
  const limits = field === 'downPaymentPercent' ? FINANCING_LIMITS.downPayment : FINANCING_LIMITS.rate;
  const ok =
    field === 'termYears'
      ? /^\d{1,2}$/.test(trimmed) && termChoices(terms).includes(Number(trimmed))
      : Number.isFinite(value) && value >= limits.min && value <= limits.max;
  if (ok) return { ok: true, value: field === 'termYears' ? Number(trimmed) : value };
  return { ok: false, message: `Ignored “${trimmed}”: ${rule(field, terms)}.` };
}

/** The advertised value of a field, as its form field shows it. */
export function advertisedText(field: ChoiceField, terms: FinancingTerms): string {
  return String(terms[field]);
}

export interface ChoiceReading {
  /** What each form field shows: what the buyer gave, or the advertised value where they gave nothing. */
  values: Record<ChoiceField, string>;
  /** The values the estimate uses: the buyer's where they hold, the advertised ones elsewhere. */
  choices: BuyerChoices;
  /** Why a field's value was not used, in plain words, with what is used instead. */
  ignored: Partial<Record<ChoiceField, string>>;
}

/**
 * The buyer's fields read by the same rules on the server (from the address) and in the widget (as they type): a
 * value that holds is used; an empty field is the advertised value; anything else is ignored and said so next to
 * its field, and the estimate uses the advertised value.
 */
export function readChoices(asked: AskedChoices, terms: FinancingTerms): ChoiceReading {
  const values = {} as Record<ChoiceField, string>;
  const choices: BuyerChoices = {
    downPaymentPercent: terms.downPaymentPercent,
    ratePercent: terms.ratePercent,
    termYears: terms.termYears,
  };
  const ignored: ChoiceReading['ignored'] = {};
  for (const field of CHOICE_FIELDS) {
    const given = asked[field] ?? [];
    const fallback = `This estimate uses ${usedText(field, terms[field])}.`;
    if (given.length > 1) {
      values[field] = advertisedText(field, terms);
      ignored[field] = `Ignored: the address gives this more than once. ${fallback}`;
      continue;
    }
    const text = given[0] ?? '';
    values[field] = text.trim() === '' ? advertisedText(field, terms) : text;
    if (text.trim() === '') continue;
    const checked = checkChoice(field, text, terms);
    if (checked.ok) choices[field] = checked.value;
    else ignored[field] = `${checked.message} ${fallback}`;
  }
  return { values, choices, ignored };
}

function usedText(field: ChoiceField, value: number): string {
  return field === 'termYears' ? `${value} years` : formatPercent(value);
}

const DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** 3245.4 → $3,245 (the estimate is read in whole dollars). */
export function formatDollars(value: number): string {
  return DOLLARS.format(Math.round(value));
}

/** 6.125 → 6.125%, 10 → 10%. */
export function formatPercent(value: number): string {
  return `${PERCENT.format(value)}%`;
}
