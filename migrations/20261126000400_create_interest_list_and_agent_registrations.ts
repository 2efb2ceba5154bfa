import type { Knex } from 'knex';

/**
 * Two new kinds of lead (contract wave 3, "Reach beyond the site"), each in its own table with the columns every
 * lead table has (src/db/leads.ts reads them together): the person, message, is_spam, the lead-context columns,
 * the sales follow-up and the search columns.
 *
 * - `interest_entries`: the interest list. One entry per address (email_key, the address lower-cased; spam keeps
 *   none), double opt-in: pending → confirmed → unsubscribed, each step by its own secret token.
 * - `agent_registrations`: a real-estate agent registering a client; the lead's person is the client (the buyer).
 *   `agent_client_claims` holds, per client address, which agent's protection runs until when: one row per client,
 *   so two agents registering the same client at the same moment cannot both get it (a primary key, on SQLite and
 *   PostgreSQL alike).
 * - `interest_releases`: homesites that went from `future` to `available` or `quick-move-in`, one row per change,
 *   written in the homesite change's transaction; `fanned_out_at` is set by the one worker that queues its e-mails.
 * - `lead_deliveries.release_id`: a release e-mail's release; unique per (channel, lead, release), so no entry is
 *   queued the same release twice.
 *
 * On SQLite each lead table gets the inbox's indexes as the older ones have them (arrival order, id-led filters,
 * an FTS5 trigram table kept by triggers); on PostgreSQL the created_at and filter indexes.
 */
const SQLITE_ORDER = `strftime('%Y-%m-%dT%H:%M:%fZ', created_at)`;
const CONTEXT_MAX_LENGTH = 300;
const CONTEXT_TEXT_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landing_page',
];
const LEAD_TABLES = ['interest_entries', 'agent_registrations'] as const;

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

/** The columns every lead table has, as contact_messages and tours have them after their migrations. */
function leadColumns(table: Knex.CreateTableBuilder): void {
  table.increments('id');
  table.string('firstname', 60).notNullable().defaultTo('');
  table.string('lastname', 60).notNullable().defaultTo('');
  table.string('email', 254).notNullable();
  table.string('phone', 14).notNullable().defaultTo('');
  table.text('message').notNullable().defaultTo('');
  table.boolean('is_spam').notNullable().defaultTo(false);
  table.string('source_page', 500).nullable();
  table.string('user_agent', 500).nullable();
  /** ISO 8601 in UTC, as tours store it. */
  table.string('created_at', 30).notNullable();
  for (const field of CONTEXT_TEXT_FIELDS) table.string(field, CONTEXT_MAX_LENGTH).nullable();
  table.integer('homesite').nullable();
  table.string('plan', CONTEXT_MAX_LENGTH).nullable();
  table.string('lead_status', 20).notNullable().defaultTo('new');
  table.text('notes').notNullable().defaultTo('');
  table.text('search_text').notNullable().defaultTo('');
  table.string('search_digits', 30).notNullable().defaultTo('');
}

async function indexSqlite(knex: Knex, table: string): Promise<void> {
  for (const [suffix, columns] of [
    ['arrival', []],
    ['spam_arrival', ['is_spam']],
    ['spam_status_arrival', ['is_spam', 'lead_status']],
    ['spam_source_arrival', ['is_spam', 'utm_source']],
    ['spam_homesite_arrival', ['is_spam', 'homesite']],
    ['spam_plan_arrival', ['is_spam', 'plan']],
  ] as const) {
    await knex.raw(`create index ${table}_${suffix} on ${table} (${[...columns, SQLITE_ORDER].join(', ')})`);
  }
  // The inbox's search looks its matches up `indexed by` this index (src/db/leads.ts): it must exist.
  await knex.raw(
    `create index ${table}_id_filters on ${table} (id, is_spam, lead_status, utm_source, ${SQLITE_ORDER})`,
  );
  const fts = `${table}_search`;
  await knex.raw(
    `create virtual table ${fts} using fts5(search_text, search_digits, ` +
      `content='${table}', content_rowid='id', tokenize='trigram')`,
  );
  await knex.raw(
    `create trigger ${fts}_insert after insert on ${table} begin ` +
      `insert into ${fts}(rowid, search_text, search_digits) values (new.id, new.search_text, new.search_digits); end`,
  );
  await knex.raw(
    `create trigger ${fts}_delete after delete on ${table} begin ` +
      `insert into ${fts}(${fts}, rowid, search_text, search_digits) ` +
      `values ('delete', old.id, old.search_text, old.search_digits); end`,
  );
  await knex.raw(
    `create trigger ${fts}_update after update of search_text, search_digits on ${table} begin ` +
      `insert into ${fts}(${fts}, rowid, search_text, search_digits) ` +
      `values ('delete', old.id, old.search_text, old.search_digits); ` +
      `insert into ${fts}(rowid, search_text, search_digits) values (new.id, new.search_text, new.search_digits); end`,
  );
}

