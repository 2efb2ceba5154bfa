import { loadContent, type Content } from '../../src/content/index.js';
import type { HomesiteRow } from '../../src/db/homesites.js';
import type { FeedImage, Promotion } from '../../src/services/bdx-feed.js';
import type { HomesiteStatus } from '../../src/shared/homesite-rules.js';

/**
 * Varied communities of one builder for the listing-feed tests, each made from the sample content (loadContent())
 * with its own name, slug, offered plans, prices, homesites, images and promotions. Community 0 is the sample
 * itself (Maple Hollow at its own prices); every number the feed carries for community i differs from community
 * j's, so a test can tell whose a value is.
 */

export const FEED_SITE_URL = 'https://summitlane.example';
export const FEED_NOW = new Date('2026-11-26T17:00:00Z');
export const FEED_TODAY = '2026-11-26';

const NAMES = ['Aspen Ridge', 'Cedar Bluff', 'Willow Bend', 'The Reserve at Elk Creek', 'Prairie Song', 'Lakeview'];
const STATUSES: readonly HomesiteStatus[] = ['available', 'quick-move-in', 'future', 'under-contract', 'sold'];

/** The plain parts of one community's feed: what bdxXml takes for one community, and its slug and address. */
export interface SampleFeedCommunity {
  slug: string;
  url: string;
  content: Content;
  homesites: HomesiteRow[];
  communityImages: FeedImage[];
  planGalleries: Map<string, FeedImage[]>;
  promotions: Promotion[];
  today: string;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The name of community `index` (0: the sample's own). */
export function sampleCommunityName(index: number): string {
  if (index === 0) return loadContent().community.name;
  return `${NAMES[(index - 1) % NAMES.length]!}${index > NAMES.length ? ` ${Math.ceil(index / NAMES.length)}` : ''}`;
}

/** A plan's price in community `index`: the sample's price for community 0, a step above it for each other one. */
export function samplePlanPrice(basePrice: number | null, index: number, planIndex: number): number | null {
  return basePrice === null ? null : basePrice + index * 1_000 + planIndex * 10;
}

/** The price of lot `lot` of community `index` (unique across communities and lots). */
export function sampleHomesitePrice(index: number, lot: number): number {
  return 500_000 + index * 10_000 + lot;
}

/**
 * Community `index` with `homesites` homesites (statuses in turn; every quick move-in home is built on one of its
 * offered plans). Communities other than the first offer all plans but one (a different one each), so each
 * subdivision's list of plans is its own.
 */
export function sampleFeedCommunity(index: number, homesites = 12): SampleFeedCommunity {
  const content = copy(loadContent());
  const name = sampleCommunityName(index);
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (index > 0) {
    content.community.name = name;
    content.community.address.street = `${100 + index} ${name} Parkway`;
    const dropped = index % content.floorPlans.length;
    content.floorPlans = content.floorPlans.filter((_, planIndex) => planIndex !== dropped);
  }
  content.floorPlans.forEach((plan, planIndex) => {
    plan.basePrice = samplePlanPrice(plan.basePrice, index, planIndex);
  });
  const plans = content.floorPlans.map((plan) => plan.name);
  const rows = Array.from({ length: homesites }, (_, i): HomesiteRow => {
    const lot = i + 1;
    const status = STATUSES[i % STATUSES.length]!;
    const built = status === 'quick-move-in' || status === 'under-contract' || status === 'sold';
    return {
      lot,
      status,
      plan: built ? plans[lot % plans.length]! : null,
      price: status === 'future' ? null : sampleHomesitePrice(index, lot),
      sqft: 6_000 + lot,
      address: `${2000 + lot} ${name} Loop, Windsor, CO 80550`,
      ready: status === 'quick-move-in' ? `2027-0${1 + (lot % 9)}-15` : null,
      version: 1,
      updated_at: '2026-11-26T17:00:00.000Z',
      updated_by: null,
    };
  });
  const picture = (n: number): FeedImage => ({ url: `/files/${index}-${n}/photo-${n}.jpg`, title: `${name} ${n}` });
  return {
    slug,
    url: index === 0 ? '/' : `/communities/${slug}`,
    content,
    homesites: rows,
    communityImages: [picture(1), picture(2)],
    planGalleries: new Map(plans.map((plan, planIndex) => [plan, [picture(10 + planIndex)]])),
    promotions: [
      {
        title: `${name} closing costs`,
        text: 'Up to $15,000 toward closing costs.',
        starts: '2026-11-01',
        ends: '2026-11-30',
      },
      { title: `${name} past offer`, text: 'Over.', starts: '2026-10-01', ends: '2026-10-31' },
    ],
    today: FEED_TODAY,
  };
}
