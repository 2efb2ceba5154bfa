import type { Knex } from 'knex';

/**
 * Rate-limit counts shared by every app instance on PostgreSQL (CONTACT_RATE_LIMIT, LOGIN_RATE_LIMIT): one row
 * per limit and client, its hits in the current window and when that window ends (epoch milliseconds). The key is
 * a hash, so no client address or tried username is kept in clear.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_hits', (table) => {
    table.string('key', 100).primary();
    table.integer('hits').notNullable();
    table.bigInteger('reset_at').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limit_hits');
}
