import { z } from 'zod';
import {
  HOMESITE_STATUSES,
  homesiteFactProblems,
  MAX_LOT,
  parsePrice,
  STAFF_STATUS_MESSAGE,
  type HomesiteFacts,
  type PriceRange,
} from '../shared/homesite-rules.js';

/** The shapes of the staff calls; the rules themselves are the shared ones (src/shared/homesite-rules.ts). */
const factFields = {
  status: z.enum(HOMESITE_STATUSES, { error: STAFF_STATUS_MESSAGE }),
  plan: z.string({ error: 'plan must be a plan name or null' }).max(100).nullable(),
  // A JSON client may send the price as typed ("$552,900"): read by the same rule as the editor's.
  price: z
    .union([z.number(), z.string().max(40)], { error: 'price must be a whole number of dollars or null' })
    .nullable()
    .transform((value, context) => {
      if (typeof value !== 'string') return value;
      const parsed = parsePrice(value);
      if (parsed.problem === undefined) return parsed.price;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  ready: z.string({ error: 'ready must be a date as YYYY-MM-DD or null' }).max(10).nullable(),
};

function withSharedRules(planNames: readonly string[], priceRange: PriceRange) {
  return (facts: HomesiteFacts, context: z.RefinementCtx) => {
    for (const problem of homesiteFactProblems(facts, planNames, priceRange)) {
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  };
}

/** `{status, plan, price, ready}`, every field present (null where not set). */
export function homesiteFactsSchema(planNames: readonly string[], priceRange: PriceRange) {
  return z.object(factFields).strict().superRefine(withSharedRules(planNames, priceRange));
}

/** The body of `POST /admin/homesites/N`: the facts plus the version the editor last saw. */
export function homesiteUpdateSchema(planNames: readonly string[], priceRange: PriceRange) {
  return z
    .object({ ...factFields, version: z.number({ error: 'version must be a whole number' }).int().min(0) })
    .strict()
    .superRefine(withSharedRules(planNames, priceRange));
}

/** The body of `POST /admin/homesites/bulk`. */
export const bulkStatusSchema = z
  .object({
    lots: z
      .array(z.number().int().min(1).max(MAX_LOT), { error: 'lots must be a list of lot numbers' })
      .min(1)
      .max(MAX_LOT),
    status: z.enum(HOMESITE_STATUSES, { error: STAFF_STATUS_MESSAGE }),
  })
  .strict();

/** The fields as staff see them in the editor's columns. */
const FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  plan: 'Plan',
  price: 'Price',
  ready: 'Ready date',
  version: 'Version',
  lots: 'Homesites',
};

/**
 * One sentence per problem, naming the field as the editor's column does: "Price must be more than 0." — never a
 * field path or zod's wording. A rule's message that starts with the field's own name reads as a sentence already.
 */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const label = FIELD_LABELS[field] ?? 'This homesite';
    const message = issue.message.startsWith(`${field} `) ? issue.message.slice(field.length + 1) : issue.message;
    if (issue.code === 'unrecognized_keys') return `This homesite has no field called ${issue.keys.join(', ')}.`;
    const plain = /^(Invalid|Unrecognized|Too (small|big)|Expected)/.test(message) ? 'is not valid' : message;
    const text = /^(must|is|needs|can)\b/.test(plain) ? `${label} ${plain}` : `${label}: ${plain}`;
    const sentence = text.charAt(0).toUpperCase() + text.slice(1);
    return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
  });
}
