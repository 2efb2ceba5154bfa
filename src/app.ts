import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Content } from './content/index.js';
import { checkLotsHaveShapes, loadLotOutlines, type LotOutlines } from './content/lot-outlines.js';
import {
  loadAssetManifest,
  loadImageManifest,
  type AssetManifest,
  type ImageManifest,
} from './render/asset-manifest.js';
import { createImageDescriber } from './render/images.js';
import { createRenderer } from './render/renderer.js';
import { loadServerWidgets } from './render/widget.js';
import { createHomesiteService } from './services/homesites.js';
import { createImageLibrary } from './services/image-library.js';
import type { LeadOutboxHandle } from './services/lead-outbox.js';
import type { PublicContentChanges } from './services/public-content.js';
import { createTourService } from './services/tours.js';
import { createLeadDesk } from './services/lead-desk.js';
import { createStaffTours } from './services/staff-tours.js';
import { createToursFeedRouter } from './web/tours-feed-router.js';
import type { UploadCleanupHandle } from './services/upload-cleanup.js';
import type { UploadStorage } from './services/upload-storage.js';
import { resolveSessionSecret } from './session-secret.js';
import { createStaffRouter } from './web/admin/staff-router.js';
import { createApiRouter } from './web/api-router.js';
import { createAuthRouter } from './web/auth-router.js';
import { keepSessionCookieFirst } from './web/login-throttle.js';
import { rejectCrossSite } from './web/csrf.js';
import { requireStaff } from './web/require-staff.js';
import { createStaffSession, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './web/staff-session.js';
import { createContactRouter } from './web/contact-router.js';
import { contactPageQuery } from './web/contact-page-query.js';
import { createHomesitesRouter } from './web/homesites-router.js';
import { createLeadRateLimit } from './web/lead-rate-limit.js';
import { rateLimitStoresFor } from './web/rate-limit-store.js';
import { createToursRouter } from './web/tours-router.js';
import { errorHandler, notFound } from './web/errors.js';
import type { PageKit } from './web/page-context.js';
import { answerCachedHits, servePageCache, type CachedHitAnswer, type PageCache } from './web/page-cache.js';
import { createPagesRouter } from './web/pages-router.js';
import { createSiteFilesRouter } from './web/site-files-router.js';
import { createRequestLog } from './web/request-log.js';
import { securityHeaderList, securityHeaders } from './web/security-headers.js';
import { createStaticRouter } from './web/static-files.js';
import { serveUploads } from './web/uploads-route.js';
import { removeTrailingSlash } from './web/trailing-slash.js';
import { attachContent } from './web/request-content.js';
import { fixedContentSource } from './content/content-source.js';
import { lazyStylesheets } from '../widgets/registry.js';

export interface AppDeps {
  config: Config;
  db: Knex;
  content: Content;
  logger: Logger;
  assets?: AssetManifest;
  images?: ImageManifest;
  /** The lead outbox: which deliveries a new lead gets, and a nudge to its worker once one is stored. */
  outbox?: LeadOutboxHandle;
  /** "Public content changed", passed to every service that changes what public pages show. */
  publicContent: PublicContentChanges;
  /** The public pages' HTML cache (its owner starts and stops its watch). */
  pageCache: PageCache;
  /** Where staff uploads are stored (services/configured-upload-storage.ts). */
  uploads: UploadStorage;
  /** The worker that removes upload folders no image names any more; its owner starts and stops it. */
  uploadCleanup: UploadCleanupHandle;
  /** The site plan's lot outlines; read from the file content.homesites.outlines names unless given. */
  lotOutlines?: LotOutlines;
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Lets `answer` take a request before Express does anything with it. An Express app is a function that calls
 * `app.handle`, which sets the request's and response's prototypes and builds the router's state: on a cached page
 * that costs more than node's whole answer (decision 018), so a cache hit is answered ahead of it.
 */
function answerFirst(app: Express, answer: CachedHitAnswer): void {
  const target = app as unknown as { handle: Handle };
  const handle = target.handle.bind(app);
  target.handle = (req, res, next) => {
    if (!answer(req, res)) handle(req, res, next);
  };
}

/** Builds the Express app: middleware order, routers, error handling. Listening is server.ts's job. */
export async function createApp(deps: AppDeps): Promise<Express> {
  const { config, db, content, logger, publicContent, pageCache, uploads, uploadCleanup } = deps;
  await loadServerWidgets();
  const assets = deps.assets ?? loadAssetManifest();
  const outlines = deps.lotOutlines ?? loadLotOutlines(content);
  const lotsOnPlan = new Set(outlines.shapes.map((shape) => shape.lot));
  const homesites = createHomesiteService({
    db,
    planNames: content.floorPlans.map((plan) => plan.name),
    priceRange: content.homesites.priceRange,
    lotsOnPlan,
    publicContent,
  });
  const images = createImageLibrary({ db, uploads, publicContent, cleanup: uploadCleanup });
  checkLotsHaveShapes(
    outlines,
    (await homesites.list()).map((row) => row.lot),
    content.homesites.outlines,
  );
  const kit: PageKit = {
    content,
    renderer: createRenderer({ assets, siteName: content.community.name, siteUrl: config.siteUrl }),
    image: createImageDescriber(deps.images ?? loadImageManifest()),
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  const requestLog = createRequestLog(logger);
  const headerOptions = { tileUrl: config.map.tileUrl, production: config.env === 'production' };
  answerFirst(
    app,
    answerCachedHits(pageCache, { headers: securityHeaderList(headerOptions), served: requestLog.served }),
  );
  app.use(requestLog.middleware);
  app.use(securityHeaders(headerOptions));
  app.use(compression());
  app.use(removeTrailingSlash);
  app.use(attachContent(fixedContentSource(content)));
  app.use(createStaticRouter());
  app.use('/uploads', serveUploads(uploads, logger));
  app.use(createSiteFilesRouter({ db, content, siteUrl: config.siteUrl }));
  app.use(createApiRouter(db));
  const mapConfig = {
    tileUrl: config.map.tileUrl,
    attribution: config.map.attribution,
    stylesheet: assets.lazyCss[lazyStylesheets.Nearby] ?? '',
  };
  const rateLimitStores = rateLimitStoresFor(db, config.database.client);
  const leadRateLimit = createLeadRateLimit(config.contactRateLimit, rateLimitStores);
  const tours = createTourService({
    db,
    settings: content.tours,
    timeZone: content.community.timeZone,
    planSlugs: content.floorPlans.map((plan) => plan.slug),
    deliveries: deps.outbox?.channels ?? [],
  });
  const desk = createLeadDesk({ db });
  app.use(createToursRouter({ ...kit, tours, leadRateLimit, siteUrl: config.siteUrl, outbox: deps.outbox }));
  app.use(
    createContactRouter({
      ...kit,
      db,
      leadRateLimit,
      outbox: deps.outbox,
      // The form's visit fields are filled from the Referer (request-visit.ts).
      cached: servePageCache(pageCache, { renderedFrom: 'referer', query: contactPageQuery(content, lotsOnPlan) }),
      homesites,
    }),
  );
  app.use(
    createHomesitesRouter({
      ...kit,
      homesites,
      outlines,
      map: mapConfig,
      siteUrl: config.siteUrl,
      cached: (query) => servePageCache(pageCache, { query }),
    }),
  );
  app.use(
    createPagesRouter({
      ...kit,
      heroStylesheet: assets.lazyCss[lazyStylesheets.HomeCarousel] ?? '',
      cached: servePageCache(pageCache),
      siteUrl: config.siteUrl,
      db,
      homesites,
    }),
  );
  const sessionSecret = resolveSessionSecret(config);
  const staffSession = createStaffSession({ config, db, secret: sessionSecret });
  // Calendar apps fetch the team's feed without a session: its token is the key (ahead of the staff gate).
  app.use(createToursFeedRouter({ db, siteUrl: config.siteUrl }));
  app.use('/login', keepSessionCookieFirst);
  app.use(['/login', '/logout', '/admin'], staffSession.middleware);
  app.use(
    createAuthRouter({
      passport: staffSession.passport,
      renderer: kit.renderer,
      communityName: content.community.name,
      loginRateLimit: config.loginRateLimit,
      rateLimitStores,
      sessionCookie: config.env === 'production' ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
      sessionSecret,
      production: config.env === 'production',
    }),
  );
  app.use(
    '/admin',
    requireStaff,
    rejectCrossSite,
    createStaffRouter({
      db,
      content,
      renderer: kit.renderer,
      image: kit.image,
      images,
      homesites,
      tours,
      staffTours: createStaffTours({ db, tours, siteUrl: config.siteUrl, deliveries: deps.outbox?.channels ?? [] }),
      desk,
      outbox: deps.outbox,
      siteUrl: config.siteUrl,
    }),
  );
  app.use(notFound(kit));
  app.use(errorHandler(kit, logger));
  return app;
}
