import { derivedFrom } from '../content/derived.js';
import type { Content } from '../content/index.js';
import { askAboutHomesiteHref, CONTACT_PATH } from '../shared/homesite-links.js';
import { askAboutPlanHref } from '../shared/contact-form.js';
import type { QueryKey } from './page-cache.js';

/** The query of one of the site's own links to the contact page. */
function queryOf(href: string): string {
  return href.slice(href.indexOf('?') + 1);
}

/**
 * How `/contact` is stored by its query. Without a Referer the form writes its own address into `landing_page`
 * (request-visit.ts, decision 016), so the query is part of the page as written: only the queries the site's own
 * links carry are stored, each exactly as they write it — `sent=1` (after a plain post), `plan=<a plan's slug>`,
 * `homesite=<a lot on the plan>` — which bounds the entries by plans and lots. Any other query (UTM parameters,
 * fbclid, a typo) is rendered for its own request, as one with a Referer always is.
 */
export function contactPageQuery(current: () => { content: Content; lotsOnPlan: Iterable<number> }): QueryKey {
  return (rawQuery) => {
    if (rawQuery === '') return rawQuery;
    const { content, lotsOnPlan } = current();
    const stored = derivedFrom(
      content,
      'contact-page-queries',
      () =>
        new Set([
          'sent=1',
          ...content.floorPlans.map((plan) => queryOf(askAboutPlanHref(plan.slug))),
          ...[...lotsOnPlan].map((lot) => queryOf(askAboutHomesiteHref(lot, CONTACT_PATH))),
        ]),
    );
    return stored.has(rawQuery) ? rawQuery : undefined;
  };
}
