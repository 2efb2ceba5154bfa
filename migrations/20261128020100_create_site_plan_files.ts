import type { Knex } from 'knex';

/**
 * Site-plan drawings and lot outlines kept in the database rather than under static/: a community set up in the
 * browser, or generated as a sample, has its own, and every instance serves the same ones.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_plan_files', (table) => {
    /** The address it is served at, and what the content names (`media.sitePlan.src`, `homesites.outlines`). */
    table.string('path', 300).primary();
    table.integer('community_id').notNullable().index();
    table.string('content_type', 100).notNullable();
    /** The file: text as it is (an SVG), or base64 for an image's bytes (`encoding`). */
    table.text('body').notNullable();
    table.string('encoding', 10).notNullable().defaultTo('utf8');
    table.string('updated_at', 30).notNullable();
    table.string('updated_by', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('site_plan_files');
}
