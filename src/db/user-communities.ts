import type { Knex } from 'knex';

/** Which communities an account reaches: all of them, or these ids (decision 050). */
export type CommunityIds = 'all' | readonly number[];

/**
 * The communities of an account: all for an owner or an account with `all_communities`, its `user_communities`
 * otherwise. An unknown account reaches none.
 */
export async function communityIdsOf(db: Knex | Knex.Transaction, userId: number): Promise<CommunityIds> {
  const user = (await db('users').where({ id: userId }).first('role', 'all_communities')) as
    { role: string; all_communities: boolean | number } | undefined;
  if (!user) return [];
  if (user.role === 'owner' || Boolean(user.all_communities)) return 'all';
  const rows = (await db('user_communities').where({ user_id: userId }).orderBy('community_id')) as {
    community_id: number | string;
  }[];
  return rows.map((row) => Number(row.community_id));
}

/** Every account's list of communities, by user id (accounts with all of them are absent). */
export async function limitedCommunityIds(db: Knex): Promise<Map<number, number[]>> {
  const rows = (await db('user_communities as c')
    .join('users as u', 'u.id', 'c.user_id')
    .where('u.all_communities', false)
    .whereNot('u.role', 'owner')
    .orderBy('c.community_id')
    .select('c.user_id', 'c.community_id')) as { user_id: number | string; community_id: number | string }[];
  const lists = new Map<number, number[]>();
  for (const row of rows) {
    const list = lists.get(Number(row.user_id)) ?? [];
    list.push(Number(row.community_id));
    lists.set(Number(row.user_id), list);
  }
  return lists;
}

/** Gives an account all communities, or exactly these (inside the caller's transaction). */
export async function setCommunityIds(trx: Knex.Transaction, userId: number, ids: CommunityIds): Promise<void> {
  await trx('user_communities').where({ user_id: userId }).delete();
  await trx('users')
    .where({ id: userId })
    .update({ all_communities: ids === 'all' });
  if (ids !== 'all' && ids.length > 0)
    await trx('user_communities').insert(ids.map((id) => ({ user_id: userId, community_id: id })));
}
