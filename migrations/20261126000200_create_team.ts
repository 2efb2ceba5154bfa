import type { Knex } from 'knex';

/**
 * A team instead of a shared password (docs/decisions/031-team-roles-and-two-factor.md): every account gets a
 * role (every existing one becomes an owner: until now each could do everything), a state, two-factor secrets,
 * its passkeys and recovery codes; invitations and password resets are one-use tokens stored hashed; sessions
 * say whose they are, so a deactivation or a password change ends them in one statement on every instance; the
 * audit trail is one append-only table; staff e-mails (invitations, resets) are stored before they are sent.
 * Times are ISO 8601 text in UTC, as the other newer tables keep them (they sort as text).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.string('role', 16).notNullable().defaultTo('owner');
    table.boolean('active').notNullable().defaultTo(true);
    table.string('email', 254).nullable();
    table.string('last_sign_in_at', 30).nullable();
    /** The confirmed TOTP secret (base32), or null: two-factor by authenticator app is off. */
    table.string('totp_secret', 64).nullable();
    /** A secret shown by "start" and not yet confirmed with a code. */
    table.string('totp_pending_secret', 64).nullable();
    /** The last TOTP time step that signed in, so the same code never works twice. */
    table.bigInteger('totp_last_step').nullable();
  });
  await knex.schema.alterTable('sessions', (table) => {
    table.integer('user_id').nullable().index();
  });
  await knex.schema.createTable('recovery_codes', (table) => {
    table.increments('id');
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('code_hash', 64).notNullable();
    table.string('used_at', 30).nullable();
    table.index(['user_id']);
  });
  await knex.schema.createTable('passkeys', (table) => {
    table.increments('id');
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('credential_id', 512).notNullable().unique();
    table.text('public_key').notNullable();
    table.bigInteger('counter').notNullable().defaultTo(0);
    table.string('transports', 200).nullable();
    table.string('name', 100).notNullable();
    table.string('created_at', 30).notNullable();
    table.string('last_used_at', 30).nullable();
    table.index(['user_id']);
  });
  await knex.schema.createTable('staff_invitations', (table) => {
    table.increments('id');
    table.string('token_hash', 64).notNullable().unique();
    table.string('email', 254).notNullable();
    table.string('role', 16).notNullable();
    table.string('invited_by', 64).notNullable();
    table.string('created_at', 30).notNullable();
    table.string('expires_at', 30).notNullable();
    table.string('used_at', 30).nullable();
    table.string('username', 64).nullable();
  });
  await knex.schema.createTable('password_resets', (table) => {
    table.increments('id');
    table.string('token_hash', 64).notNullable().unique();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('created_at', 30).notNullable();
    table.string('expires_at', 30).notNullable();
    table.string('used_at', 30).nullable();
  });
  await knex.schema.createTable('audit_log', (table) => {
    table.increments('id');
    table.string('at', 30).notNullable().index();
    table.string('actor', 64).notNullable();
    table.string('action', 64).notNullable();
    table.string('target', 200).notNullable().defaultTo('');
    table.string('ip', 64).notNullable().defaultTo('');
    /** JSON text: old → new for small fields, a reference (a version) for content. */
    table.text('details').notNullable().defaultTo('{}');
    table.index(['actor', 'at']);
    table.index(['action', 'at']);
  });
  await knex.schema.createTable('staff_mail', (table) => {
    table.increments('id');
    table.string('to', 254).notNullable();
    table.string('subject', 200).notNullable();
    /** Cleared once sent: an invitation or a reset carries a one-use link. */
    table.text('text').notNullable();
    table.string('created_at', 30).notNullable();
    table.string('sent_at', 30).nullable();
    table.integer('attempts').notNullable().defaultTo(0);
    /** Milliseconds since the epoch; also the lease of the instance that claimed it. */
    table.bigInteger('next_attempt_at').nullable();
    table.string('last_error', 300).nullable();
    table.index(['sent_at', 'next_attempt_at']);
  });
  await knex.schema.createTable('team_settings', (table) => {
    table.integer('id').primary();
    table.boolean('require_two_factor').notNullable().defaultTo(false);
  });
  await knex('team_settings').insert({ id: 1, require_two_factor: false });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('team_settings');
  await knex.schema.dropTable('staff_mail');
  await knex.schema.dropTable('audit_log');
  await knex.schema.dropTable('password_resets');
  await knex.schema.dropTable('staff_invitations');
  await knex.schema.dropTable('passkeys');
  await knex.schema.dropTable('recovery_codes');
  await knex.schema.alterTable('sessions', (table) => {
    table.dropIndex(['user_id']);
    table.dropColumn('user_id');
  });
  await knex.schema.alterTable('users', (table) => {
    for (const column of [
      'role',
      'active',
      'email',
      'last_sign_in_at',
      'totp_secret',
      'totp_pending_secret',
      'totp_last_step',
    ])
      table.dropColumn(column);
  });
}
