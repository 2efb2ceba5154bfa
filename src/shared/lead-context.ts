import { cleanText, hasControlCharacter } from './text-input.js';

/**
 * Leads with context (contract, "Leads with context"): the optional fields both lead forms carry, their one rule,
 * and the lead statuses a sales counselor moves a lead through. Shared by the forms (browser) and the server.
 */

/** The optional context fields, named exactly as the forms post them, the tables store them and the CSV exports them. */
export const LEAD_CONTEXT_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landing_page',
  'homesite',
  'plan',
] as const;

export type LeadContextField = (typeof LEAD_CONTEXT_FIELDS)[number];

/** Every context value is at most this long; a longer one is dropped, never an error. */
export const LEAD_CONTEXT_MAX_LENGTH = 300;

export type LeadContext = Partial<Record<Exclude<LeadContextField, 'homesite'>, string>> & { homesite?: number };

/**
 * The kinds of lead, as the inbox, its CSV and a lead's address (`<kind>/<id>`) name them: a contact message, a tour
 * booking, an interest-list sign-up, an agent's registration of a client. Each kind's table is in LEAD_TABLES
 * (src/db/leads.ts); its label here.
 */
export const LEAD_KINDS = ['message', 'tour', 'interest', 'agent-registration'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** How staff pages name each kind: one lead, and a list of them. */
export const LEAD_KIND_LABELS: Record<LeadKind, { one: string; many: string }> = {
  message: { one: 'Message', many: 'Messages' },
  tour: { one: 'Tour', many: 'Tours' },
  interest: { one: 'Interest list', many: 'Interest list' },
  'agent-registration': { one: 'Agent registration', many: 'Agent registrations' },
};

export function isLeadKind(value: unknown): value is LeadKind {
  return typeof value === 'string' && (LEAD_KINDS as readonly string[]).includes(value);
}

/** The sales follow-up statuses, in the order a lead moves through them. */
export const LEAD_STATUSES = ['new', 'contacted', 'touring', 'toured', 'contract', 'closed', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

/**
 * A context value as it is kept, or undefined when it is dropped: a control character means a value mangled on its
 * way, so it is dropped rather than cleaned (text-input.ts judges which); otherwise cleaned, and dropped when empty.
 */
export function contextValue(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (hasControlCharacter(trimmed)) return undefined;
  return cleanText(trimmed) || undefined;
}

/**
 * The context fields of a posted body, each kept only when it is a non-empty string of at most 300 characters
 * without control characters (a homesite must also be a whole number ≥ 1). A bad value is dropped, never a 400.
 */
export function readLeadContext(body: unknown): LeadContext {
  const context: LeadContext = {};
  if (typeof body !== 'object' || body === null) return context;
  for (const field of LEAD_CONTEXT_FIELDS) {
    if (!Object.prototype.hasOwnProperty.call(body, field)) continue;
    const raw: unknown = (body as Record<string, unknown>)[field];
    if (typeof raw !== 'string') continue;
    const value = contextValue(raw);
    if (value === undefined || value.length > LEAD_CONTEXT_MAX_LENGTH) continue;
    if (field === 'homesite') {
      if (/^[1-9]\d{0,5}$/.test(value)) context.homesite = Number(value);
    } else {
      context[field] = value;
    }
  }
  return context;
}
