import type { Knex } from 'knex';

/**
 * The sales desk (docs/decisions/033-sales-desk.md). A lead keeps living in its own kind's table; what the desk adds
 * is keyed by (lead_kind, lead_id), so a new kind of lead needs no column here:
 * - `lead_desk`: one row per lead the desk has touched — its owner, its follow-up date, and when (and by whom) it was
 *   first answered, with its arrival copied so the median time to a first response is one read.
 * - `lead_events`: the timeline — status changes, notes, owner and follow-up changes, e-mails to the buyer and what
 *   staff did to tours — each its own row, never updated. An e-mail's whole message is stored in its event before
 *   the outbox sends it (`lead_deliveries.lead_event_id` points at it).
 * - `calendar_tokens`: each account's secret for the team calendar feed (GET /admin/tours.ics?token=…).
 * Tours get `sequence` (RFC 5545 SEQUENCE: +1 each time staff move or anyone cancels the tour, so a calendar
 * replaces its copy of the same UID) and `moved_at`.
 * A buyer is every lead sharing an e-mail (any case) or a phone: both are indexed on every lead table.
 */
const LEAD_TABLES = ['contact_messages', 'tours'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_desk', (table) => {
    table.string('lead_kind', 30).notNullable();
    table.integer('lead_id').notNullable();
    table.string('owner', 64).nullable();
    /** YYYY-MM-DD, a date in the community's zone. */
    table.string('follow_up', 10).nullable();
    table.string('arrived_at', 30).nullable();
    table.string('first_response_at', 30).nullable();
    table.string('first_response_by', 64).nullable();
    table.primary(['lead_kind', 'lead_id']);
    table.index(['owner', 'lead_kind', 'lead_id'], 'lead_desk_owner');
    table.index(['follow_up'], 'lead_desk_follow_up');
    table.index(['first_response_at'], 'lead_desk_first_response');
  });
  await knex.schema.createTable('lead_events', (table) => {
    table.increments('id');
    table.string('lead_kind', 30).notNullable();
    table.integer('lead_id').notNullable();
    /** ISO 8601 in UTC. */
    table.string('at', 30).notNullable();
    /** The staff account that did it; null for the buyer (a cancel from their own page). */
    table.string('actor', 64).nullable();
    table.string('type', 30).notNullable();
    /** JSON: what the event says (a note's text, a status's old and new value, an e-mail's message …). */
    table.text('details').notNullable().defaultTo('{}');
    table.index(['lead_kind', 'lead_id', 'id'], 'lead_events_lead');
  });
  await knex.schema.alterTable('lead_deliveries', (table) => {
    table.integer('lead_event_id').nullable();
  });
  await knex.schema.alterTable('tours', (table) => {
    table.integer('sequence').notNullable().defaultTo(0);
    table.string('moved_at', 30).nullable();
  });
  await knex.schema.createTable('calendar_tokens', (table) => {
    table.string('username', 64).primary();
    table.string('token', 64).notNullable().unique();
    table.string('created_at', 30).notNullable();
  });
  for (const table of LEAD_TABLES) {
    await knex.raw(`create index ${table}_email_lower on ${table} (lower(email))`);
    await knex.raw(`create index ${table}_phone on ${table} (phone)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of LEAD_TABLES) {
    await knex.raw(`drop index if exists ${table}_email_lower`);
    await knex.raw(`drop index if exists ${table}_phone`);
  }
  await knex.schema.dropTable('calendar_tokens');
  await knex.schema.alterTable('tours', (table) => {
    table.dropColumn('sequence');
    table.dropColumn('moved_at');
  });
  await knex.schema.alterTable('lead_deliveries', (table) => {
    table.dropColumn('lead_event_id');
  });
  await knex.schema.dropTable('lead_events');
  await knex.schema.dropTable('lead_desk');
}
