import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../content/index.js';
import { listCollection } from '../db/image-collections.js';
import type { HomesiteRow } from '../db/homesites.js';
import {
  builderBdxXml,
  listedInFeed,
  type FeedCommunity,
  type FeedImage,
  type Promotion,
} from '../services/bdx-feed.js';
import type { CommunityDirectory } from '../services/community-directory.js';
import type { CommunityServices } from '../services/community-services.js';
import { dateInZone } from '../shared/tour-slots.js';

export const BDX_FEED_PATH = '/feeds/bdx.xml';

/**
 * The promotions the content holds, when it has a `promotions` section (contract wave 3: `{promotions:[…]}`);
 * undefined while it has none, and the feed then carries no Promotion.
 */
export function promotionsOf(content: Content): Promotion[] | undefined {
  const section = (content as { promotions?: unknown }).promotions;
  if (Array.isArray(section)) return section as Promotion[];
  const inner = (section as { promotions?: unknown } | undefined)?.promotions;
  return Array.isArray(inner) ? (inner as Promotion[]) : undefined;
}

/**
 * One community's part of the listing feed, from its content revision and homesites: its images and plan
 * galleries read from the image collections, its active promotions, today in its zone.
 */
export async function feedCommunityOf(
  db: Knex,
  community: { id: number; slug: string; url: string; content: Content; homesites: readonly HomesiteRow[] },
  now: Date,
): Promise<FeedCommunity> {
  const { id, ...listed } = community;
  const { content } = community;
  const toImage = (row: { url: string; alt: string }): FeedImage => ({ url: row.url, title: row.alt });
  const [carousel, galleries] = await Promise.all([
    listCollection(db, { kind: 'homepage', community: id }),
    Promise.all(
      content.floorPlans.map(
        async (plan) =>
          [plan.name, (await listCollection(db, { kind: 'floorplan', floorplan: plan.name })).map(toImage)] as const,
      ),
    ),
  ]);
  return {
    ...listed,
    communityImages: carousel.map(toImage),
    planGalleries: new Map(galleries),
    promotions: promotionsOf(content),
    today: dateInZone(now.getTime(), content.community.timeZone),
  };
}

interface FeedsDeps {
  db: Knex;
  communities: CommunityDirectory;
  /** Each community's content and homesites. */
  servicesOf: (community: number) => Pick<CommunityServices, 'content' | 'homesites'>;
  siteUrl: string;
  /** The page cache, storing the feed as XML: it is dropped with the pages when content or homesites change. */
  cached: RequestHandler;
}

/**
 * GET /feeds/bdx.xml: the BDX listing feed, from the same content and homesites as the pages. An install with one
 * community lists it at the site's root, under the feed section's subdivision number.
 */
export function createFeedsRouter(deps: FeedsDeps): Router {
  const { db, siteUrl } = deps;
  const router = Router({ caseSensitive: true });
  router.get(BDX_FEED_PATH, deps.cached, async (_req, res) => {
    const now = new Date();
    const { communities } = deps;
    const builderSite = communities.isBuilderSite();
    // One Subdivision per community that is public and neither sold out nor closed (contract wave 4); a site of one
    // community lists it at the site's root, as before there were communities.
    const listed = builderSite ? communities.all().filter(listedInFeed) : [communities.first()];
    const feed = await Promise.all(
      listed.map(async (community) => {
        const services = deps.servicesOf(community.id);
        return feedCommunityOf(
          db,
          {
            id: community.id,
            slug: builderSite ? community.slug : '',
            url: builderSite ? `/communities/${community.slug}` : '/',
            content: services.content.published(),
            homesites: await services.homesites.list(),
          },
          now,
        );
      }),
    );
    const first = deps.servicesOf(communities.first().id).content.published();
    res.type('application/xml; charset=utf-8').send(
      builderBdxXml({
        siteUrl,
        now,
        communities: feed,
        configuredSlug: builderSite ? communities.first().slug : '',
        builder: first,
      }),
    );
  });
  return router;
}
