import type { Knex } from 'knex';

/** One counter, raised by every staff change, so each app instance knows when its page cache is stale. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_revision', (table) => {
    table.integer('id').primary();
    table.bigInteger('revision').notNullable();
  });
  await knex('site_revision').insert({ id: 1, revision: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('site_revision');
}
