import { loadContent } from '../../src/content/index.js';

/** Every public page (contract "Routes"), the styled 404 page included. */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/site-plan',
  '/floor-plans',
  ...loadContent().floorPlans.map((plan) => `/floor-plans/${plan.slug}`),
  '/contact',
  '/no-such-page',
];
