import type { Knex } from 'knex';

/**
 * `password_resets.password_fingerprint`: a hash of the account's password hash when the link was issued. A link
 * works only while the account's password is still the one it was issued for, so every way of changing a
 * password (a reset, the account page, `npm run admin -- set-password`, ADMIN_PASSWORD at start) ends every
 * older link without each of them having to remember to. Rows from before have none, and no longer work.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('password_resets', (table) => {
    table.string('password_fingerprint', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('password_resets', (table) => {
    table.dropColumn('password_fingerprint');
  });
}
