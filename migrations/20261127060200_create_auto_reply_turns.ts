import type { Knex } from 'knex';

/**
 * The automatic e-mails a stranger can make the site send (a contact message's acknowledgement, a tour's
 * confirmation and its cancellation, an agent's registration confirmation) are limited per recipient address
 * (issue 35): one row per (address, purpose) with when the last one was queued. A new one is queued only when a
 * conditional update moves `last_at` from a time older than the window, so two instances never both take the turn.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auto_reply_turns', (table) => {
    /** The recipient address, lower case. */
    table.string('email_key', 254).notNullable();
    table.string('purpose', 30).notNullable();
    /** ISO 8601 in UTC. */
    table.string('last_at', 30).notNullable();
    table.primary(['email_key', 'purpose']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('auto_reply_turns');
}
