/**
 * Which communities a signed-in account reaches (docs/decisions/050-communities-as-a-scope.md): all of them, or
 * the listed ones. src/services/staff-scope.ts is the module to import: it makes an account's scope and narrows
 * queries with it (src/db/staff-scope.ts); src/web/staff-scope.ts attaches it to each staff request.
 */
export interface StaffScope {
  all: boolean;
  /** The community ids of a limited account (empty for `all`). */
  communities: readonly number[];
}

/** Every community: owners, accounts with all communities, and code that acts for the builder. */
export const ALL_COMMUNITIES: StaffScope = Object.freeze({ all: true, communities: Object.freeze([]) });

/** No community: an account that is gone, or a limited account given none. */
export const NO_COMMUNITIES: StaffScope = Object.freeze({ all: false, communities: Object.freeze([]) });

/** The account fields the scope is made from. */
export interface ScopedAccount {
  role: string;
  allCommunities: boolean;
}

/** Owners always reach every community; any other account its list unless it is given all. */
export function scopeOf(account: ScopedAccount, communities: readonly number[]): StaffScope {
  if (account.role === 'owner' || account.allCommunities) return ALL_COMMUNITIES;
  return Object.freeze({ all: false, communities: Object.freeze([...new Set(communities)].sort((a, b) => a - b)) });
}

/** Whether a row of `communityId` is in the scope (null: a builder-wide row, which only all-community accounts reach). */
export function inScope(scope: StaffScope, communityId: number | null | undefined): boolean {
  if (scope.all) return true;
  return communityId !== null && communityId !== undefined && scope.communities.includes(Number(communityId));
}
