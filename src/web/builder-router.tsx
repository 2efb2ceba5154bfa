import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../content/index.js';
import type { CommunityDirectory, Community } from '../services/community-directory.js';
import type { ContentService } from '../services/content.js';
import { BuilderHomePage } from '../../views/builder/BuilderHomePage.js';
import { CommunitiesPage } from '../../views/builder/CommunitiesPage.js';
import type { CommunityCard } from '../../views/builder/CommunityCards.js';
import { LibraryPlanPage, PlansPage, type PlanOffering } from '../../views/builder/LibraryPlanPage.js';
import { communityAddress } from './community-sites.js';
import { builderContentOf } from '../content/builder-content.js';
import { builderOrganizationJsonLd } from '../render/structured-data.js';
import type { PageKit } from './page-context.js';
import type { HomesMapConfig } from '../../views/HomesPage.js';

/** Statuses whose homesites count as homes a buyer can have now. */
const AVAILABLE_NOW = ['available', 'quick-move-in'];

/** Homes available now, by community id. */
async function availableNow(db: Knex, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = (await db('homesites')
    .whereIn('community_id', ids)
    .whereIn('status', AVAILABLE_NOW)
    .groupBy('community_id')
    .select('community_id')
    .count<{ community_id: number | string; count: number | string }[]>({ count: '*' })) as {
    community_id: number | string;
    count: number | string;
  }[];
  return new Map(rows.map((row) => [Number(row.community_id), Number(row.count)]));
}

/**
 * The builder's pages on a site of several communities (contract wave 4, "Addresses"): the home at `/`, the list at
 * `/communities`, the plan library at `/plans` and `/plans/<plan>`. While the site is one community's, each passes
 * the request on (`/` is then the community's home; the others are not pages).
 */
export function createBuilderRouter(
  deps: PageKit & {
    db: Knex;
    communities: CommunityDirectory;
    content: ContentService;
    cached: RequestHandler;
    /** The public origin, for the builder's JSON-LD. */
    siteUrl?: string;
    /** The map's tiles and Leaflet's stylesheet: the communities on a map. */
    map?: HomesMapConfig;
  },
): Router {
  const { db, communities, content, renderer, image, cached } = deps;
  const router = Router({ caseSensitive: true });
  const onBuilderSite: RequestHandler = (_req, _res, next) => next(communities.isBuilderSite() ? undefined : 'route');

  /** The communities the public sees, each with its content. */
  function publicCommunities(): { community: Community; content: Content }[] {
    return communities.all().flatMap((community) => {
      const published = community.public ? content.publishedFor(community.id) : undefined;
      return published ? [{ community, content: published }] : [];
    });
  }

  async function cardsOf(listed: { community: Community; content: Content }[]): Promise<CommunityCard[]> {
    const counts = await availableNow(
      db,
      listed.map(({ community }) => community.id),
    );
    return listed.map(({ community, content: own }) => {
      const prices = own.floorPlans.flatMap((plan) => (plan.basePrice === null ? [] : [plan.basePrice]));
      const cover = own.floorPlans[0]?.cover;
      return {
        slug: community.slug,
        name: own.community.name,
        href: communityAddress(community),
        city: own.community.address.city,
        state: own.community.address.region,
        status: community.status,
        tagline: own.community.tagline,
        priceFrom: prices.length > 0 ? Math.min(...prices) : null,
        availableNow: counts.get(community.id) ?? 0,
        photo: cover ? { src: cover.src, alt: cover.alt } : null,
        lat: community.lat,
        lng: community.lng,
      };
    });
  }

  /** The builder's own texts (legal, builder details) are the same in every community's content. */
  const builderContent = () => content.published();

  router.get('/', onBuilderSite, cached, async (req, res) => {
    const listed = publicCommunities();
    const beds = [...new Set(listed.flatMap(({ content: own }) => own.floorPlans.map((plan) => plan.beds)))].sort(
      (a, b) => a - b,
    );
    res.send(
      renderer.page(
        <BuilderHomePage
          content={builderContent()}
          path="/"
          image={image}
          cards={await cardsOf(listed)}
          bedOptions={beds}
          map={deps.map}
        />,
        {
          title: `New homes by ${builderContent().builder.name}`,
          titleNamesSite: true,
          description: `Every ${builderContent().builder.name} community, and the homes available in each.`,
          path: req.path,
          jsonLd: [builderOrganizationJsonLd(builderContentOf(builderContent()), deps.siteUrl)],
        },
      ),
    );
  });

  router.get('/communities', onBuilderSite, cached, async (req, res) => {
    res.send(
      renderer.page(
        <CommunitiesPage
          content={builderContent()}
          path="/communities"
          image={image}
          cards={await cardsOf(publicCommunities())}
          map={deps.map}
        />,
        {
          title: 'Our communities',
          description: `Every community where ${builderContent().builder.name} builds.`,
          path: req.path,
        },
      ),
    );
  });

  router.get('/plans', onBuilderSite, cached, (req, res) => {
    const listed = publicCommunities();
    const plans = content.library().map((plan) => {
      const offered = listed.flatMap(({ content: own }) => own.floorPlans.filter((mine) => mine.slug === plan.slug));
      const prices = offered.flatMap((mine) => (mine.basePrice === null ? [] : [mine.basePrice]));
      return { plan, communities: offered.length, priceFrom: prices.length > 0 ? Math.min(...prices) : null };
    });
    res.send(
      renderer.page(<PlansPage content={builderContent()} path="/plans" plans={plans} />, {
        title: 'Plans',
        description: `Every plan ${builderContent().builder.name} builds, and where.`,
        path: req.path,
      }),
    );
  });

  router.get('/plans/:plan', onBuilderSite, cached, (req, res, next) => {
    const plan = content.library().find((candidate) => candidate.slug === req.params.plan);
    if (!plan) return next();
    const offerings: PlanOffering[] = publicCommunities().flatMap(({ community, content: own }) => {
      const mine = own.floorPlans.find((candidate) => candidate.slug === plan.slug);
      return mine
        ? [
            {
              community: own.community.name,
              city: own.community.address.city,
              href: `${communityAddress(community)}/floor-plans/${plan.slug}`,
              basePrice: mine.basePrice,
            },
          ]
        : [];
    });
    res.send(
      renderer.page(
        <LibraryPlanPage content={builderContent()} path={req.path} image={image} plan={plan} offerings={offerings} />,
        { title: plan.name, description: plan.summary.slice(0, 160), path: req.path },
      ),
    );
  });

  return router;
}
