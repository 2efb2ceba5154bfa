import { PUBLIC_PAGES as SITE_PAGES } from '../support/site-pages.js';

/** Every public page a visitor opens (contract "Routes" and wave 2), the styled 404 page included: no outcome pages. */
export const PUBLIC_PAGES = SITE_PAGES.filter((page) => page.method !== 'POST' && !page.path.includes('?')).map(
  (page) => page.path,
);
