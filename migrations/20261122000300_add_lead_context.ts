import type { Knex } from 'knex';

/**
 * Leads with context (contract, "Leads with context"): both kinds of lead, contact messages and tours, carry where
 * the visit began (UTM parameters, referrer, landing page), what the buyer asked about (homesite, plan), and the
 * sales follow-up (lead status, notes). `lead_erasures` records that a lead was deleted at a buyer's request:
 * who and when, never what.
 */
const CONTEXT_TEXT_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landing_page',
];
/** A migration keeps its own numbers: src/shared/lead-context.ts may change, this table shape may not. */
const CONTEXT_MAX_LENGTH = 300;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    table.integer('homesite').nullable();
    table.string('plan', CONTEXT_MAX_LENGTH).nullable();
  });
  for (const leadTable of ['contact_messages', 'tours']) {
    await knex.schema.alterTable(leadTable, (table) => {
      for (const field of CONTEXT_TEXT_FIELDS) table.string(field, CONTEXT_MAX_LENGTH).nullable();
      table.string('lead_status', 20).notNullable().defaultTo('new');
      table.text('notes').notNullable().defaultTo('');
      table.index(['lead_status']);
      table.index(['utm_source']);
    });
  }
  await knex.schema.createTable('lead_erasures', (table) => {
    table.increments('id');
    /** message or tour */
    table.string('kind', 20).notNullable();
    table.integer('lead_id').notNullable();
    table.string('erased_by', 100).notNullable();
    table.string('erased_at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_erasures');
  for (const leadTable of ['contact_messages', 'tours']) {
    await knex.schema.alterTable(leadTable, (table) => {
      table.dropIndex(['utm_source']);
      table.dropIndex(['lead_status']);
      table.dropColumn('notes');
      table.dropColumn('lead_status');
      for (const field of CONTEXT_TEXT_FIELDS) table.dropColumn(field);
    });
  }
  await knex.schema.alterTable('contact_messages', (table) => {
    table.dropColumn('plan');
    table.dropColumn('homesite');
  });
}
