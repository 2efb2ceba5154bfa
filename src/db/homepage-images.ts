import type { Knex } from 'knex';

export interface HomepageImageRow {
  id: number;
  url: string;
  alt: string;
  sort_order: number;
}

export async function countHomepageImages(db: Knex): Promise<number> {
  const row = await db('homepage_images').count<{ count: number | string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/** A community's carousel rows (the first community's when a row names none). */
export async function insertHomepageImages(
  db: Knex,
  rows: (Omit<HomepageImageRow, 'id'> & { community_id?: number })[],
): Promise<void> {
  if (rows.length > 0) await db('homepage_images').insert(rows);
}
