import type { Knex } from 'knex';

/** Responsive variants of each staff-uploaded image, keyed by the URL the collections store. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('uploaded_images', (table) => {
    table.string('url', 500).primary();
    table.string('directory', 100).notNullable();
    table.integer('width').notNullable();
    table.integer('height').notNullable();
    table.text('src_set').notNullable();
    table.text('webp_src_set').notNullable();
    table.text('avif_src_set').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('uploaded_images');
}
