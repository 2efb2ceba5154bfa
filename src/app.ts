import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import express, { Router, type Express, type Request } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { checkLotsHaveShapes, lotOutlinesOf } from './content/lot-outlines.js';
import {
  loadAssetManifest,
  loadImageManifest,
  type AssetManifest,
  type ImageManifest,
} from './render/asset-manifest.js';
import { createImageDescriber } from './render/images.js';
import type { LibraryImageSource } from './services/library-images.js';
import { createRenderer } from './render/renderer.js';
import { loadServerWidgets } from './render/widget.js';
import { createFileLibrary } from './services/file-library.js';
import { createImageLibrary } from './services/image-library.js';
import type { ContentService } from './services/content.js';
import type { LeadOutboxHandle } from './services/lead-outbox.js';
import type { PublicContentChanges } from './services/public-content.js';
import { createCommunityServices, homesiteRules } from './services/community-services.js';
import type { Community, CommunityDirectory } from './services/community-directory.js';
import { createBuilderRouter } from './web/builder-router.js';
import { communityAddress, createCommunitySites } from './web/community-sites.js';
import type { SitePlanFiles } from './services/site-plan-files.js';
import { serveSitePlanFiles } from './web/site-plan-files-route.js';
import { createLeadDesk } from './services/lead-desk.js';
import { createStaffTours } from './services/staff-tours.js';
import { createToursFeedRouter } from './web/tours-feed-router.js';
import type { UploadCleanupHandle } from './services/upload-cleanup.js';
import type { UploadStorage } from './services/upload-storage.js';
import { resolveSessionSecret } from './session-secret.js';
import { createStaffRouter } from './web/admin/staff-router.js';
import { attachStaffScope } from './web/staff-scope.js';
import { createApiRouter } from './web/api-router.js';
import { createAuthRouter } from './web/auth-router.js';
import { keepSessionCookieFirst } from './web/login-throttle.js';
import { rejectCrossSite } from './web/csrf.js';
import { requireStaff } from './web/require-staff.js';
import { requirePermission } from './web/require-permission.js';
import { createAccountLinksRouter } from './web/account-links-router.js';
import { answerForbidden } from './web/admin/forbidden.js';
import type { StaffMailer } from './services/staff-mail.js';
import type { RelyingParty } from './services/passkeys.js';
import { createStaffSession, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './web/staff-session.js';
import { createContactRouter } from './web/contact-router.js';
import { contactPageQuery } from './web/contact-page-query.js';
import { createHomesitesRouter } from './web/homesites-router.js';
import { createHomesRouter } from './web/homes-router.js';
import { communityHomesOf, homeEntriesOf } from './services/home-entries.js';
import { communityToday } from './content/promotions.js';
import { memoByKey } from './shared/memo-by-key.js';
import { listHomesitesByStatus } from './db/homesites.js';
import { createLeadRateLimit } from './web/lead-rate-limit.js';
import { rateLimitStoresFor } from './web/rate-limit-store.js';
import { createToursRouter } from './web/tours-router.js';
import { createAgentsRouter } from './web/agents-router.js';
import { createFeedsRouter } from './web/feeds-router.js';
import { createInterestRouter } from './web/interest-router.js';
import { errorHandler, notFound } from './web/errors.js';
import type { PageKit } from './web/page-context.js';
import { answerCachedHits, servePageCache, type CachedHitAnswer, type PageCache } from './web/page-cache.js';
import { createPagesRouter } from './web/pages-router.js';
import { paymentEstimateQuery } from './web/payment-estimate.js';
import { createPreviewRouter } from './web/preview-router.js';
import { createSiteFilesRouter } from './web/site-files-router.js';
import { createRequestLog } from './web/request-log.js';
import { securityHeaderList, securityHeaders } from './web/security-headers.js';
import { createStaticRouter } from './web/static-files.js';
import { serveUploads } from './web/uploads-route.js';
import { createFileLinksRouter } from './web/admin/files-router.js';
import { removeTrailingSlash } from './web/trailing-slash.js';
import { attachContent } from './web/request-content.js';
import { attachCommunity } from './web/request-community.js';
import { lazyStylesheets } from '../widgets/registry.js';
import { chooseStaffCommunity, createCommunitySwitchRouter } from './web/staff-community.js';

export interface AppDeps {
  config: Config;
  db: Knex;
  /** The published content and its drafts (services/content.ts): asked per request, never kept. */
  content: ContentService;
  /** The install's communities (decision 050). */
  communities: CommunityDirectory;
  /** Site-plan drawings and outlines kept in the database (services/site-plan-files.ts). */
  sitePlanFiles?: SitePlanFiles;
  logger: Logger;
  assets?: AssetManifest;
  images?: ImageManifest;
  /** The file library's images by lasting address, for content that names one (services/library-images.ts). */
  libraryImages?: LibraryImageSource;
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
  /** Sends staff e-mails (invitations, password resets) when SMTP_URL is set; its owner starts and stops it. */
  staffMailer?: StaffMailer;
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

/** How often the search's entries are read again at the latest: every time zone's day turns on a quarter hour. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** Builds the Express app: middleware order, routers, error handling. Listening is server.ts's job. */
export async function createApp(deps: AppDeps): Promise<Express> {
  const { config, db, content, communities, logger, publicContent, pageCache, uploads, uploadCleanup } = deps;
  await loadServerWidgets();
  const assets = deps.assets ?? loadAssetManifest();
  const servicesOf = createCommunityServices({
    db,
    content,
    publicContent,
    deliveries: deps.outbox?.channels ?? [],
    siteUrl: config.siteUrl,
  });
  const { homesites } = servicesOf(communities.first().id);
  const images = createImageLibrary({ db, uploads, publicContent, cleanup: uploadCleanup });
  const files = createFileLibrary({
    db,
    uploads,
    publicContent,
    cleanup: uploadCleanup,
    limits: config.fileLimits,
    images: deps.libraryImages,
  });
  const published = content.published();
  checkLotsHaveShapes(
    lotOutlinesOf(published),
    (await homesites.list()).map((row) => row.lot),
    published.homesites.outlines,
  );
  const kit: PageKit = {
    renderer: createRenderer({
      assets,
      siteName: () => content.published().community.name,
      builderName: () => content.published().builder.name,
      siteUrl: config.siteUrl,
    }),
    image: createImageDescriber(deps.images ?? loadImageManifest(), () => deps.libraryImages?.manifest() ?? {}),
  };

  const sessionSecret = resolveSessionSecret(config);
  const staffSession = createStaffSession({ config, db, secret: sessionSecret });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  // First, so a preview goes through everything below once, under its public path (web/preview-router.ts).
  const permission = requirePermission(answerForbidden(kit.renderer, () => content.published().community.name));
  app.use(createPreviewRouter({ app, content, communities, session: staffSession.middleware, permission }));
  const requestLog = createRequestLog(logger);
  const headerOptions = { tileUrl: config.map.tileUrl, production: config.env === 'production' };
  answerFirst(
    app,
    answerCachedHits(pageCache, { headers: securityHeaderList(headerOptions), served: requestLog.served }),
  );
  app.use(requestLog.middleware);
  app.use(attachCommunity(communities));
  // Every page of a builder's site is the builder's until a community's address says otherwise.
  const communitySites = createCommunitySites({
    db,
    communities,
    content,
    routerOf: (community) => routerOf(community),
    notFound: notFound(kit),
  });
  app.use(communitySites.builderFrame);
  app.use(attachContent(content));
  app.use(securityHeaders(headerOptions));
  // A byte range (206) is a slice of the stored bytes as they are: never compressed.
  app.use(compression({ filter: (req, res) => res.statusCode !== 206 && compression.filter(req, res) }));
  app.use(removeTrailingSlash);
  // Ahead of static/: a generated sample's drawings live under /sample/communities/ in the database.
  if (deps.sitePlanFiles) app.use(serveSitePlanFiles(deps.sitePlanFiles));
  app.use(createStaticRouter());
  app.use('/uploads', serveUploads(uploads, logger));
  app.use(createFileLinksRouter(files));
  app.use(createSiteFilesRouter({ db, siteUrl: config.siteUrl, communities, content }));
  app.use(createApiRouter(db));
  const mapConfig = {
    tileUrl: config.map.tileUrl,
    attribution: config.map.attribution,
    stylesheet: assets.lazyCss[lazyStylesheets.Nearby] ?? '',
  };
  const rateLimitStores = rateLimitStoresFor(db, config.database.client);
  const leadRateLimit = createLeadRateLimit(config.contactRateLimit, rateLimitStores);
  const desk = createLeadDesk({ db });
  app.use(
    createAgentsRouter({ db, renderer: kit.renderer, leadRateLimit, outbox: deps.outbox, siteUrl: config.siteUrl }),
  );
  app.use(
    createFeedsRouter({
      db,
      communities,
      servicesOf,
      siteUrl: config.siteUrl,
      cached: servePageCache(pageCache, { type: 'xml' }),
    }),
  );
  // "Find your home": every public community's quick move-in homes and offered plans (decision 053).
  app.use(
    createHomesRouter({
      ...kit,
      // Read again only when the page cache is cleared (any public change, here or on another instance), the
      // communities or a published revision change, or a quarter hour passes (every time zone's day turns on one, and
      // with it the promotions showing): not for every search.
      entries: memoByKey(
        () => [
          pageCache.currentGeneration,
          communities.all(),
          Math.floor(Date.now() / QUARTER_HOUR_MS),
          ...communities.all().map((community) => servicesOf(community.id).content.published()),
        ],
        async () => {
          const builderSite = communities.isBuilderSite();
          // A sold-out community's pages stay, but it has nothing left to offer (decision 050).
          const listed = (
            builderSite ? communities.all().filter((community) => community.public) : [communities.first()]
          ).filter((community) => community.status !== 'sold-out');
          const quick = await listHomesitesByStatus(
            db,
            listed.map((community) => community.id),
            'quick-move-in',
          );
          return listed.flatMap((community) => {
            const current = servicesOf(community.id).content.published();
            const address = builderSite ? communityAddress(community) : '';
            const homes = communityHomesOf(current, quick.get(community.id) ?? [], communityToday(current), address);
            return homeEntriesOf({ ...homes, slug: community.slug });
          });
        },
      ),
      today: () => communityToday(content.published()),
      map: mapConfig,
      cached: (query) => servePageCache(pageCache, { query }),
      cacheGeneration: () => pageCache.currentGeneration,
    }),
  );
  app.use(
    createBuilderRouter({
      ...kit,
      db,
      communities,
      content,
      cached: servePageCache(pageCache),
      siteUrl: config.siteUrl,
      map: mapConfig,
    }),
  );
  /** A community's public pages: the wave 1–3 routers, bound to its services (made once per community). */
  const communityRouters = new Map<number, Router>();
  const routerOf = (community: Community): Router => {
    const made = communityRouters.get(community.id);
    if (made) return made;
    const own = servicesOf(community.id);
    const router = Router();
    router.use(
      createToursRouter({ ...kit, tours: own.tours, leadRateLimit, siteUrl: config.siteUrl, outbox: deps.outbox }),
    );
    router.use(
      createContactRouter({
        ...kit,
        db,
        leadRateLimit,
        outbox: deps.outbox,
        // The form's visit fields are filled from the Referer (request-visit.ts).
        cached: servePageCache(pageCache, {
          renderedFrom: 'referer',
          query: contactPageQuery(() => {
            const current = own.content.published();
            return { content: current, lotsOnPlan: homesiteRules(current).lotsOnPlan };
          }),
        }),
        homesites: own.homesites,
        siteUrl: config.siteUrl,
        choices: () =>
          communities
            .all()
            .filter((candidate) => candidate.public && candidate.status !== 'closed')
            .map(({ id, slug, name }) => {
              const own = content.publishedFor(id)?.community;
              const href = communityAddress({ slug });
              return {
                id,
                slug,
                name,
                ...(own ? { office: { name, href, address: own.address, salesHours: own.salesHours } } : {}),
              };
            }),
      }),
    );
    router.use(createInterestRouter({ db, renderer: kit.renderer, leadRateLimit, outbox: deps.outbox }));
    router.use(
      createHomesitesRouter({
        ...kit,
        homesites: own.homesites,
        published: () => own.content.published(),
        map: mapConfig,
        siteUrl: config.siteUrl,
        cached: (query) => servePageCache(pageCache, { query }),
      }),
    );
    router.use(
      createPagesRouter({
        ...kit,
        heroStylesheet: assets.lazyCss[lazyStylesheets.HomeCarousel] ?? '',
        cached: servePageCache(pageCache),
        cachedWithEstimate: servePageCache(pageCache, { query: paymentEstimateQuery }),
        retiredPlanSlugs: () => content.retiredPlanSlugs(community.id),
        siteUrl: config.siteUrl,
        db,
        homesites: own.homesites,
      }),
    );
    communityRouters.set(community.id, router);
    return router;
  };
  app.use('/communities/:slug', communitySites.atAddress);
  app.use(communitySites.atRoot);
  // Calendar apps fetch the team's feed without a session: its token is the key (ahead of the staff gate).
  app.use(createToursFeedRouter({ db, siteUrl: config.siteUrl }));
  app.use('/login', keepSessionCookieFirst);
  app.use(['/login', '/logout', '/admin'], staffSession.middleware);
  const production = config.env === 'production';
  /**
   * The origin links in e-mails and passkeys are bound to: SITE_URL whenever it is set, in any mode (never the
   * request's Host header, which any client sets); without it (outside production only: config.ts requires it
   * there), the request's own origin, as tests on a random port need.
   */
  const originOf = (req: Request) =>
    production || config.siteUrlSet ? config.siteUrl : `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  const relyingParty = (req: Request): RelyingParty => {
    const origin = originOf(req);
    return { id: new URL(origin).hostname, name: content.published().community.name, origin };
  };
  const mailStored = () => deps.staffMailer?.nudge();
  app.use(
    createAccountLinksRouter({
      db,
      renderer: kit.renderer,
      communityName: () => content.published().community.name,
      passwordHashCost: config.passwordHashCost,
      mail: config.staffMail !== undefined,
      mailStored,
      origin: originOf,
      loginRateLimit: config.loginRateLimit,
      rateLimitStores,
    }),
  );
  app.use(
    createAuthRouter({
      db,
      relyingParty,
      passport: staffSession.passport,
      renderer: kit.renderer,
      communityName: () => content.published().community.name,
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
    attachStaffScope(db),
    chooseStaffCommunity(communities, content),
    rejectCrossSite,
    permission,
    createCommunitySwitchRouter(),
    createStaffRouter({
      db,
      sitePlanFiles: deps.sitePlanFiles,
      content,
      renderer: kit.renderer,
      image: kit.image,
      images,
      files,
      homesites,
      tours: servicesOf(communities.first().id).tours,
      homesitesOf: (community) => servicesOf(community).homesites,
      toursOf: (community) => servicesOf(community).tours,
      staffTours: createStaffTours({
        db,
        toursOf: (community) => servicesOf(community).tours,
        siteUrl: config.siteUrl,
        deliveries: deps.outbox?.channels ?? [],
      }),
      desk,
      outbox: deps.outbox,
      siteUrl: config.siteUrl,
      map: mapConfig,
      communities,
      publicContent,
      team: { mail: config.staffMail !== undefined, mailStored, origin: originOf },
      account: {
        sessionIdleMs: config.sessionIdleMs,
        passwordHashCost: config.passwordHashCost,
        relyingParty,
        siteUrl: config.siteUrl,
        loginRateLimit: config.loginRateLimit,
        rateLimitStores,
      },
    }),
  );
  app.use(notFound(kit));
  app.use(errorHandler(kit, logger));
  return app;
}
