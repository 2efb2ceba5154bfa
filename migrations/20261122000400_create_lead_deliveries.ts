import crypto from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The lead outbox (docs/decisions/017-lead-outbox.md): one row per delivery of a lead — the staff e-mail, the
 * buyer's automatic reply, the CRM webhook — written in the same transaction as the lead, and worked off by one
 * worker with one retry policy. Messages still waiting in the older outbox (contact_messages.delivery_status
 * 'pending') move here; those columns stay, so an instance still running the previous release reads a status it
 * knows ('outbox' is one it never picks up) until every instance runs this one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_deliveries', (table) => {
    table.increments('id');
    /** message or tour */
    table.string('lead_kind', 20).notNullable();
    table.integer('lead_id').notNullable();
    /** staff-email, auto-reply or webhook */
    table.string('channel', 20).notNullable();
    /** The same on every attempt: the webhook's X-Event-Id, the e-mails' Message-ID. */
    table.string('event_id', 64).notNullable().unique();
    /** pending, delivered, or dropped (the lead was gone when its turn came) */
    table.string('status', 20).notNullable().defaultTo('pending');
    table.integer('attempts').notNullable().defaultTo(0);
    /** Milliseconds since the epoch; also the lease of the worker that claimed the row. */
    table.bigInteger('next_attempt_at').nullable();
    table.string('last_error', 300).nullable();
    table.string('created_at', 30).notNullable();
    table.string('delivered_at', 30).nullable();
    table.index(['status', 'next_attempt_at']);
    table.index(['lead_kind', 'lead_id']);
  });
  const waiting = await knex('contact_messages').where({ delivery_status: 'pending' }).select('id', 'next_attempt_at');
  const now = new Date().toISOString();
  for (const message of waiting as { id: number; next_attempt_at: number | string | null }[]) {
    await knex('lead_deliveries').insert({
      lead_kind: 'message',
      lead_id: message.id,
      channel: 'staff-email',
      event_id: crypto.randomUUID(),
      next_attempt_at: message.next_attempt_at,
      created_at: now,
    });
    await knex('contact_messages').where({ id: message.id }).update({ delivery_status: 'outbox' });
  }
}

export async function down(knex: Knex): Promise<void> {
  const waiting = await knex('lead_deliveries')
    .where({ lead_kind: 'message', channel: 'staff-email', status: 'pending' })
    .pluck('lead_id');
  if (waiting.length > 0) {
    await knex('contact_messages').whereIn('id', waiting).update({ delivery_status: 'pending', next_attempt_at: null });
  }
  await knex.schema.dropTable('lead_deliveries');
}
