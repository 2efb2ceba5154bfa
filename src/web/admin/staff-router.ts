import { Router } from 'express';
import { requireRequestCommunity } from '../staff-scope.js';
import type { Knex } from 'knex';
import type { ContentService } from '../../services/content.js';
import { createContentApiRouter } from './content-api-router.js';
import { createContentRouter } from './content-router.js';
import type { DescribeImage } from '../../render/images.js';
import type { Renderer } from '../../render/renderer.js';
import type { HomesiteService } from '../../services/homesites.js';
import type { FileLibrary } from '../../services/file-library.js';
import type { ImageLibrary } from '../../services/image-library.js';
import type { TourService } from '../../services/tours.js';
import type { LeadDesk } from '../../services/lead-desk.js';
import type { LeadOutboxHandle } from '../../services/lead-outbox.js';
import type { StaffTours } from '../../services/staff-tours.js';
import { createLeadsRouter } from './leads-router.js';
import { createDashboardRouter } from './dashboard-router.js';
import { createFilesRouter } from './files-router.js';
import { createAdminHomesitesRouter } from './homesites-router.js';
import { createImagesRouter } from './images-router.js';
import { createMessagesRouter } from './messages-router.js';
import { createInterestAdminRouter } from './interest-router.js';
import { createAdminToursRouter } from './tours-router.js';
import { createAccountRouter, type AccountDeps } from './account-router.js';
import { createAuditRouter } from './audit-router.js';
import { createTeamRouter, type TeamDeps } from './team-router.js';
import { createReauth } from './reauth.js';
import { bareContentScope, createCommunitiesRouter } from './communities-router.js';
import type { SitePlanFiles } from '../../services/site-plan-files.js';
import type { CommunityDirectory } from '../../services/community-directory.js';
import type { PublicContentChanges } from '../../services/public-content.js';

export interface StaffRouterDeps {
  db: Knex;
  /** Uploaded site plans (services/site-plan-files.ts). */
  sitePlanFiles?: SitePlanFiles;
  content: ContentService;
  renderer: Renderer;
  image: DescribeImage;
  images: ImageLibrary;
  files: FileLibrary;
  homesites?: HomesiteService;
  /** Each community's homesites (the staff pages work in the switcher's community). */
  homesitesOf?: (community: number) => HomesiteService;
  tours?: TourService;
  /** Each community's tours (the staff pages work in the switcher's community). */
  toursOf?: (community: number) => TourService;
  team: Omit<TeamDeps, 'db' | 'content' | 'renderer' | 'reauth'>;
  account: Omit<AccountDeps, 'db' | 'content' | 'renderer' | 'reauth'>;
  staffTours?: StaffTours;
  desk: LeadDesk;
  outbox?: LeadOutboxHandle;
  siteUrl: string;
  /** The public map's tiles and stylesheet, for the small maps of the content editors' map points. */
  map?: { tileUrl: string; attribution: string; stylesheet: string };
  /** The install's communities and the "public content changed" event: the communities' pages and calls. */
  communities?: CommunityDirectory;
  publicContent?: PublicContentChanges;
}

/**
 * Every /admin page and call, one router per resource. app.ts mounts this behind requireStaff, rejectCrossSite and
 * requirePermission (the permission table: a path without an entry is refused to every role);
 * each state change also requires the CSRF token, and JSON calls must be sent as JSON (415 otherwise).
 */
export function createStaffRouter(deps: StaffRouterDeps): Router {
  const { homesites, tours, staffTours } = deps;
  const router = Router();
  // The request's community's own pages: 404 to an account that does not reach it.
  router.use(
    [
      '/homesites',
      '/homesites.csv',
      '/homepage-images',
      '/upload/homepageimage',
      '/reorder/homepageimages',
      '/delete/homepageimage',
    ],
    requireRequestCommunity,
  );
  // A booking and an update to the interest list are made in the request's community.
  router.post('/tours', requireRequestCommunity);
  router.post('/interest/updates', requireRequestCommunity);
  router.use('/', createDashboardRouter(deps));
  if (deps.communities) {
    // A bare section id reaches a community's sections only in the community the person works in.
    const bare = bareContentScope(deps.communities);
    router.use('/content', bare.prepare);
    router.use('/', createContentApiRouter({ ...deps, refOf: bare.refOf }));
    router.use('/', createContentRouter({ ...deps, refOf: bare.refOf, communitySections: bare.communitySections }));
  } else {
    router.use('/', createContentApiRouter(deps));
    router.use('/', createContentRouter(deps));
  }
  router.use('/', createImagesRouter(deps));
  router.use('/', createFilesRouter(deps));
  router.use('/', createMessagesRouter(deps));
  router.use('/', createInterestAdminRouter(deps));
  if (homesites) router.use('/', createAdminHomesitesRouter({ ...deps, homesites }));
  router.use('/', createLeadsRouter(deps));
  if (tours && staffTours) router.use('/', createAdminToursRouter({ ...deps, tours, staffTours }));
  // One re-authentication count per account, whichever page asks for the password (decision 042).
  const reauth = createReauth({ db: deps.db, ...deps.account });
  router.use('/', createTeamRouter({ ...deps, ...deps.team, reauth, communities: deps.communities }));
  router.use('/', createAccountRouter({ ...deps, ...deps.account, reauth }));
  router.use('/', createAuditRouter(deps));
  if (deps.communities && deps.publicContent)
    router.use(
      '/',
      createCommunitiesRouter({ ...deps, communities: deps.communities, publicContent: deps.publicContent }),
    );
  return router;
}
