import type { Knex } from 'knex';
import type { Content } from '../content/schema.js';

/** Where a community stands (contract wave 4, "Communities"). */
export const COMMUNITY_STATUSES = ['coming-soon', 'selling', 'sold-out', 'closed'] as const;
export type CommunityStatus = (typeof COMMUNITY_STATUSES)[number];

/** One row of `communities` (decision 050). */
export interface CommunityRow {
  id: number;
  slug: string;
  name: string;
  status: CommunityStatus;
  street: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  time_zone: string;
  created_at: string;
  created_by: string | null;
  /** When it went public; null while it is being set up. */
  published_at: string | null;
}

export type NewCommunityRow = Omit<CommunityRow, 'id'>;

function normalize(row: CommunityRow): CommunityRow {
  return { ...row, id: Number(row.id), lat: Number(row.lat), lng: Number(row.lng) };
}

/** Every community, in the order they were created. */
export async function listCommunities(db: Knex): Promise<CommunityRow[]> {
  return (await db<CommunityRow>('communities').select('*').orderBy('id')).map(normalize);
}

export async function findCommunityBySlug(db: Knex, slug: string): Promise<CommunityRow | undefined> {
  const row = await db<CommunityRow>('communities').where({ slug }).first();
  return row ? normalize(row) : undefined;
}

export async function insertCommunity(db: Knex, row: NewCommunityRow): Promise<number> {
  const [inserted] = await db('communities').insert(row).returning<{ id: number }[]>('id');
  return Number(inserted!.id);
}

export async function updateCommunity(
  db: Knex,
  id: number,
  changes: Partial<Pick<CommunityRow, 'status' | 'published_at'>>,
): Promise<void> {
  await db('communities').where({ id }).update(changes);
}

/** A community's row from its content's `community` section: what the sample and the upgrade start from. */
export function communityRowFromContent(
  slug: string,
  community: Content['community'],
  at: string,
  by: string | null,
): NewCommunityRow {
  return {
    slug,
    name: community.name,
    status: 'selling',
    street: community.address.street,
    city: community.address.city,
    state: community.address.region,
    zip: community.address.postalCode,
    lat: community.latitude,
    lng: community.longitude,
    time_zone: community.timeZone,
    created_at: at,
    created_by: by,
    published_at: at,
  };
}
