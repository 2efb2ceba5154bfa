import type { Knex } from 'knex';

/**
 * Homesites replace the seed's `houses` table (lot, address, price), which no page ever read and no install ever
 * filled: `homesites` carries those columns and what a live lot map needs (status, plan, lot size, ready date, a
 * version for conflict checks), and `homesite_changes` keeps who changed what, when, as old → new per field.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('homesites', (table) => {
    table.integer('lot').primary();
    table.string('status', 20).notNullable();
    table.string('plan', 100).nullable();
    table.integer('price').nullable();
    table.integer('sqft').nullable();
    table.string('address', 300).notNullable().defaultTo('');
    table.string('ready', 10).nullable();
    table.integer('version').notNullable().defaultTo(1);
    table.string('updated_at', 40).notNullable();
    table.string('updated_by', 100).nullable();
    table.index(['status']);
  });
  await knex.schema.createTable('homesite_changes', (table) => {
    table.increments('id');
    table.integer('lot').notNullable().references('lot').inTable('homesites').onDelete('CASCADE');
    table.string('changed_at', 40).notNullable();
    table.string('changed_by', 100).notNullable();
    /** How the change was made: edit, bulk, import. */
    table.string('source', 20).notNullable();
    /** JSON object: field → [old, new]. */
    table.text('changes').notNullable();
    table.index(['lot', 'id']);
    table.index(['id']);
  });
  await knex.schema.dropTable('houses');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('homesite_changes');
  await knex.schema.dropTable('homesites');
  await knex.schema.createTable('houses', (table) => {
    table.increments('id');
    table.integer('lot').notNullable().unique();
    table.string('address', 300).notNullable();
    table.integer('price');
  });
}
