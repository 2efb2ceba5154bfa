import type { Knex } from 'knex';
import { findHomesite } from '../db/homesites.js';
import { readLeadContext, type LeadContext } from '../shared/lead-context.js';
import { cleanText } from '../shared/text-input.js';

/** The most of the Referer and User-Agent a lead keeps. */
const REQUEST_HEADER_MAX_LENGTH = 500;

/** Where a lead was sent from: the request's Referer and User-Agent, as the form's handler read them. */
export interface LeadRequest {
  sourcePage: string | null;
  userAgent: string | null;
  /** The community whose page the form is on (decision 050). */
  community: number;
}

/** The request's headers as both kinds of lead store them: cleaned (text-input.ts) and cut to a bounded length. */
export function leadRequestColumns(request: LeadRequest): {
  source_page: string | null;
  user_agent: string | null;
  community_id: number;
} {
  const column = (value: string | null) =>
    value === null ? null : cleanText(value).slice(0, REQUEST_HEADER_MAX_LENGTH);
  return {
    source_page: column(request.sourcePage),
    user_agent: column(request.userAgent),
    community_id: request.community,
  };
}

/**
 * The context a lead form posted, as both kinds of lead store it: the shared rule (src/shared/lead-context.ts)
 * drops malformed values, a `plan` is kept only when it is the slug of a plan the content knows, and a `homesite`
 * only when the community has that lot (contract: a bad lead-context value is dropped, never a 400), as the
 * forms' GET prefill already does. Slugs, not display names, because the "Ask about" links and the tour page
 * carry slugs; the inbox shows the plan's name.
 */
export async function readPostedLeadContext(
  db: Knex,
  body: unknown,
  planSlugs: readonly string[],
  community: number,
): Promise<LeadContext> {
  const { plan, homesite, ...rest } = readLeadContext(body);
  return {
    ...rest,
    ...(plan !== undefined && planSlugs.includes(plan) ? { plan } : {}),
    ...(homesite !== undefined && (await findHomesite(db, community, homesite)) ? { homesite } : {}),
  };
}
