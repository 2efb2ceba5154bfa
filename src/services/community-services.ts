import type { Knex } from 'knex';
import type { ContentSource } from '../content/content-source.js';
import { derivedFrom } from '../content/derived.js';
import type { Content } from '../content/index.js';
import { lotOutlinesOf } from '../content/lot-outlines.js';
import type { NewLeadChannel } from '../db/lead-deliveries.js';
import { createHomesiteService, type HomesiteService } from './homesites.js';
import type { PublicContentChanges } from './public-content.js';
import { createTourService, type TourService } from './tours.js';

/** What homesite changes are checked against in one content revision: plan names, price range, lots drawn. */
export function homesiteRules(content: Content) {
  return derivedFrom(content, 'homesite-rules', () => ({
    planNames: content.floorPlans.map((plan) => plan.name),
    priceRange: content.homesites.priceRange,
    lotsOnPlan: new Set(lotOutlinesOf(content).shapes.map((shape) => shape.lot)),
  }));
}

/** One community's services: its content, homesites and tours, each reading and writing its rows only. */
export interface CommunityServices {
  community: number;
  content: ContentSource;
  homesites: HomesiteService;
  tours: TourService;
}

/** A content source that answers one community's content (its pages, its e-mails, its rules). */
export function communityContent(content: ContentSource, community: number): ContentSource {
  const published = () => {
    const found = content.publishedFor(community);
    if (!found) throw new Error(`community ${community} has no published content`);
    return found;
  };
  return { published, publishedFor: (other) => content.publishedFor(other) };
}

/**
 * Each community's services, made once per community and kept: the services hold no content themselves (they
 * ask the content source at each call), so a publish needs nothing rebuilt.
 */
export function createCommunityServices(deps: {
  db: Knex;
  content: ContentSource;
  publicContent: PublicContentChanges;
  deliveries: readonly NewLeadChannel[];
  siteUrl: string;
}): (community: number) => CommunityServices {
  const made = new Map<number, CommunityServices>();
  return (community) => {
    let services = made.get(community);
    if (!services) {
      const content = communityContent(deps.content, community);
      services = {
        community,
        content,
        homesites: createHomesiteService({
          db: deps.db,
          community,
          rules: () => homesiteRules(content.published()),
          publicContent: deps.publicContent,
        }),
        tours: createTourService({
          db: deps.db,
          community,
          content,
          deliveries: deps.deliveries,
          siteUrl: deps.siteUrl,
        }),
      };
      made.set(community, services);
    }
    return services;
  };
}
