import type { Content } from '../content/index.js';
import { activePromotions } from '../content/promotions.js';
import type { HomeEntry } from './home-search.js';
import { slugFromName } from '../shared/community-slug.js';

/** A plan a community offers, with its price there. */
export interface OfferedPlan {
  slug: string;
  name: string;
  /** The community's "from" price, whole USD; null: "Pricing coming soon". */
  basePrice: number | null;
  beds: number;
  baths: number;
  squareFeet: number;
  stories: number;
}

/** A homesite as the search needs it. */
export interface SearchHomesite {
  lot: number;
  status: string;
  /** The plan's display name. */
  plan: string | null;
  price: number | null;
  ready: string | null;
}

/** A promotion showing today: its title and the plan slugs it applies to (none: every plan). */
export interface ActivePromotion {
  title: string;
  plans: readonly string[];
}

/** One community's homes to search, from plain inputs (its content and homesites). */
export interface CommunityHomes {
  slug: string;
  name: string;
  city: string;
  lat: number;
  lng: number;
  /** Where its pages live: '' while it is the one community, `/communities/<slug>` once there are several. */
  basePath: string;
  plans: readonly OfferedPlan[];
  homesites: readonly SearchHomesite[];
  promotions: readonly ActivePromotion[];
}

/** A community's slug from its name, as the upgrade makes it (decision 050): "Maple Hollow" → maple-hollow. */
export const slugOfName = slugFromName;

/**
 * The community's searchable entries: each quick move-in home (a homesite with that status and a plan it offers,
 * priced as staff set it) and each plan it offers ("From $X in <community>", no move-in date). The promotion shown
 * with one is the first showing today that applies to its plan.
 */
export function homeEntriesOf(community: CommunityHomes): HomeEntry[] {
  const { slug, name, city, lat, lng, basePath } = community;
  const promotionOf = (planSlug: string) => {
    const found = community.promotions.find(
      (promotion) => promotion.plans.length === 0 || promotion.plans.includes(planSlug),
    );
    return found ? { promotion: { title: found.title } } : {};
  };
  const common = { community: slug, communityName: name, city, lat, lng };
  const byName = new Map(community.plans.map((plan) => [plan.name, plan]));
  const entries: HomeEntry[] = [];
  for (const homesite of community.homesites) {
    const plan = homesite.plan === null ? undefined : byName.get(homesite.plan);
    if (homesite.status !== 'quick-move-in' || !plan) continue;
    entries.push({
      type: 'qmi',
      ...common,
      url: `${basePath}/homesites/${homesite.lot}`,
      title: `Lot ${homesite.lot} · ${plan.name}`,
      price: homesite.price,
      beds: plan.beds,
      baths: plan.baths,
      sqft: plan.squareFeet,
      stories: plan.stories,
      moveIn: homesite.ready,
      ...promotionOf(plan.slug),
    });
  }
  for (const plan of community.plans) {
    entries.push({
      type: 'plan',
      ...common,
      url: `${basePath}/floor-plans/${plan.slug}`,
      title: plan.name,
      price: plan.basePrice,
      beds: plan.beds,
      baths: plan.baths,
      sqft: plan.squareFeet,
      stories: plan.stories,
      moveIn: null,
      ...promotionOf(plan.slug),
    });
  }
  return entries;
}

/**
 * Today's one community as the search reads it: its content (the offered plans with their prices, the promotions
 * showing today) and its homesites. Once there are several communities, each one's revision gives the same.
 */
export function communityHomesOf(
  content: Content,
  homesites: readonly SearchHomesite[],
  today: string,
  basePath = '',
): CommunityHomes {
  const { community } = content;
  return {
    slug: slugOfName(community.name),
    name: community.name,
    city: community.address.city,
    lat: community.latitude,
    lng: community.longitude,
    basePath,
    plans: content.floorPlans,
    homesites,
    promotions: activePromotions(content, today),
  };
}
