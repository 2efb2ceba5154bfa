import type { Knex } from 'knex';

export async function readSiteRevision(db: Knex): Promise<number> {
  const row = await db('site_revision').where({ id: 1 }).first<{ revision: number | string } | undefined>();
  return Number(row?.revision ?? 0);
}

export async function bumpSiteRevision(db: Knex): Promise<void> {
  await db('site_revision').where({ id: 1 }).increment('revision', 1);
}
