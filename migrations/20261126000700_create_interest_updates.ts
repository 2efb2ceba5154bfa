import type { Knex } from 'knex';

/**
 * Updates staff write by hand to the interest list (issue 31: "preview first, sent once, recorded").
 *
 * - `interest_updates`: one row per update, stored when staff preview it (a draft: `sent_at` null). Sending claims
 *   the row with a conditional update (`sent_at is null`) in the transaction that queues its e-mails, so a double
 *   submit, a reload or two instances send it once. `plan`: only the entries who asked about that plan (its slug),
 *   or null for every confirmed entry. `recipients`: how many e-mails were queued.
 * - `lead_deliveries.update_id`: an update e-mail's update; unique per (channel, lead, update), as release e-mails
 *   are per release, so no entry is queued the same update twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('interest_updates', (table) => {
    table.increments('id');
    table.string('subject', 120).notNullable();
    table.text('text').notNullable();
    table.string('plan', 300).nullable();
    table.string('created_by', 64).notNullable();
    /** ISO 8601 in UTC. */
    table.string('created_at', 30).notNullable();
    table.string('sent_at', 30).nullable();
    table.string('sent_by', 64).nullable();
    table.integer('recipients').nullable();
    table.index(['sent_at']);
  });
  await knex.schema.alterTable('lead_deliveries', (table) => {
    table.integer('update_id').nullable();
    table.unique(['channel', 'lead_kind', 'lead_id', 'update_id'], { indexName: 'lead_deliveries_update_once' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_deliveries', (table) => {
    table.dropUnique(['channel', 'lead_kind', 'lead_id', 'update_id'], 'lead_deliveries_update_once');
    table.dropColumn('update_id');
  });
  await knex.schema.dropTable('interest_updates');
}