async function indexPostgres(knex: Knex, table: string): Promise<void> {
  await knex.schema.alterTable(table, (builder) => {
    builder.index(['created_at'], `${table}_arrival`);
    builder.index(['is_spam', 'created_at'], `${table}_spam_arrival`);
    builder.index(['is_spam', 'lead_status', 'created_at'], `${table}_spam_status_arrival`);
    builder.index(['is_spam', 'utm_source', 'created_at'], `${table}_spam_source_arrival`);
  });
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('interest_entries', (table) => {
    leadColumns(table);
    /** The address lower-cased: one entry per address. Null on spam, which never blocks a real sign-up. */
    table.string('email_key', 254).nullable().unique();
    /** pending, confirmed or unsubscribed */
    table.string('state', 20).notNullable().defaultTo('pending');
    /** 32 random bytes, base64url each: the confirmation link's and the unsubscribe link's. */
    table.string('confirm_token', 64).notNullable().unique();
    table.string('unsubscribe_token', 64).notNullable().unique();
    table.string('confirmed_at', 30).nullable();
    table.string('unsubscribed_at', 30).nullable();
    table.index(['state']);
  });
  await knex.schema.createTable('agent_registrations', (table) => {
    leadColumns(table);
    table.string('agent_firstname', 60).notNullable();
    table.string('agent_lastname', 60).notNullable();
    table.string('agent_email', 254).notNullable();
    table.string('agent_phone', 14).notNullable();
    table.string('brokerage', 100).notNullable();
    table.string('license', 40).notNullable();
    /** When the protection this registration holds (or renews nothing of) began and ends, ISO 8601 UTC. */
    table.string('protected_since', 30).nullable();
    table.string('protected_until', 30).nullable();
  });
  await knex.schema.createTable('agent_client_claims', (table) => {
    /** The client's address lower-cased. */
    table.string('client_email_key', 254).primary();
    table.string('agent_email_key', 254).notNullable();
    table.string('since', 30).notNullable();
    table.string('until', 30).notNullable();
  });
  await knex.schema.createTable('interest_releases', (table) => {
    table.increments('id');
    /** JSON array of lot numbers released together. */
    table.text('lots').notNullable();
    table.string('created_at', 30).notNullable();
    table.string('fanned_out_at', 30).nullable();
    table.integer('recipients').nullable();
    table.index(['fanned_out_at']);
  });
  await knex.schema.alterTable('lead_deliveries', (table) => {
    table.integer('release_id').nullable();
    table.unique(['channel', 'lead_kind', 'lead_id', 'release_id'], { indexName: 'lead_deliveries_release_once' });
  });
  for (const table of LEAD_TABLES) {
    if (isSqlite(knex)) await indexSqlite(knex, table);
    else await indexPostgres(knex, table);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_deliveries', (table) => {
    table.dropUnique(['channel', 'lead_kind', 'lead_id', 'release_id'], 'lead_deliveries_release_once');
    table.dropColumn('release_id');
  });
  if (isSqlite(knex)) {
    for (const table of LEAD_TABLES) {
      for (const trigger of ['insert', 'delete', 'update'])
        await knex.raw(`drop trigger if exists ${table}_search_${trigger}`);
      await knex.raw(`drop table if exists ${table}_search`);
    }
  }
  await knex.schema.dropTable('interest_releases');
  await knex.schema.dropTable('agent_client_claims');
  await knex.schema.dropTable('agent_registrations');
  await knex.schema.dropTable('interest_entries');
}
