import type { Knex } from 'knex';

/** The outbox: each stored message's e-mail delivery state, attempts and schedule. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    table.string('delivery_status', 20).notNullable().defaultTo('not_configured');
    table.integer('delivery_attempts').notNullable().defaultTo(0);
    table.bigInteger('next_attempt_at');
    table.timestamp('delivered_at', { useTz: true });
    table.string('last_delivery_error', 300);
    table.index(['delivery_status', 'next_attempt_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    table.dropIndex(['delivery_status', 'next_attempt_at']);
    table.dropColumn('last_delivery_error');
    table.dropColumn('delivered_at');
    table.dropColumn('next_attempt_at');
    table.dropColumn('delivery_attempts');
    table.dropColumn('delivery_status');
  });
}
