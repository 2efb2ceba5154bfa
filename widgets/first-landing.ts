import {
  isOwnPage,
  LEAD_FORM_ATTRIBUTE,
  VISIT_FIELDS,
  visitContext,
  webUrl,
  type VisitContext,
} from '../src/shared/visit-context.js';

/**
 * The visit's first landing page, kept in this tab's sessionStorage (never a cookie, never sent anywhere but with
 * a lead the buyer sends) and copied into the lead forms' hidden fields (docs/decisions/016-lead-context.md).
 */
export const FIRST_LANDING_KEY = 'first-landing';

/** sessionStorage throws when storage is disabled (some private modes, blocked site data): then there is none. */
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function stored(): VisitContext | undefined {
  try {
    const raw = storage()?.getItem(FIRST_LANDING_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const context: VisitContext = {};
    for (const field of VISIT_FIELDS) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') context[field] = value;
    }
    return context;
  } catch {
    return undefined;
  }
}

/**
 * The first page of the visit that ran this script. When the visitor came from one of this site's own pages, the
 * visit began on a page without script: that page (it is the referrer) is the landing page, its external
 * referrer is unknown.
 */
function thisLanding(): VisitContext {
  const here = new URL(window.location.href);
  const referrer = webUrl(document.referrer);
  return referrer && isOwnPage(referrer, here) ? visitContext(referrer, undefined) : visitContext(here, referrer);
}

/** Records the first landing page of this tab's visit, once. */
export function recordFirstLanding(): void {
  if (stored()) return;
  try {
    storage()?.setItem(FIRST_LANDING_KEY, JSON.stringify(thisLanding()));
  } catch {
    // Storage full or refused: the forms keep what the server filled in.
  }
}

/** Replaces a lead form's hidden visit fields with the first landing page's values, when one was recorded. */
export function fillVisitFields(form: HTMLFormElement): void {
  const first = stored();
  if (!first) return;
  for (const field of VISIT_FIELDS) {
    const input = form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${field}"]`);
    if (input) input.value = first[field] ?? '';
  }
}

/**
 * Fills every lead form on the page now and again as it is sent (a widget's hydration writes the server's values
 * back into its fields; the capturing listener on the document runs before the widget's own submit handler).
 */
export function fillLeadForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${LEAD_FORM_ATTRIBUTE}]`)) fillVisitFields(form);
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement && event.target.hasAttribute(LEAD_FORM_ATTRIBUTE))
        fillVisitFields(event.target);
    },
    { capture: true },
  );
}
