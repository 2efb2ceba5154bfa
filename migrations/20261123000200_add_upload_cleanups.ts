import type { Knex } from 'knex';

/**
 * Upload folders to remove from the storage (docs/deploy.md §8): one row per folder no image row names any more —
 * an upload that failed or is still being written, a deleted image — kept until the folder is gone, so an instance
 * that stops while the storage is out leaves the work to the next one instead of leaving orphan files behind.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('upload_cleanups', (table) => {
    table.string('folder', 128).primary();
    table.integer('attempts').notNullable().defaultTo(0);
    /** Milliseconds since the epoch; also the lease of the worker that claimed the row. */
    table.bigInteger('next_attempt_at').notNullable().index();
    table.string('last_error', 300).nullable();
    table.string('created_at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('upload_cleanups');
}
