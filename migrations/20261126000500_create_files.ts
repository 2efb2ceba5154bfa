import type { Knex } from 'knex';

/**
 * The file library (decision 038): one row per file staff uploaded — an image, a PDF, a video or a WebVTT captions
 * file. `url` is the file's lasting address (/files/<id>/<name>), the one content stores; `stored_url` is where its
 * current bytes are (/uploads/<folder>/<file>, immutable), which a replacement changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (table) => {
    table.increments('id').primary();
    table.string('kind', 16).notNullable().index();
    table.string('url', 500).notNullable().unique();
    table.string('stored_url', 500).notNullable().unique();
    table.string('folder', 128).notNullable();
    table.string('original_name', 255).notNullable();
    table.string('content_type', 100).notNullable();
    table.bigInteger('size').notNullable();
    table.string('alt', 300).nullable();
    table.string('title', 200).nullable();
    /** A video's captions: another row of kind `captions`. */
    table.integer('captions_id').nullable().references('id').inTable('files').onDelete('SET NULL');
    table.string('uploaded_by', 64).notNullable();
    table.string('uploaded_at', 30).notNullable();
    table.string('replaced_at', 30).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('files');
}
