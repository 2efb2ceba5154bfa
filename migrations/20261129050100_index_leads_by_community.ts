import type { Knex } from 'knex';

/**
 * The inbox and the dashboard of an account limited to some communities, at 100,000 leads over 50 communities
 * (tools/bench/communities.ts): their counts (leads, unread messages, upcoming tours) narrowed by `community_id in
 * (…)` read the is_spam indexes and looked every real lead's row up to test its community: 160 ms for a counselor
 * of 2 communities, against 37 ms for the owner's inbox of every lead. Led by the community, each count is a range
 * of its communities' entries alone, read from the index. SQLite orders by the arrival expression (arrivalKey in
 * src/db/leads.ts, character for character); PostgreSQL by the plain created_at, the same order.
 */
const SQLITE_ORDER = `strftime('%Y-%m-%dT%H:%M:%fZ', created_at)`;
const LEAD_TABLES = ['contact_messages', 'tours', 'interest_entries', 'agent_registrations'] as const;
/**
 * Per lead table, besides the arrival order: the new-lead count and the status filter (status), and the inbox's
 * list of sources (each community's distinct utm_source, read from the index alone).
 */
const FILTERS = [
  { suffix: 'community_spam_status', columns: ['community_id', 'is_spam', 'lead_status'] },
  { suffix: 'community_source', columns: ['community_id', 'utm_source'] },
] as const;
/** The unread count (real messages without read_at), and the dashboard's upcoming tours. */
const OTHERS = [
  {
    table: 'contact_messages',
    name: 'contact_messages_community_spam_read',
    columns: ['community_id', 'is_spam', 'read_at'],
  },
  { table: 'tours', name: 'tours_community_status_start', columns: ['community_id', 'status', 'start_at'] },
] as const;

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

async function analyzed(knex: Knex, name: string): Promise<void> {
  if (isSqlite(knex) && (await knex.schema.hasTable('sqlite_stat1'))) await knex.raw(`analyze ${name}`);
}

export async function up(knex: Knex): Promise<void> {
  for (const table of LEAD_TABLES) {
    const name = `${table}_community_spam_arrival`;
    if (isSqlite(knex)) {
      await knex.raw(`create index ${name} on ${table} (community_id, is_spam, ${SQLITE_ORDER})`);
    } else {
      await knex.schema.alterTable(table, (builder) => builder.index(['community_id', 'is_spam', 'created_at'], name));
    }
    await analyzed(knex, name);
    for (const { suffix, columns } of FILTERS) {
      await knex.schema.alterTable(table, (builder) => builder.index([...columns], `${table}_${suffix}`));
      await analyzed(knex, `${table}_${suffix}`);
    }
  }
  for (const { table, name, columns } of OTHERS) {
    await knex.schema.alterTable(table, (builder) => builder.index([...columns], name));
    await analyzed(knex, name);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { name } of OTHERS) await knex.raw(`drop index if exists ${name}`);
  for (const table of LEAD_TABLES) {
    for (const { suffix } of FILTERS) await knex.raw(`drop index if exists ${table}_${suffix}`);
    await knex.raw(`drop index if exists ${table}_community_spam_arrival`);
  }
}
