import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Knex } from 'knex';
import { floorPlanBySlug } from '../content/index.js';
import { builderJsonLd, builderOrganizationJsonLd, floorPlanJsonLd } from '../render/structured-data.js';
import { collectionImages } from '../services/gallery-images.js';
import { AboutPage } from '../../views/AboutPage.js';
import { FloorPlanPage } from '../../views/FloorPlanPage.js';
import { FloorPlansIndexPage } from '../../views/FloorPlansIndexPage.js';
import { heroSizes, HomePage } from '../../views/HomePage.js';
import { PrivacyPage } from '../../views/PrivacyPage.js';
import type { HomesiteService } from '../services/homesites.js';
import { toHomesiteSummary } from './homesite-view-props.js';
import { siteProps, type PageKit } from './page-context.js';
import { paymentEstimateFor } from './payment-estimate.js';
import { builderContentOf, contentOf } from './request-content.js';
import { onBuilderRoot } from '../render/community-path.js';
import { activePromotions, communityToday } from '../content/promotions.js';
import { ErrorPage } from '../../views/ErrorPage.js';
import { communityOf } from './request-community.js';

interface PagesDeps extends PageKit {
  db: Knex;
  homesites: HomesiteService;
  siteUrl: string | undefined;
  /** The home carousel's slideshow stylesheet, which the carousel links once it runs. */
  heroStylesheet: string;
  /** Serves a page from the HTML cache, or caches what the route renders. */
  cached: RequestHandler;
  /** The same for a page with a payment estimate, keyed by its query as payment-estimate.ts says. */
  cachedWithEstimate: RequestHandler;
  /** Plans once published and since retired: their pages answer 410 Gone. */
  retiredPlanSlugs: () => ReadonlySet<string>;
}

/** The public pages: thin handlers that read the database and render a view. */
export function createPagesRouter(deps: PagesDeps): Router {
  const { db, renderer, image, cached, siteUrl, homesites, heroStylesheet } = deps;
  // Case-sensitive, so one page has one URL (and one cache entry): /About is a 404, not a copy of /about.
  const router = Router({ caseSensitive: true });

  /** A retired plan's page: 410 Gone, with the way to the plans there are. */
  function renderRetiredPlan(req: Request, res: Response) {
    res.status(410).send(
      renderer.page(<ErrorPage {...siteProps(deps, req)} status={410} />, {
        title: 'This plan is no longer offered',
        description: 'This floor plan is no longer offered.',
        path: req.path,
        noindex: true,
      }),
    );
  }

  router.get('/', cached, async (req, res) => {
    const content = contentOf(req);
    const carousel = await collectionImages(db, { kind: 'homepage', community: communityOf(req).id }, image);
    const slides = carousel.map((entry) => entry.image);
    const first = slides[0];
    const lots = await homesites.list();
    const counters = {
      homeLots: lots.length,
      floorPlans: content.floorPlans.length,
      availableNow: lots.filter((lot) => lot.status === 'available').length,
      quickMoveIn: lots.filter((lot) => lot.status === 'quick-move-in').length,
    };
    res.send(
      renderer.page(
        <HomePage
          {...siteProps(deps, req)}
          slides={slides}
          counters={counters}
          promotions={activePromotions(content, communityToday(content))}
          stylesheet={heroStylesheet}
        />,
        {
          title: content.community.name,
          description: `${content.community.description} ${content.community.tagline}.`,
          path: '/',
          preloadImage: first ? { image: first, sizes: heroSizes(first), capOnSmallScreens: true } : undefined,
          shareImage: carousel[0]?.row.url,
          jsonLd: [builderJsonLd(content, siteUrl)],
        },
      ),
    );
  });

  router.get('/about', cached, (req, res) => {
    const content = contentOf(req);
    res.send(
      renderer.page(<AboutPage {...siteProps(deps, req)} />, {
        title: 'About',
        description: `About ${content.community.name}: the community, included features, a model home walkthrough and our preferred lenders.`,
        path: '/about',
        shareImage: content.media.portrait.src,
      }),
    );
  });

  router.get('/floor-plans', cached, (req, res) => {
    const content = contentOf(req);
    res.send(
      renderer.page(<FloorPlansIndexPage {...siteProps(deps, req)} />, {
        title: 'Floor Plans',
        description: `The ${content.floorPlans.length} floor plans at ${content.community.name}: ${content.floorPlans.map((plan) => plan.name).join(', ')}.`,
        path: '/floor-plans',
      }),
    );
  });

  router.get('/floor-plans/:slug', deps.cachedWithEstimate, async (req, res, next) => {
    const content = contentOf(req);
    const slug = String(req.params.slug);
    const plan = floorPlanBySlug(content, slug);
    if (!plan) return deps.retiredPlanSlugs().has(slug) ? renderRetiredPlan(req, res) : next();
    const gallery = await collectionImages(db, { kind: 'floorplan', floorplan: plan.name }, image);
    const quickMoveIns = (await homesites.list('quick-move-in'))
      .filter((row) => row.plan === plan.name)
      .map((row) => toHomesiteSummary(content, row));
    const images = gallery.map((entry) => entry.image);
    const promotions = activePromotions(content, communityToday(content), plan.slug);
    res.send(
      renderer.page(
        <FloorPlanPage
          {...siteProps(deps, req)}
          plan={plan}
          images={images}
          quickMoveIns={quickMoveIns}
          promotions={promotions}
          paymentEstimate={paymentEstimateFor(req, plan.basePrice)}
        />,
        {
          title: `${plan.name} Floor Plan`,
          description: `${plan.name} at ${content.community.name}: ${plan.beds} beds, ${plan.baths} baths, ${plan.squareFeet.toLocaleString('en-US')} sq ft. ${plan.summary}`,
          path: `/floor-plans/${plan.slug}`,
          shareImage: plan.cover.src,
          jsonLd: [floorPlanJsonLd(plan, content, siteUrl)],
        },
      ),
    );
  });

  router.get('/privacy', cached, (req, res) => {
    const content = contentOf(req);
    // The builder's own page on a site of several communities: the builder's view, no community's name or office.
    const builderPage = onBuilderRoot();
    const site = builderPage ? `${content.builder.name} website` : `${content.community.name} website`;
    res.send(
      renderer.page(<PrivacyPage content={builderPage ? builderContentOf(req) : content} path={req.path} />, {
        title: 'Privacy notice',
        description: `What the ${site} keeps about you when you contact ${content.builder.name} or book a tour, for how long, and how to have it deleted.`,
        path: '/privacy',
        ...(builderPage ? { jsonLd: [builderOrganizationJsonLd(builderContentOf(req), siteUrl)] } : {}),
      }),
    );
  });

  return router;
}
