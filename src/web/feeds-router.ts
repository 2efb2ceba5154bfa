import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../content/index.js';
import { listCollection } from '../db/image-collections.js';
import type { HomesiteRow } from '../db/homesites.js';
import { builderBdxXml, type FeedCommunity, type FeedImage, type Promotion } from '../services/bdx-feed.js';
import type { HomesiteService } from '../services/homesites.js';
import { dateInZone } from '../shared/tour-slots.js';
import { contentOf } from './request-content.js';

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
  community: { slug: string; url: string; content: Content; homesites: readonly HomesiteRow[] },
  now: Date,
): Promise<FeedCommunity> {
  const { content } = community;
  const toImage = (row: { url: string; alt: string }): FeedImage => ({ url: row.url, title: row.alt });
  const [carousel, galleries] = await Promise.all([
    listCollection(db, { kind: 'homepage' }),
    Promise.all(
      content.floorPlans.map(
        async (plan) =>
          [plan.name, (await listCollection(db, { kind: 'floorplan', floorplan: plan.name })).map(toImage)] as const,
      ),
    ),
  ]);
  return {
    ...community,
    communityImages: carousel.map(toImage),
    planGalleries: new Map(galleries),
    promotions: promotionsOf(content),
    today: dateInZone(now.getTime(), content.community.timeZone),
  };
}

interface FeedsDeps {
  db: Knex;
  homesites: Pick<HomesiteService, 'list'>;
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
  router.get(BDX_FEED_PATH, deps.cached, async (req, res) => {
    const content = contentOf(req);
    const now = new Date();
    const community = await feedCommunityOf(
      db,
      { slug: '', url: '/', content, homesites: await deps.homesites.list() },
      now,
    );
    res.type('application/xml; charset=utf-8').send(builderBdxXml({ siteUrl, now, communities: [community] }));
  });
  return router;
}
