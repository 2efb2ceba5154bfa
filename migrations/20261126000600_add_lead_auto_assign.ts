import type { Knex } from 'knex';

/**
 * New leads given out in turn (docs/decisions/039-lead-auto-assign.md):
 * - `team_settings.auto_assign_leads`: the owner's setting on /admin/team, off by default.
 * - `team_settings.auto_assign_last`: the rotation's pointer, the sales account that took the last turn; the next
 *   turn is the first active sales account after it by username. It moves only by a conditional update (where it
 *   still holds what was read), so two instances taking a turn at once never both take the same one.
 * - `lead_deliveries.to_address`: the staff e-mail's recipient when the lead had an owner at arrival (the owner's
 *   address, fixed when the lead is stored); null sends it to CONTACT_TO as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('team_settings', (table) => {
    table.boolean('auto_assign_leads').notNullable().defaultTo(false);
    table.string('auto_assign_last', 64).nullable();
  });
  await knex.schema.alterTable('lead_deliveries', (table) => {
    table.string('to_address', 254).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_deliveries', (table) => {
    table.dropColumn('to_address');
  });
  await knex.schema.alterTable('team_settings', (table) => {
    table.dropColumn('auto_assign_leads');
    table.dropColumn('auto_assign_last');
  });
}
