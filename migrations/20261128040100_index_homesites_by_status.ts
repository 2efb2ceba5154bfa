import type { Knex } from 'knex';

/**
 * "Find your home" reads every public community's quick move-in homes in one query (status, then the communities,
 * in lot order): this index answers it without reading the other homesites (decision 053).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('homesites', (table) => {
    table.index(['status', 'community_id', 'lot'], 'homesites_status_community_lot_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('homesites', (table) => {
    table.dropIndex(['status', 'community_id', 'lot'], 'homesites_status_community_lot_index');
  });
}
