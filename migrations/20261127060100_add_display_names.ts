import type { Knex } from 'knex';

/**
 * A staff account's display name (issue 35): how the team page lists it and how the desk signs what it sends to
 * buyers. Null until the person sets one: everything that shows it falls back to the username.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.string('display_name', 80).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('display_name');
  });
}
