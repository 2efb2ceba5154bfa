import { LEAD_CONTEXT_FIELDS, type LeadContext, type LeadContextField } from '../shared/lead-context.js';

/** The lead-context columns of `contact_messages` and `tours` (migrations/20261122000300_add_lead_context.ts). */
export type LeadContextColumns = Record<Exclude<LeadContextField, 'homesite'>, string | null> & {
  homesite: number | null;
};

/** A lead's context as its row stores it: every column named, null where the lead carried nothing. */
export function leadContextColumns(context: LeadContext): LeadContextColumns {
  const columns = Object.fromEntries(LEAD_CONTEXT_FIELDS.map((field) => [field, null])) as LeadContextColumns;
  return { ...columns, ...context };
}
