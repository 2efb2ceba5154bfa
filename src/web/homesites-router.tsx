import { Router, type RequestHandler } from 'express';
import type { Content } from '../content/index.js';
import { lotOutlinesOf } from '../content/lot-outlines.js';
import { homesiteJsonLd } from '../render/homesite-structured-data.js';
import type { HomesiteService } from '../services/homesites.js';
import { toPublicHomesite } from '../shared/homesite-record.js';
import { isHomesiteStatus, parseLotNumber, STATUS_MESSAGE, type HomesiteStatus } from '../shared/homesite-rules.js';
import { HomesitePage } from '../../views/homesites/HomesitePage.js';
import { QuickMoveInPage } from '../../views/homesites/QuickMoveInPage.js';
import { SitePlanPage } from '../../views/SitePlanPage.js';
import type { LotMapFilter } from '../shared/lot-map-props.js';
import { toHomesiteSummary, toLotMapHomesite } from './homesite-view-props.js';
import { rawQueryOf, type QueryKey } from './page-cache.js';
import { paymentEstimateFor, paymentEstimateQuery } from './payment-estimate.js';
import { contentOf } from './request-content.js';
import { siteProps, type PageKit } from './page-context.js';
import { communityPath } from '../render/community-path.js';

interface HomesitesRouterDeps extends PageKit {
  homesites: HomesiteService;
  /** The published content now: the site plan's query key is read before a request is routed. */
  published: () => Content;
  map: { tileUrl: string; attribution: string; stylesheet: string };
  siteUrl: string | undefined;
  /** Serves a page from the HTML cache, or caches what the route renders, keyed by the query it reads. */
  cached: (query?: QueryKey) => RequestHandler;
}

/** A query parameter's value when it is given once; absent or repeated, none. */
function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

/** The filter a no-JavaScript visitor asked for with the map's form (a raw query); anything unknown is ignored. */
function filterFrom(rawQuery: string, content: Content): LotMapFilter {
  const params = new URLSearchParams(rawQuery);
  const status = single(params, 'status');
  const plan = single(params, 'plan');
  return {
    status: isHomesiteStatus(status) ? status : '',
    plan: plan !== undefined && content.floorPlans.some((candidate) => candidate.name === plan) ? plan : '',
  };
}

/** The site plan is stored per filter it shows: at most one page per status and plan, whatever else is asked. */
function sitePlanQuery(published: () => Content): QueryKey {
  return (rawQuery) => {
    const filter = filterFrom(rawQuery, published());
    const key = new URLSearchParams();
    if (filter.status) key.set('status', filter.status);
    if (filter.plan) key.set('plan', filter.plan);
    return key.toString();
  };
}

/** Buyers' homesite pages and call: the site plan's live lot map, one page per homesite, quick move-in homes. */
export function createHomesitesRouter(deps: HomesitesRouterDeps): Router {
  const { renderer, image, homesites, map, cached, siteUrl } = deps;
  const router = Router({ caseSensitive: true });

  router.get('/api/homesites', async (req, res) => {
    const { status } = req.query;
    if (status !== undefined && !isHomesiteStatus(status)) {
      res.status(400).json({ error: STATUS_MESSAGE });
      return;
    }
    const rows = await homesites.list(status as HomesiteStatus | undefined);
    const { showPriceWhenTaken } = contentOf(req).homesites;
    res.json({ _embedded: { homesites: rows.map((row) => toPublicHomesite(row, showPriceWhenTaken)) } });
  });

  router.get('/site-plan', cached(sitePlanQuery(deps.published)), async (req, res) => {
    const content = contentOf(req);
    const outlines = lotOutlinesOf(content);
    const rows = await homesites.list();
    const summaries = rows.map((row) => toHomesiteSummary(content, row));
    const drawing = image(content.media.sitePlan.src, content.media.sitePlan.alt);
    res.send(
      renderer.page(
        <SitePlanPage
          {...siteProps(deps, req)}
          map={map}
          homesites={summaries}
          availableCount={rows.filter((row) => row.status === 'available').length}
          lotMap={{
            lots: rows.map((row) => toLotMapHomesite(content, row)),
            shapes: outlines.shapes,
            viewBox: outlines.viewBox,
            image: drawing,
            plans: content.floorPlans.map((plan) => plan.name),
            minimumLotSqft: content.homesites.minimumLotSqft,
            filter: filterFrom(rawQueryOf(req.originalUrl), content),
            contactPath: '/contact',
          }}
        />,
        {
          title: 'Site Plan',
          description: `The ${content.community.name} site plan with all ${rows.length} homesites, what each one is today, and the schools, medical care, groceries and parks nearby.`,
          path: '/site-plan',
          preloadImage: { image: drawing, sizes: '(min-width: 1200px) 1140px, 96vw' },
        },
      ),
    );
  });

  // The map's "Find homesite" form without JavaScript: /homesites?lot=12 → /homesites/12.
  router.get('/homesites', (req, res) => {
    const lot = typeof req.query.lot === 'string' ? parseLotNumber(req.query.lot.trim()) : undefined;
    res.redirect(303, communityPath(lot === undefined ? '/site-plan#homesites' : `/homesites/${lot}`));
  });

  router.get('/homesites/:lot', cached(paymentEstimateQuery), async (req, res, next) => {
    const lot = parseLotNumber(String(req.params.lot));
    const row = lot === undefined ? undefined : await homesites.find(lot);
    if (!row) return next();
    const content = contentOf(req);
    const homesite = toHomesiteSummary(content, row);
    const facts = [homesite.statusLabel, homesite.sqftText, homesite.plan?.name, homesite.priceText].filter(Boolean);
    res.send(
      renderer.page(
        <HomesitePage
          {...siteProps(deps, req)}
          homesite={homesite}
          paymentEstimate={paymentEstimateFor(req, homesite.price)}
        />,
        {
          title: `Homesite ${row.lot}`,
          description: `Homesite ${row.lot} at ${content.community.name}: ${facts.join(', ')}.`,
          path: `/homesites/${row.lot}`,
          jsonLd: [homesiteJsonLd(homesite, content, siteUrl)],
        },
      ),
    );
  });

  router.get('/quick-move-in', cached(), async (req, res) => {
    const content = contentOf(req);
    const homes = (await homesites.list('quick-move-in')).map((row) => toHomesiteSummary(content, row));
    res.send(
      renderer.page(<QuickMoveInPage {...siteProps(deps, req)} homes={homes} />, {
        title: 'Quick move-in homes',
        description: `${homes.length} quick move-in homes at ${content.community.name}: plan, price and ready date.`,
        path: '/quick-move-in',
        jsonLd: homes.map((home) => homesiteJsonLd(home, content, siteUrl)),
      }),
    );
  });

  return router;
}
