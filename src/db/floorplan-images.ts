import type { Knex } from 'knex';

export interface FloorplanImageRow {
  id: number;
  url: string;
  floorplan: string;
  alt: string;
  sort_order: number;
}

export async function insertFloorplanImages(db: Knex, rows: Omit<FloorplanImageRow, 'id'>[]): Promise<void> {
  if (rows.length > 0) await db('floorplan_images').insert(rows);
}
