import type { Knex } from 'knex';

/**
 * Model-home tours. `tour_slots` holds one row per slot start that was ever booked, with the number of parties
 * holding a place: a booking takes a place with one conditional UPDATE (`booked < capacity`) that neither SQLite
 * nor PostgreSQL lets two transactions pass at once (docs/decisions/015-tour-booking.md). `tours` is the booking
 * itself, kept as a lead; the lead-context columns (utm_*, referrer, landing_page) are added beside these later.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tour_slots', (table) => {
    /** The slot's start as an ISO 8601 instant in UTC ("2026-11-23T17:00:00.000Z"). */
    table.string('start_at', 30).primary();
    table.integer('booked').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('tours', (table) => {
    table.increments('id');
    /** The buyer's key to their own page: 32 random bytes, base64url. */
    table.string('token', 64).notNullable().unique();
    table.string('start_at', 30).notNullable();
    table.integer('slot_minutes').notNullable();
    table.string('firstname', 60).notNullable();
    table.string('lastname', 60).notNullable();
    table.string('email', 254).notNullable();
    table.string('phone', 14).notNullable();
    table.text('message').notNullable().defaultTo('');
    table.integer('homesite').nullable();
    table.boolean('is_spam').notNullable().defaultTo(false);
    table.string('plan', 100).nullable();
    /** booked, cancelled, toured, no-show. */
    table.string('status', 20).notNullable().defaultTo('booked');
    table.string('source_page', 500).nullable();
    table.string('user_agent', 500).nullable();
    table.string('created_at', 30).notNullable();
    table.string('cancelled_at', 30).nullable();
    table.string('status_changed_at', 30).nullable();
    table.string('status_changed_by', 100).nullable();
    table.index(['start_at']);
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tours');
  await knex.schema.dropTable('tour_slots');
}
