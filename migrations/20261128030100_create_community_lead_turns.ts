import type { Knex } from 'knex';

/**
 * Round-robin assignment per community (decision 050): each community's rotation has its own pointer, the sales
 * account that took its last turn, so a counselor of two communities takes turns in each. The one pointer the
 * install had (`team_settings.auto_assign_last`) becomes the first community's; the column stays, unused, for a
 * rollback.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('community_lead_turns', (table) => {
    table.integer('community_id').primary().references('id').inTable('communities').onDelete('CASCADE');
    /** The username that took the community's last turn; null: the next turn is the first account's. */
    table.string('last', 64).nullable();
  });
  const first = (await knex('communities').orderBy('id').first('id')) as { id: number } | undefined;
  const settings = (await knex('team_settings').where({ id: 1 }).first('auto_assign_last')) as
    { auto_assign_last: string | null } | undefined;
  if (first && settings?.auto_assign_last) {
    await knex('community_lead_turns').insert({ community_id: first.id, last: settings.auto_assign_last });
  }
}

export async function down(knex: Knex): Promise<void> {
  const first = (await knex('communities').orderBy('id').first('id')) as { id: number } | undefined;
  const turn = first
    ? ((await knex('community_lead_turns').where({ community_id: first.id }).first('last')) as
        { last: string | null } | undefined)
    : undefined;
  if (turn) await knex('team_settings').where({ id: 1 }).update({ auto_assign_last: turn.last });
  await knex.schema.dropTable('community_lead_turns');
}
