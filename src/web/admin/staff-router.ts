import { Router } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../../content/index.js';
import type { DescribeImage } from '../../render/images.js';
import type { Renderer } from '../../render/renderer.js';
import type { HomesiteService } from '../../services/homesites.js';
import type { ImageLibrary } from '../../services/image-library.js';
import type { TourService } from '../../services/tours.js';
import type { LeadDesk } from '../../services/lead-desk.js';
import type { LeadOutboxHandle } from '../../services/lead-outbox.js';
import type { StaffTours } from '../../services/staff-tours.js';
import { createLeadsRouter } from './leads-router.js';
import { createDashboardRouter } from './dashboard-router.js';
import { createAdminHomesitesRouter } from './homesites-router.js';
import { createImagesRouter } from './images-router.js';
import { createMessagesRouter } from './messages-router.js';
import { createAdminToursRouter } from './tours-router.js';

export interface StaffRouterDeps {
  db: Knex;
  content: Content;
  renderer: Renderer;
  image: DescribeImage;
  images: ImageLibrary;
  homesites?: HomesiteService;
  tours?: TourService;
  staffTours?: StaffTours;
  desk: LeadDesk;
  outbox?: LeadOutboxHandle;
  siteUrl: string;
}

/**
 * Every /admin page and call, one router per resource. app.ts mounts this behind requireStaff and rejectCrossSite;
 * each state change also requires the CSRF token, and JSON calls must be sent as JSON (415 otherwise).
 */
export function createStaffRouter(deps: StaffRouterDeps): Router {
  const { homesites, tours, staffTours } = deps;
  const router = Router();
  router.use('/', createDashboardRouter(deps));
  router.use('/', createImagesRouter(deps));
  router.use('/', createMessagesRouter(deps));
  if (homesites) router.use('/', createAdminHomesitesRouter({ ...deps, homesites }));
  router.use('/', createLeadsRouter(deps));
  if (tours && staffTours) router.use('/', createAdminToursRouter({ ...deps, tours, staffTours }));
  return router;
}
