import type { Knex } from 'knex';

export interface HomepageImageRow {
  id: number;
  url: string;
  alt: string;
  sort_order: number;
}

export type SortDirection = 'asc' | 'desc';

export function listHomepageImages(db: Knex, direction: SortDirection = 'asc'): Promise<HomepageImageRow[]> {
  return db<HomepageImageRow>('homepage_images')
    .select('id', 'url', 'alt', 'sort_order')
    .orderBy([
      { column: 'sort_order', order: direction },
      { column: 'id', order: direction },
    ]);
}

export async function countHomepageImages(db: Knex): Promise<number> {
  const row = await db('homepage_images').count<{ count: number | string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

export async function insertHomepageImages(db: Knex, rows: Omit<HomepageImageRow, 'id'>[]): Promise<void> {
  if (rows.length > 0) await db('homepage_images').insert(rows);
}
