import type { Knex } from 'knex';
import { HOMESITE_FIELDS, type EditableField, type HomesiteRecord } from '../shared/homesite-record.js';
import type { HomesiteStatus } from '../shared/homesite-rules.js';
import { mapNullable } from '../shared/nullable.js';

export type HomesiteRow = HomesiteRecord;

export interface HomesiteChangeRow {
  id: number;
  lot: number;
  changed_at: string;
  changed_by: string;
  source: string;
  /** JSON: field → [old, new]. */
  changes: string;
}

const COLUMNS = [...HOMESITE_FIELDS];

/** PostgreSQL's driver returns integers as numbers here, SQLite too; lot and price are kept as numbers either way. */
function normalize(row: HomesiteRow): HomesiteRow {
  const asNumber = (value: number | null) => mapNullable(value, Number);
  return {
    ...row,
    lot: Number(row.lot),
    price: asNumber(row.price),
    sqft: asNumber(row.sqft),
    version: Number(row.version),
  };
}

export async function listHomesites(db: Knex, community: number, status?: HomesiteStatus): Promise<HomesiteRow[]> {
  const query = db('homesites').select(COLUMNS).where({ community_id: community }).orderBy('lot');
  if (status) void query.where({ status });
  return ((await query) as HomesiteRow[]).map(normalize);
}

export async function findHomesite(db: Knex, community: number, lot: number): Promise<HomesiteRow | undefined> {
  const row = (await db('homesites').select(COLUMNS).where({ community_id: community, lot }).first()) as
    HomesiteRow | undefined;
  return row ? normalize(row) : undefined;
}

/** Rows for these lots, read for update (PostgreSQL locks them until the transaction ends). */
export async function lockHomesites(
  trx: Knex.Transaction,
  community: number,
  lots: readonly number[],
): Promise<HomesiteRow[]> {
  const rows: HomesiteRow[] = [];
  // IN lists are chunked: SQLite allows at most 32766 bound parameters per statement.
  for (let start = 0; start < lots.length; start += 500) {
    const query = trx('homesites')
      .select(COLUMNS)
      .where({ community_id: community })
      .whereIn('lot', lots.slice(start, start + 500))
      .orderBy('lot');
    if (trx.client.config.client !== 'better-sqlite3') void query.forUpdate();
    rows.push(...((await query) as HomesiteRow[]).map(normalize));
  }
  return rows;
}

export async function countHomesitesByStatus(
  db: Knex,
  communities?: readonly number[],
): Promise<Record<string, number>> {
  const query = db('homesites').select('status');
  if (communities) void query.whereIn('community_id', communities);
  const rows = await query.count<{ status: string; count: number | string }[]>({ count: '*' });
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

export async function insertHomesites(trx: Knex, community: number, rows: HomesiteRow[]): Promise<void> {
  const stored = rows.map((row) => ({ ...row, community_id: community }));
  for (let start = 0; start < stored.length; start += 50) {
    await trx('homesites').insert(stored.slice(start, start + 50));
  }
}

/** Writes new values and the next version, only if the stored version is still `version`; false when it moved. */
export async function updateHomesite(
  trx: Knex,
  community: number,
  lot: number,
  version: number,
  values: Partial<Pick<HomesiteRow, EditableField>>,
  by: { at: string; username: string },
): Promise<boolean> {
  const updated = await trx('homesites')
    .where({ community_id: community, lot, version })
    .update({ ...values, version: version + 1, updated_at: by.at, updated_by: by.username });
  return updated === 1;
}

export async function insertHomesiteChanges(
  trx: Knex,
  community: number,
  rows: Omit<HomesiteChangeRow, 'id'>[],
): Promise<void> {
  const stored = rows.map((row) => ({ ...row, community_id: community }));
  for (let start = 0; start < stored.length; start += 100) {
    await trx('homesite_changes').insert(stored.slice(start, start + 100));
  }
}

export async function listHomesiteChanges(
  db: Knex,
  community: number,
  options: { lot?: number; limit: number },
): Promise<HomesiteChangeRow[]> {
  const query = db<HomesiteChangeRow>('homesite_changes')
    .select('id', 'lot', 'changed_at', 'changed_by', 'source', 'changes')
    .where('community_id', community)
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.lot !== undefined) void query.where({ lot: options.lot });
  return (await query).map((row) => ({ ...row, id: Number(row.id), lot: Number(row.lot) }));
}

/**
 * The homesites of one status in each of `communities`, by community, in lot order: one query for a search across
 * a builder's communities (served by the index on status, community and lot).
 */
export async function listHomesitesByStatus(
  db: Knex,
  communities: readonly number[],
  status: HomesiteStatus,
): Promise<Map<number, HomesiteRow[]>> {
  const byCommunity = new Map<number, HomesiteRow[]>(communities.map((community) => [community, []]));
  if (communities.length === 0) return byCommunity;
  const rows = (await db('homesites')
    .select(['community_id', ...COLUMNS])
    .where({ status })
    .whereIn('community_id', [...communities])
    .orderBy(['community_id', 'lot'])) as (HomesiteRow & { community_id: number | string })[];
  for (const { community_id: community, ...row } of rows) byCommunity.get(Number(community))?.push(normalize(row));
  return byCommunity;
}
