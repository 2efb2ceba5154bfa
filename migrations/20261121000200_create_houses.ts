import type { Knex } from 'knex';

/** The seed's listing table (lot, address, price); no page reads it yet. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('houses', (table) => {
    table.increments('id');
    table.integer('lot').notNullable().unique();
    table.string('address', 300).notNullable();
    table.integer('price');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('houses');
}
