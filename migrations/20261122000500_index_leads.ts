import type { Knex } from 'knex';

/**
 * Indexes for the staff inbox at 100,000 leads (tools/bench/leads.ts). The inbox lists real leads or spam, newest
 * first, optionally by lead status or utm_source, from contact_messages and tours together; each list is one
 * index range per table read in order, which SQLite merges under LIMIT without sorting.
 *
 * On SQLite the order is an expression: both tables' created_at as fixed-width ISO text (arrivalKey in
 * src/db/leads.ts, which must stay character for character the same for the index to be used). PostgreSQL cannot
 * index that expression (to_char is not immutable), so it gets the plain columns: its timestamptz and ISO text
 * orders are the same order.
 */
const SQLITE_ORDER = `strftime('%Y-%m-%dT%H:%M:%fZ', created_at)`;
const TABLES = ['contact_messages', 'tours'] as const;
const INDEXES = [
  /** The CSV export: every lead, spam included, newest first. */
  { suffix: 'arrival', columns: [] },
  { suffix: 'spam_arrival', columns: ['is_spam'] },
  { suffix: 'spam_status_arrival', columns: ['is_spam', 'lead_status'] },
  { suffix: 'spam_source_arrival', columns: ['is_spam', 'utm_source'] },
] as const;

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

/** The unread count (real messages without read_at) from the index alone, on both databases. */
const UNREAD = { table: 'contact_messages', name: 'contact_messages_spam_read', columns: ['is_spam', 'read_at'] };

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable(UNREAD.table, (builder) => builder.index(UNREAD.columns, UNREAD.name));
  for (const table of TABLES) {
    for (const { suffix, columns } of INDEXES) {
      const name = `${table}_${suffix}`;
      // PostgreSQL already has created_at indexed on both tables (their create migrations).
      if (columns.length === 0 && !isSqlite(knex)) continue;
      if (isSqlite(knex)) {
        await knex.raw(`create index ${name} on ${table} (${[...columns, SQLITE_ORDER].join(', ')})`);
      } else {
        await knex.schema.alterTable(table, (builder) => builder.index([...columns, 'created_at'], name));
      }
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index ${UNREAD.name}`);
  for (const table of TABLES) {
    for (const { suffix } of INDEXES) await knex.raw(`drop index if exists ${table}_${suffix}`);
  }
}
