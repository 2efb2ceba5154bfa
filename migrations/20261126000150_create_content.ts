import type { Knex } from 'knex';

/**
 * Content staff edit (decision 029): every saved document of every section is a row of content_versions, never
 * rewritten; content_sections says which version is published, which is the draft and which is scheduled.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_versions', (table) => {
    table.string('section', 40).notNullable();
    table.integer('version').notNullable();
    table.text('data').notNullable();
    table.timestamp('saved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.string('saved_by', 64).notNullable();
    table.timestamp('published_at', { useTz: true }).nullable();
    table.string('published_by', 64).nullable();
    table.primary(['section', 'version']);
  });
  await knex.schema.createTable('content_sections', (table) => {
    table.string('section', 40).primary();
    table.integer('published_version').notNullable();
    table.integer('draft_version').nullable();
    table.integer('scheduled_version').nullable();
    table.timestamp('scheduled_at', { useTz: true }).nullable();
    table.string('scheduled_by', 64).nullable();
    table.index(['scheduled_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('content_sections');
  await knex.schema.dropTable('content_versions');
}
