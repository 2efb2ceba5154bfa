import { contextValue, LEAD_CONTEXT_FIELDS, LEAD_CONTEXT_MAX_LENGTH, type LeadContextField } from './lead-context.js';

/**
 * Where the visit began (docs/decisions/016-lead-context.md): the lead-context fields the site fills by itself,
 * as opposed to `homesite` and `plan`, which say what the buyer asked about. The browser (widgets/first-landing.ts)
 * and the server (the forms' hidden fields at GET) both derive them here, from a landing page and a referrer.
 */
export const VISIT_FIELDS = LEAD_CONTEXT_FIELDS.filter(
  (field): field is Exclude<LeadContextField, 'homesite' | 'plan'> => field !== 'homesite' && field !== 'plan',
);
export type VisitField = (typeof VISIT_FIELDS)[number];
export type VisitContext = Partial<Record<VisitField, string>>;

/** Marks a form whose hidden visit fields the browser fills from the visit's first landing page. */
export const LEAD_FORM_ATTRIBUTE = 'data-lead-form';

const UTM_FIELDS = VISIT_FIELDS.filter((field) => field.startsWith('utm_'));

/** A value longer than the column keeps its first 300 characters: a long landing URL still says where it was. */
function clipped(value: string): string {
  return value.slice(0, LEAD_CONTEXT_MAX_LENGTH);
}

/** A web address, or nothing for anything else (`about:blank`, `android-app://…`, garbage). */
export function webUrl(raw: string | null | undefined): URL | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a referrer is one of this site's own pages. Compared by host, not origin: behind a proxy that terminates
 * HTTPS without TRUST_PROXY the server sees http:// for its own https:// pages.
 */
export function isOwnPage(referrer: URL, page: URL): boolean {
  return referrer.host === page.host;
}

function utmOf(url: URL): VisitContext {
  const utm: VisitContext = {};
  for (const field of UTM_FIELDS) {
    // The same rule as a posted value (lead-context.ts): a control character drops it.
    const value = contextValue(url.searchParams.get(field) ?? '');
    if (value !== undefined) utm[field] = clipped(value);
  }
  return utm;
}

/**
 * The visit context of a visit that began at `landing` (this site's page, path and query kept), coming from
 * `referrer` when that is another site's page. The UTM parameters are the landing page's own.
 */
export function visitContext(landing: URL, referrer: URL | undefined): VisitContext {
  return {
    landing_page: clipped(`${landing.pathname}${landing.search}`),
    ...(referrer && !isOwnPage(referrer, landing) ? { referrer: clipped(referrer.href) } : {}),
    ...utmOf(landing),
  };
}

/**
 * What a form page knows of the visit without script: the page that led to it (a Referer of this site), else the
 * form page itself, is the landing page; another site's Referer is the referrer; the form page's own UTM
 * parameters win over the landing page's. The browser replaces these with the visit's first landing page.
 */
export function formPageVisit(page: URL, referer: URL | undefined): VisitContext {
  const cameFromOwnPage = referer !== undefined && isOwnPage(referer, page);
  return { ...visitContext(cameFromOwnPage ? referer : page, referer), ...utmOf(page) };
}

/** The visit fields of a posted lead context, to give them back in a form shown again. */
export function visitFieldsOf(context: Partial<Record<VisitField, string>>): VisitContext {
  const visit: VisitContext = {};
  for (const field of VISIT_FIELDS) if (context[field] !== undefined) visit[field] = context[field];
  return visit;
}
