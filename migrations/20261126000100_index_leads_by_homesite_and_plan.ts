import type { Knex } from 'knex';

/**
 * The inbox filtered by homesite or by plan at 100,000 leads: one index per lead table and filter, read as one range
 * in arrival order for the list and counted from the index alone, as the status and source filters are
 * (20261122000500_index_leads.ts). A search for a homesite number also finds that homesite's leads through the
 * homesite index. SQLite orders by the arrival expression (arrivalKey in src/db/leads.ts, character for character);
 * PostgreSQL by the plain created_at, the same order.
 */
const SQLITE_ORDER = `strftime('%Y-%m-%dT%H:%M:%fZ', created_at)`;
const TABLES = ['contact_messages', 'tours'] as const;
const FILTERS = ['homesite', 'plan'] as const;

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    for (const column of FILTERS) {
      const name = `${table}_spam_${column}_arrival`;
      if (isSqlite(knex)) {
        await knex.raw(`create index ${name} on ${table} (is_spam, ${column}, ${SQLITE_ORDER})`);
        if (await knex.schema.hasTable('sqlite_stat1')) await knex.raw(`analyze ${name}`);
      } else {
        await knex.schema.alterTable(table, (builder) => builder.index(['is_spam', column, 'created_at'], name));
      }
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    for (const column of FILTERS) await knex.raw(`drop index if exists ${table}_spam_${column}_arrival`);
  }
}
