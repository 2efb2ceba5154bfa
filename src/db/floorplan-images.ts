import type { Knex } from 'knex';

export interface FloorplanImageRow {
  id: number;
  url: string;
  floorplan: string;
  alt: string;
  sort_order: number;
}

export function listFloorplanImages(db: Knex, floorplan: string): Promise<FloorplanImageRow[]> {
  return db<FloorplanImageRow>('floorplan_images')
    .select('id', 'url', 'floorplan', 'alt', 'sort_order')
    .where({ floorplan })
    .orderBy([
      { column: 'sort_order', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
}

export async function insertFloorplanImages(db: Knex, rows: Omit<FloorplanImageRow, 'id'>[]): Promise<void> {
  if (rows.length > 0) await db('floorplan_images').insert(rows);
}
