import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('homepage_images', (table) => {
    table.increments('id');
    table.string('url', 500).notNullable().unique();
    table.string('alt', 300).notNullable().defaultTo('');
    table.integer('sort_order').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('floorplan_images', (table) => {
    table.increments('id');
    table.string('url', 500).notNullable();
    table.string('floorplan', 100).notNullable();
    table.string('alt', 300).notNullable().defaultTo('');
    table.integer('sort_order').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['floorplan', 'url']);
    table.index(['floorplan', 'sort_order']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('floorplan_images');
  await knex.schema.dropTable('homepage_images');
}
