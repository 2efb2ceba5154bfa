import { readLeadContext, type LeadContext } from '../shared/lead-context.js';

/**
 * The context a lead form posted, as both kinds of lead store it: the shared rule (src/shared/lead-context.ts)
 * drops malformed values, and a `plan` is kept only when it is the slug of a plan the content knows. Slugs, not
 * display names, because the "Ask about" links and the tour page carry slugs; the inbox shows the plan's name.
 */
export function readPostedLeadContext(body: unknown, planSlugs: readonly string[]): LeadContext {
  const { plan, ...rest } = readLeadContext(body);
  return plan !== undefined && planSlugs.includes(plan) ? { ...rest, plan } : rest;
}
