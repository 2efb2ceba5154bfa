import type { Knex } from 'knex';
import { setCommunityIds, communityIdsOf, type CommunityIds } from '../db/user-communities.js';
import { findUserByUsername } from '../db/users.js';
import { recordAudit, type Actor } from './audit-log.js';

/** A community as an account's choice names it. */
export interface NamedCommunity {
  id: number;
  slug: string;
}

export type CommunityChoice = { ok: true; ids: CommunityIds } | { ok: false; message: string };

/**
 * `{"communities": "all"}` or `{"communities": ["a", "b"]}` (slugs), as a call or the team page's checkboxes send it
 * (a form's "all" box, or one slug, arrives as a string). Each unknown slug is named; an empty list is refused, as an
 * account that reaches no community could do nothing.
 */
export function parseCommunityChoice(value: unknown, communities: readonly NamedCommunity[]): CommunityChoice {
  const list = typeof value === 'string' && value !== 'all' ? [value] : value;
  if (value === 'all' || (Array.isArray(list) && list.includes('all'))) return { ok: true, ids: 'all' };
  if (!Array.isArray(list) || list.some((slug) => typeof slug !== 'string'))
    return { ok: false, message: 'Communities must be "all" or a list of community slugs.' };
  if (list.length === 0) return { ok: false, message: 'Choose at least one community, or all of them.' };
  const slugs = [...new Set(list as string[])];
  const unknown = slugs.filter((slug) => !communities.some((community) => community.slug === slug));
  if (unknown.length > 0)
    return {
      ok: false,
      message: `There is no community ${unknown.map((slug) => `“${slug}”`).join(', ')}.`,
    };
  const ids = communities.filter((community) => slugs.includes(community.slug)).map((community) => community.id);
  return { ok: true, ids };
}

/** The slugs of an account's communities, or "all": how the team calls answer. */
export function slugsOf(ids: CommunityIds, communities: readonly NamedCommunity[]): 'all' | string[] {
  if (ids === 'all') return 'all';
  return communities.filter((community) => ids.includes(community.id)).map((community) => community.slug);
}

/**
 * An owner gives an account its communities (owners always have all: a list for an owner is refused). Audited with
 * the list before and after. 404 for an unknown account.
 */
export async function changeAccountCommunities(
  db: Knex,
  username: string,
  ids: CommunityIds,
  communities: readonly NamedCommunity[],
  actor: Actor,
): Promise<
  { ok: true; username: string; communities: 'all' | string[] } | { ok: false; status: 404 | 409; message: string }
> {
  return db.transaction(async (trx) => {
    const user = await findUserByUsername(trx, username);
    if (!user) return { ok: false as const, status: 404 as const, message: 'There is no such account.' };
    if (user.role === 'owner' && ids !== 'all')
      return {
        ok: false as const,
        status: 409 as const,
        message: 'Owners always have every community: change the role first to limit this account.',
      };
    const before = await communityIdsOf(trx, user.id);
    await setCommunityIds(trx, user.id, ids);
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'account.communities',
      target: user.username,
      details: { communities: [slugsOf(before, communities), slugsOf(ids, communities)] },
    });
    return { ok: true as const, username: user.username, communities: slugsOf(ids, communities) };
  });
}

/** What an invitation stores in `staff_invitations.communities`: "all" or the ids, as JSON. */
export function storedChoice(ids: CommunityIds): string {
  return JSON.stringify(ids);
}

/** An invitation's stored choice read back; anything unreadable (an old invitation: null) is all communities. */
export function choiceFromStored(stored: string | null | undefined): CommunityIds {
  if (!stored) return 'all';
  try {
    const value = JSON.parse(stored) as unknown;
    if (Array.isArray(value) && value.every((id) => Number.isInteger(id))) return value as number[];
  } catch {
    // fall through: all
  }
  return 'all';
}
