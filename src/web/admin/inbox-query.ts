import { DIRECT_SOURCE, isLeadKind, OWNER_NOBODY, type LeadFilter } from '../../db/leads.js';
import { normalizeUsername, USERNAME_MAX_LENGTH } from '../../shared/staff-credentials.js';
import { parseLotNumber } from '../../shared/homesite-rules.js';
import { isLeadStatus, LEAD_CONTEXT_MAX_LENGTH } from '../../shared/lead-context.js';
import { cleanText } from '../../shared/text-input.js';

/** Leads per inbox page (contract: "50 leads a page"). */
export const LEADS_PER_PAGE = 50;
const SEARCH_MAX_LENGTH = 100;

/** The inbox's filter as its URL says it; the account's scope is added by the router. */
export type InboxFilter = Omit<LeadFilter, 'scope'>;

export interface InboxQuery {
  filter: InboxFilter;
  page: number;
}

/** A plan as leads store it, and a community: a slug. */
const PLAN_SLUG = /^[a-z0-9-]{1,100}$/;

/**
 * The inbox's GET parameters (kind, status, source, homesite, plan, q, owner, spam, page). An unknown value means "all", never an error:
 * they come from the filter form and from links staff keep.
 */
export function parseInboxQuery(query: Record<string, unknown>): InboxQuery {
  const kind = cleanText(query.kind);
  const status = cleanText(query.status);
  const source = cleanText(query.source);
  const homesite = parseLotNumber(cleanText(query.homesite).replace(/^#/, ''));
  const plan = cleanText(query.plan);
  const community = cleanText(query.community);
  const q = cleanText(query.q).slice(0, SEARCH_MAX_LENGTH);
  const ownerText = cleanText(query.owner);
  const owner = ownerText === OWNER_NOBODY ? ownerText : normalizeUsername(ownerText);
  const page = /^[1-9]\d{0,6}$/.test(cleanText(query.page)) ? Number(cleanText(query.page)) : 1;
  return {
    filter: {
      ...(isLeadKind(kind) ? { kind } : {}),
      ...(isLeadStatus(status) ? { status } : {}),
      ...(source && source.length <= LEAD_CONTEXT_MAX_LENGTH ? { source } : {}),
      ...(homesite !== undefined ? { homesite } : {}),
      ...(PLAN_SLUG.test(plan) ? { plan } : {}),
      ...(PLAN_SLUG.test(community) ? { community } : {}),
      ...(q ? { q } : {}),
      ...(owner && owner.length <= USERNAME_MAX_LENGTH ? { owner } : {}),
      spam: cleanText(query.spam) === '1',
    },
    page,
  };
}

/** The inbox URL that shows `filter` at `page`; the same filter always gives the same URL. */
export function inboxUrl(filter: InboxFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.spam) params.set('spam', '1');
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.status) params.set('status', filter.status);
  if (filter.source) params.set('source', filter.source);
  if (filter.homesite !== undefined) params.set('homesite', String(filter.homesite));
  if (filter.plan) params.set('plan', filter.plan);
  if (filter.community) params.set('community', filter.community);
  if (filter.q) params.set('q', filter.q);
  if (filter.owner) params.set('owner', filter.owner);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/admin/messages?${search}` : '/admin/messages';
}

/**
 * Where a form post on the inbox sends staff back to: the list they were on, read from the form's `return` field
 * (the list's query string) and rebuilt, so the field can never point anywhere but the inbox.
 */
export function returnUrl(body: unknown): string {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).return : undefined;
  if (typeof raw !== 'string' || raw === '') return '/admin/messages';
  const { filter, page } = parseInboxQuery(Object.fromEntries(new URLSearchParams(raw.replace(/^\?/, ''))));
  return inboxUrl(filter, page);
}

export { DIRECT_SOURCE };
