import type { Knex } from 'knex';
import { leadSearchColumns } from '../src/db/lead-search.js';

/**
 * The inbox's search at 100,000 leads (docs/decisions/019-lead-search.md): each lead stores what the search reads
 * (search_text: name, e-mail and phone lower-cased; search_digits: the phone's digits), written with the lead by
 * src/db/lead-search.ts and filled here for the leads already stored, and a trigram index answers "contains" on it.
 * SQLite: an FTS5 trigram table per lead table, kept by triggers. PostgreSQL: pg_trgm GIN indexes, when the
 * extension can be created (a trusted extension since PostgreSQL 13); without it the search still works, reading
 * every row.
 */
const TABLES = ['contact_messages', 'tours'] as const;
const BATCH = 1000;
/** As migrations/20261122000500_index_leads.ts orders SQLite's arrival indexes (arrivalKey in src/db/leads.ts). */
const SQLITE_ORDER = `strftime('%Y-%m-%dT%H:%M:%fZ', created_at)`;

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

interface Person {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
}

async function fillSearchColumns(knex: Knex, table: string): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await knex(table)
      .select('id', 'firstname', 'lastname', 'email', 'phone')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)) as Person[];
    for (const row of rows) await knex(table).where({ id: row.id }).update(leadSearchColumns(row));
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

async function indexSqlite(knex: Knex, table: string): Promise<void> {
  const fts = `${table}_search`;
  await knex.raw(
    `create virtual table ${fts} using fts5(search_text, search_digits, ` +
      `content='${table}', content_rowid='id', tokenize='trigram')`,
  );
  await knex.raw(`insert into ${fts}(${fts}) values ('rebuild')`);
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

/** True when pg_trgm exists or could be created; a refusal (no privilege, not installed) is rolled back alone. */
async function createTrigramExtension(knex: Knex): Promise<boolean> {
  try {
    await knex.transaction((savepoint) => savepoint.raw('create extension if not exists pg_trgm'));
    return true;
  } catch {
    return false;
  }
}

/**
 * The inbox filtered by source and status together: one index range for the list and the count, where the
 * (is_spam, lead_status) or (is_spam, utm_source) index alone leaves every row of one status or source to read.
 * is_spam comes after them: led by it, SQLite without statistics (no ANALYZE) takes this index for the unfiltered
 * list too and sorts every lead instead of reading (is_spam, arrival) in order.
 */
async function indexSourceAndStatus(knex: Knex, table: string): Promise<void> {
  const name = `${table}_source_status_spam_arrival`;
  const columns = ['utm_source', 'lead_status', 'is_spam'];
  if (isSqlite(knex)) await knex.raw(`create index ${name} on ${table} (${[...columns, SQLITE_ORDER].join(', ')})`);
  else await knex.schema.alterTable(table, (builder) => builder.index([...columns, 'created_at'], name));
}

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await indexSourceAndStatus(knex, table);
    await knex.schema.alterTable(table, (builder) => {
      builder.text('search_text').notNullable().defaultTo('');
      builder.string('search_digits', 30).notNullable().defaultTo('');
    });
    await fillSearchColumns(knex, table);
  }
  if (isSqlite(knex)) {
    for (const table of TABLES) await indexSqlite(knex, table);
    // A database that keeps planner statistics (ANALYZE was run) gets them for the new index too: SQLite would
    // otherwise guess it the most selective and prefer it over the arrival index for every list.
    if (await knex.schema.hasTable('sqlite_stat1')) {
      for (const table of TABLES) await knex.raw(`analyze ${table}_source_status_spam_arrival`);
    }
    return;
  }
  if (!(await createTrigramExtension(knex))) return;
  for (const table of TABLES) {
    for (const column of ['search_text', 'search_digits']) {
      await knex.raw(`create index ${table}_${column}_trgm on ${table} using gin (${column} gin_trgm_ops)`);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(`drop index if exists ${table}_source_status_spam_arrival`);
    if (isSqlite(knex)) {
      for (const trigger of ['insert', 'delete', 'update']) {
        await knex.raw(`drop trigger if exists ${table}_search_${trigger}`);
      }
      await knex.raw(`drop table if exists ${table}_search`);
    } else {
      for (const column of ['search_text', 'search_digits']) {
        await knex.raw(`drop index if exists ${table}_${column}_trgm`);
      }
    }
    await knex.schema.alterTable(table, (builder) => builder.dropColumns('search_text', 'search_digits'));
  }
}
