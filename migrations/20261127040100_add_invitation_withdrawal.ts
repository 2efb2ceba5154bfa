import type { Knex } from 'knex';

/**
 * An invitation can be withdrawn before it is used (decision 046): by an owner on the team page (revoked), or by the
 * deactivation or demotion of the owner who sent it (cancelled). `withdrawn_at` (ISO 8601 in UTC) makes its link
 * answer 410 like an expired one; `withdrawn_by` is the owner who revoked it or whose deactivation cancelled it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('staff_invitations', (table) => {
    table.string('withdrawn_at', 30).nullable();
    table.string('withdrawn_by', 64).nullable();
    table.index(['invited_by'], 'staff_invitations_invited_by');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('staff_invitations', (table) => {
    table.dropIndex(['invited_by'], 'staff_invitations_invited_by');
    table.dropColumn('withdrawn_by');
    table.dropColumn('withdrawn_at');
  });
}
