import type { Knex } from 'knex';

/**
 * A message sent from the builder's contact page with "Not sure yet" as its community (decision 050): it is filed
 * under the first community, as every message names one, and marked so the inbox says the buyer has not chosen.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    table.boolean('community_unsure').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    table.dropColumn('community_unsure');
  });
}
