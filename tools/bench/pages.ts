/**
 * The public pages of the contract (shared/spec/contract.md, "Routes") and of the sitemap, in the order the report
 * lists them; one homesite page stands for the 78 (they share one template).
 */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/site-plan',
  '/floor-plans',
  '/floor-plans/sweetwater-ii',
  '/floor-plans/silverwood-ii',
  '/floor-plans/canyon',
  '/floor-plans/overlook',
  '/contact',
  '/tours',
  '/quick-move-in',
  '/homesites/1',
  '/privacy',
  '/interest',
  '/agents',
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** The pages whose server throughput is compared with a static file server. */
export const THROUGHPUT_PAGES: readonly PublicPage[] = [
  '/',
  '/about',
  '/site-plan',
  '/floor-plans/sweetwater-ii',
  '/contact',
];

/**
 * Pages without any interaction: they must load no JavaScript at all. (/tours has its booking form, and loads the
 * boot script that records where the visit began: test/browser/javascript-budget.test.ts holds it to 4 KB.)
 */
export const NO_JS_PAGES: readonly PublicPage[] = [
  '/about',
  '/floor-plans',
  '/quick-move-in',
  '/homesites/1',
  '/privacy',
];

/** The page with the nearby map, whose Leaflet chunk must wait until the map is scrolled to. */
export const MAP_PAGE: PublicPage = '/site-plan';

/** A file-name-safe name for a page: `/` → `home`, `/floor-plans/canyon` → `floor-plans-canyon`. */
export function pageSlug(page: string): string {
  return page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
}
