import type { Knex } from 'knex';

/** A site-plan drawing or lot-outlines file kept in the database, served at its path. */
export interface SitePlanFile {
  path: string;
  community_id: number;
  content_type: string;
  body: string;
  /** utf8 for text (an SVG), base64 for an image's bytes. */
  encoding: 'utf8' | 'base64';
  updated_at: string;
  updated_by: string | null;
}

export async function listSitePlanFiles(db: Knex): Promise<SitePlanFile[]> {
  const rows = (await db('site_plan_files').select('*')) as SitePlanFile[];
  return rows.map((row) => ({ ...row, community_id: Number(row.community_id) }));
}

/** Writes a file at its path, replacing what was there. */
export async function saveSitePlanFile(db: Knex, file: SitePlanFile): Promise<void> {
  await db('site_plan_files').insert(file).onConflict('path').merge();
}
