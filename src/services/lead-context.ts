import type { Knex } from 'knex';
import { findHomesite } from '../db/homesites.js';
import { readLeadContext, type LeadContext } from '../shared/lead-context.js';

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
): Promise<LeadContext> {
  const { plan, homesite, ...rest } = readLeadContext(body);
  return {
    ...rest,
    ...(plan !== undefined && planSlugs.includes(plan) ? { plan } : {}),
    ...(homesite !== undefined && (await findHomesite(db, homesite)) ? { homesite } : {}),
  };
}
