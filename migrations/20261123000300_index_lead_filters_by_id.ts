import type { Knex } from 'knex';

/**
 * The inbox's search at 100,000 leads on SQLite (docs/decisions/020-inbox-counts-and-pages.md): an index per lead
 * table led by the id, holding every column the inbox filters and counts on and the arrival order. The search's
 * matches come from the FTS5 table as ids; each is then looked up in this narrow index (a few MB, read in id order)
 * instead of in the table's own rows (about 25 MB for the messages, one page read per match), so counting a common
 * name's 10,000 matches by status, source and read mark, or reading a rare one's few matches in arrival order,
 * never touches the rows. PostgreSQL finds its matches from the pg_trgm indexes and reads the rows in one bitmap
 * heap scan; it gets no such index.
 */
const SQLITE_ORDER = `strftime('%Y-%m-%dT%H:%M:%fZ', created_at)`;
const INDEXES = [
  { table: 'contact_messages', columns: ['id', 'is_spam', 'lead_status', 'utm_source', 'read_at', SQLITE_ORDER] },
  { table: 'tours', columns: ['id', 'is_spam', 'lead_status', 'utm_source', SQLITE_ORDER] },
] as const;

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

export async function up(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  for (const { table, columns } of INDEXES) {
    await knex.raw(`create index ${table}_id_filters on ${table} (${columns.join(', ')})`);
    // As for the indexes before it: a database with planner statistics gets this index's too.
    if (await knex.schema.hasTable('sqlite_stat1')) await knex.raw(`analyze ${table}_id_filters`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  for (const { table } of INDEXES) await knex.raw(`drop index if exists ${table}_id_filters`);
}
