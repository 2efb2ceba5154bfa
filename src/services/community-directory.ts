import type { Knex } from 'knex';
import { listCommunities, type CommunityRow } from '../db/communities.js';

/** A community as the site serves it: its row, and whether the public sees it. */
export interface Community extends CommunityRow {
  /** Published once, and not closed: its pages answer the public. */
  public: boolean;
}

function toCommunity(row: CommunityRow): Community {
  return { ...row, public: row.published_at !== null && row.status !== 'closed' };
}

/**
 * Every community of the install, held in memory like the published content (decision 050) and read again when
 * the shared revision moves. The one place that says which communities there are and which the public sees.
 */
export class CommunityDirectory {
  private communities: readonly Community[] = [];

  constructor(private readonly db: Knex) {}

  async load(): Promise<void> {
    this.communities = Object.freeze((await listCommunities(this.db)).map(toCommunity));
  }

  /** Every community, in the order they were created. */
  all(): readonly Community[] {
    return this.communities;
  }

  /** The first community: the one of a one-community install, the builder's original one otherwise. */
  first(): Community {
    const first = this.communities[0];
    if (!first) throw new Error('the install has no community');
    return first;
  }

  byId(id: number): Community | undefined {
    return this.communities.find((community) => community.id === id);
  }

  bySlug(slug: string): Community | undefined {
    return this.communities.find((community) => community.slug === slug);
  }

  /** Communities that ever went public (closed ones included: their old addresses still answer). */
  published(): Community[] {
    return this.communities.filter((community) => community.published_at !== null);
  }

  /**
   * Whether the site is a builder's site of several communities: from the moment a second community goes public,
   * `/` is the builder's home and each community lives under `/communities/<slug>` (contract, "Addresses").
   */
  isBuilderSite(): boolean {
    return this.published().length >= 2;
  }
}
