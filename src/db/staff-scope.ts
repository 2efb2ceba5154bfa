import type { Knex } from 'knex';
import { NO_COMMUNITIES, scopeOf, type ScopedAccount, type StaffScope } from '../shared/staff-scope.js';
import { isTrue } from './users.js';

/**
 * Narrows a query of community-owned rows to the scope: `whereIn(column, ids)`, nothing for all. An account with
 * no community gets no rows.
 */
export function narrow<Q extends Knex.QueryBuilder>(query: Q, column: string, scope: StaffScope): Q {
  if (scope.all) return query;
  return query.whereIn(column, [...scope.communities]) as Q;
}

/**
 * For tables where null means builder-wide (files): a limited account reaches its communities' rows and the
 * builder-wide ones (a file the builder shares is everyone's).
 */
export function narrowShared<Q extends Knex.QueryBuilder>(query: Q, column: string, scope: StaffScope): Q {
  if (scope.all) return query;
  const ids = [...scope.communities];
  return query.where((where) => where.whereNull(column).orWhereIn(column, ids)) as Q;
}

/**
 * The scope of an account read with its role and all_communities (a signed-in request's account: passport read it
 * with them): its user_communities only when it is limited to some.
 */
export async function scopeOfAccount(db: Knex, account: ScopedAccount & { id: number }): Promise<StaffScope> {
  if (account.role === 'owner' || account.allCommunities) return scopeOf(account, []);
  const rows = (await db('user_communities').where({ user_id: account.id }).select('community_id')) as {
    community_id: number | string;
  }[];
  return scopeOf(
    account,
    rows.map((row) => Number(row.community_id)),
  );
}

/** The scope of an account by id (users.all_communities and user_communities); an unknown account reaches nothing. */
export async function loadStaffScope(db: Knex, userId: number): Promise<StaffScope> {
  const user = (await db('users').where({ id: userId }).first('role', 'all_communities')) as
    { role: string; all_communities: unknown } | undefined;
  if (!user) return NO_COMMUNITIES;
  return scopeOfAccount(db, { id: userId, role: user.role, allCommunities: isTrue(user.all_communities) });
}

/** The scope of an account by username (the calendar feed's token names its owner). */
export async function loadStaffScopeByUsername(db: Knex, username: string): Promise<StaffScope> {
  const user = (await db('users').where({ username }).first('id')) as { id: number | string } | undefined;
  return user ? loadStaffScope(db, Number(user.id)) : NO_COMMUNITIES;
}

/** The communities the scope reaches, by name: slug and name (the inbox's community filter). */
export async function listScopeCommunities(db: Knex, scope: StaffScope): Promise<{ slug: string; name: string }[]> {
  return (await narrow(db('communities'), 'id', scope).orderBy('name').select('slug', 'name')) as {
    slug: string;
    name: string;
  }[];
}
