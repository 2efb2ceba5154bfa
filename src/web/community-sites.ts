import type { Request, RequestHandler, Router } from 'express';
import type { Knex } from 'knex';
import type { ContentSource } from '../content/content-source.js';
import { withCommunityBase } from '../render/community-path.js';
import type { Community, CommunityDirectory } from '../services/community-directory.js';
import { setRequestCommunity } from './request-community.js';
import { setRequestContent } from './request-content.js';
import { isPreview } from './preview-router.js';

/** Where a community's pages live on a builder's site of several (contract wave 4, "Addresses"). */
export function communityAddress(community: Pick<Community, 'slug'>): string {
  return `/communities/${community.slug}`;
}

/**
 * The pages a community had at the site's root before the second community went public: on a builder's site each
 * answers 301 to the same page at its community's address. `/`, `/contact`, `/privacy` and `/agents` are the
 * builder's there; a buyer's tour page goes to its own community's address.
 */
const MOVED_PAGES = [
  /^\/about$/,
  /^\/site-plan$/,
  /^\/floor-plans(\/[^/]+)?$/,
  /^\/homesites(\/\d+)?$/,
  /^\/quick-move-in$/,
  /^\/tours(\/[A-Za-z0-9_-]{43}(\/cancel)?)?$/,
  /^\/interest$/,
];

function queryOf(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at);
}

/**
 * Serves each community's pages with the same routers at either address: at the root while the site is one
 * community's, under `/communities/<slug>` once two or more are public. `routerOf` gives a community's routers
 * (built once per community); the request's community, content and address prefix are set before they run, so
 * their pages, links, redirects and cache keys are that community's.
 */
export function createCommunitySites(deps: {
  db: Knex;
  communities: CommunityDirectory;
  content: ContentSource;
  routerOf: (community: Community) => Router;
  /** The not-found answer, for a path under a community's address that none of its pages has (in its frame). */
  notFound: RequestHandler;
}) {
  const { communities, content } = deps;

  function serve(community: Community, prefix: string, builderRoot = false): RequestHandler {
    return (req, res, next) => {
      setRequestCommunity(req, community);
      // A staff preview set the draft view of the community it previews (web/preview-router.ts).
      if (!isPreview(req)) {
        const published = content.publishedFor(community.id);
        if (!published) return next();
        setRequestContent(req, published);
      }
      const served = builderRoot ? { prefix, builderRoot } : { prefix, name: community.name, status: community.status };
      withCommunityBase(served, () => deps.routerOf(community)(req, res, next));
    };
  }

  /** `/communities/<slug>/…` on a builder's site: the community's own pages. */
  const atAddress: RequestHandler = (req, res, next) => {
    const community = communities.bySlug(String(req.params.slug ?? ''));
    // A community being set up is previewed at its address before the site has two public ones.
    if (!community || !(communities.isBuilderSite() || isPreview(req))) return next();
    if (community.status === 'closed') return res.redirect(301, '/communities');
    if (!community.public && !isPreview(req)) return next();
    // Nothing after the community's routers answers under its address: a missing page there is a 404 in the
    // community's frame (its name and nav), not the builder's.
    serve(community, communityAddress(community))(req, res, (error?: unknown) =>
      error === undefined || error === null ? deps.notFound(req, res, next) : next(error),
    );
  };

  /** The root: the one community's pages, or on a builder's site the moves to the new addresses. */
  const atRoot: RequestHandler = async (req, res, next) => {
    const first = communities.first();
    if (!communities.isBuilderSite()) return serve(first, '')(req, res, next);
    if ((req.method === 'GET' || req.method === 'HEAD') && MOVED_PAGES.some((page) => page.test(req.path))) {
      let owner = first;
      const token = /^\/tours\/([A-Za-z0-9_-]{43})/.exec(req.path)?.[1];
      if (token) {
        const tour = (await deps.db('tours').where({ token }).first('community_id')) as
          { community_id: number | string } | undefined;
        owner = (tour && communities.byId(Number(tour.community_id))) ?? first;
      }
      const target = req.path === '/' ? '' : req.path;
      return res.redirect(301, `${communityAddress(owner)}${target}${queryOf(req)}`);
    }
    // The builder's pages (contact, privacy, agents), posts from pages open since the move, and the APIs: served
    // by the first community's routers as before, in the builder's frame.
    serve(first, '', true)(req, res, next);
  };

  // Whoever reads the app's routes (the request log's secret-path test, the route walkers) finds a community's
  // routes under both handlers, as Express keeps a router's: every community has the same ones.
  for (const handler of [atAddress, atRoot]) {
    Object.defineProperty(handler, 'stack', { get: () => deps.routerOf(communities.first()).stack });
  }
  /** Marks every request of a builder's site as the builder's until a community's address says otherwise. */
  const builderFrame: RequestHandler = (_req, _res, next) => {
    if (!communities.isBuilderSite()) return next();
    withCommunityBase({ prefix: '', builderRoot: true }, next);
  };

  return { atAddress, atRoot, builderFrame };
}
