import type { ContactErrors, ContactInput } from './contact-rules.js';
import type { VisitContext } from './visit-context.js';

/**
 * What the contact form, the contact page and the contact router agree on besides the field rules
 * (contact-rules.ts): where the form posts, what the answer says, its hidden fields, and the states a page starts in.
 */

/** Seed-spec §7: the form posts here, with or without JavaScript. */
export const CONTACT_SUBMIT_PATH = '/contact/submit';
/** Seed-spec §7: the answer is read as text; this text means success, anything else failure. */
export const CONTACT_SUCCESS_ANSWER = 'success';
/** The hidden field people never see; a bot that fills it is answered `success` and its message is kept as spam. */
export const HONEYPOT_FIELD = 'website';
/** The floor plan asked about: the `/contact?plan=<slug>` query and the form's hidden field of the same name. */
export const PLAN_FIELD = 'plan';

/** The homesite asked about: the `/contact?homesite=N` query and the form's hidden field of the same name. */
export const HOMESITE_FIELD = 'homesite';

/** The contact page that asks about one floor plan (the floor-plan pages' "Ask about" link). */
export function askAboutPlanHref(slug: string): string {
  return `/contact?${PLAN_FIELD}=${encodeURIComponent(slug)}`;
}

/**
 * How a send ended, as the page shows it: sent, not sent, or refused with the server's own sentence (sending too
 * often, a post too large to read), which the page shows as its notice.
 */
export type ContactSendOutcome = 'success' | 'failure' | 'rate-limited' | 'too-large';

/** What the server-rendered contact page starts with: a plain post's values and problems, or its outcome. */
export interface ContactPageState {
  values?: Partial<ContactInput>;
  errors?: ContactErrors;
  status?: ContactSendOutcome;
  /** The server's sentence for a refused post ('rate-limited', 'too-large'). */
  notice?: string;
  /** The floor plan asked about (its slug), kept in the form's hidden field `plan`. */
  plan?: string;
  /** The homesite asked about (its lot number), kept in the form's hidden field `homesite`. */
  homesite?: number;
  /** Where the visit began, kept in the form's hidden visit fields (docs/decisions/016-lead-context.md). */
  visit?: VisitContext;
  /**
   * The builder's contact page on a site of several communities asks which one the message is about (field
   * `community`, a slug; empty for "Not sure yet"): the communities to choose from, and the one chosen.
   */
  communities?: { slug: string; name: string }[];
  community?: string;
}
