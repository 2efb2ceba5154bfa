import type { Knex } from 'knex';

/**
 * The two staff-managed image lists: the home carousel (a community's, when `community` is given: staff pages
 * name theirs), and one gallery per floor plan (by display name).
 */
export type ImageCollection = { kind: 'homepage'; community?: number } | { kind: 'floorplan'; floorplan: string };

export interface CollectionImageRow {
  id: number;
  url: string;
  alt: string;
  sort_order: number;
}

function table(db: Knex, collection: ImageCollection) {
  if (collection.kind === 'homepage') {
    const query = db('homepage_images');
    return collection.community === undefined ? query : query.where({ community_id: collection.community });
  }
  return db('floorplan_images').where({ floorplan: collection.floorplan });
}

export function listCollection(db: Knex, collection: ImageCollection): Promise<CollectionImageRow[]> {
  return table(db, collection)
    .select('id', 'url', 'alt', 'sort_order')
    .orderBy([
      { column: 'sort_order', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
}

export async function setSortOrder(db: Knex, collection: ImageCollection, url: string, order: number): Promise<void> {
  await table(db, collection).where({ url }).update({ sort_order: order });
}

export function deleteFromCollection(db: Knex, collection: ImageCollection, url: string): Promise<number> {
  return table(db, collection).where({ url }).delete();
}

export async function appendToCollection(
  db: Knex,
  collection: ImageCollection,
  url: string,
  alt: string,
): Promise<void> {
  const row = await table(db, collection).max<{ max: number | null }>('sort_order as max').first();
  const order = row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  const base = { url, alt, sort_order: order };
  if (collection.kind === 'homepage') {
    await db('homepage_images').insert(
      collection.community === undefined ? base : { ...base, community_id: collection.community },
    );
  } else await db('floorplan_images').insert({ ...base, floorplan: collection.floorplan });
}

export async function countCollection(db: Knex, collection: ImageCollection): Promise<number> {
  const row = await table(db, collection).count<{ count: number | string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}
