import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (table) => {
    table.increments('id');
    table.string('firstname', 60).notNullable();
    table.string('lastname', 60).notNullable();
    table.string('email', 254).notNullable();
    table.string('phone', 14).notNullable();
    table.string('subject', 150).notNullable();
    table.text('message').notNullable();
    table.string('source_page', 500);
    table.string('user_agent', 500);
    table.boolean('is_spam').notNullable().defaultTo(false);
    table.timestamp('read_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_messages');
}
