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
  { suffix: 'spam_arrival', columns: ['is_spam'] },
  { suffix: 'spam_status_arrival', columns: ['is_spam', 'lead_status'] },
  { suffix: 'spam_source_arrival', columns: ['is_spam', 'utm_source'] },
] as const;

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    for (const { suffix, columns } of INDEXES) {
      const name = `${table}_${suffix}`;
      if (isSqlite(knex)) {
        await knex.raw(`create index ${name} on ${table} (${columns.join(', ')}, ${SQLITE_ORDER})`);
      } else {
        await knex.schema.alterTable(table, (builder) => builder.index([...columns, 'created_at'], name));
      }
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    for (const { suffix } of INDEXES) await knex.raw(`drop index ${table}_${suffix}`);
  }
}
