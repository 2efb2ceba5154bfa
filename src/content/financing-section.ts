import { z } from 'zod';
import { FINANCING_LIMITS } from '../shared/payment-estimate.js';

const { rate, downPayment, term, propertyTax, monthlyCost } = FINANCING_LIMITS;

/** A percentage to at most three decimals (6.125 %, an eighth of a point), within the limits given. */
const percent = (limits: { min: number; max: number }) =>
  z.number().min(limits.min).max(limits.max).multipleOf(0.001).nullable();

/** The four terms Regulation Z names: a payment is shown only with all of them (12 CFR 1026.24(d)). */
const REQUIRED_TOGETHER = ['ratePercent', 'aprPercent', 'termYears', 'downPaymentPercent'] as const;

/**
 * The `financing` section (builder-wide): the assumptions a monthly payment estimate on each plan and homesite page
 * is figured from (contract, wave 4, "Find your home"). Empty by default: no estimate shows anywhere until staff set
 * the rate, the APR, the term and the down payment. Taxes, insurance and HOA dues are each left out of the estimate
 * while empty. The lenders the estimate links to are the `partners` section's.
 */
export const financingSectionSchema = z
  .object({
    /** The note rate, percent a year, of a fixed-rate loan. */
    ratePercent: percent(rate),
    /** The APR that goes with that rate (the rate plus the loan's costs), shown beside every payment. */
    aprPercent: percent(rate),
    /** Years of monthly payments. */
    termYears: z.number().int().min(term.min).max(term.max).nullable(),
    /** Percent of the price paid at closing; the loan is the rest. */
    downPaymentPercent: percent(downPayment),
    /** Property tax, percent of the price a year. */
    propertyTaxPercent: percent(propertyTax),
    /** Homeowner's insurance, USD a month. */
    insuranceMonthly: z.number().min(0).max(monthlyCost.max).nullable(),
    /** HOA dues, USD a month. */
    hoaMonthly: z.number().min(0).max(monthlyCost.max).nullable(),
    /** A line under the estimate: when the rate was quoted, whose offer it is. */
    note: z.string().trim().max(300).nullable(),
  })
  .superRefine((section, ctx) => {
    const set = REQUIRED_TOGETHER.filter((key) => section[key] !== null);
    if (set.length === 0 || set.length === REQUIRED_TOGETHER.length) return;
    for (const key of REQUIRED_TOGETHER)
      if (section[key] === null)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'must be set together with the rate, APR, term and down payment (or leave all four empty)',
        });
  });

export type FinancingSection = z.infer<typeof financingSectionSchema>;

/** Nothing set: no estimate shows until staff set the rate, APR, term and down payment. */
export const emptyFinancing: FinancingSection = {
  ratePercent: null,
  aprPercent: null,
  termYears: null,
  downPaymentPercent: null,
  propertyTaxPercent: null,
  insuranceMonthly: null,
  hoaMonthly: null,
  note: null,
};
