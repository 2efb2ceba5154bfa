import type { Knex } from 'knex';
import { insertLeadEvent, type LeadKey } from '../db/lead-desk.js';
import { leadCommunityId, LEAD_KINDS, LEAD_TABLES, type LeadKind } from '../db/leads.js';
import { assignableAccount } from '../db/users.js';
import { recordAudit, type Actor } from './audit-log.js';
import { autoAssignOn, nextInTurn, takeableAccounts } from './lead-assignment.js';

/**
 * Where the open leads of an account that stops taking leads go (issue 35, docs/decisions/046): deactivated, or
 * moved to a role that works no leads. Without this they kept their owner, follow-ups due included, and nobody
 * saw them. "Open": not spam, and not closed or lost (those keep their owner: it is their history).
 */

/** Another account that takes leads, nobody (the inbox's "nobody" filter), or in turn among the sales accounts. */
export type LeadsTo = { account: string } | 'unassigned' | 'rotation';

/** Statuses after which a lead is finished and keeps its owner. */
const FINISHED = ['closed', 'lost'];

async function openLeadKeys(db: Knex | Knex.Transaction, username: string): Promise<{ kind: LeadKind; id: number }[]> {
  const keys: { kind: LeadKind; id: number }[] = [];
  for (const kind of LEAD_KINDS) {
    const ids = (await db('lead_desk as d')
      .join(`${LEAD_TABLES[kind].table} as l`, 'l.id', 'd.lead_id')
      .where('d.lead_kind', kind)
      .andWhere('d.owner', username)
      .andWhere('l.is_spam', false)
      .whereNotIn('l.lead_status', FINISHED)
      .orderBy('d.lead_id')
      .pluck('d.lead_id')) as (number | string)[];
    keys.push(...ids.map((id) => ({ kind, id: Number(id) })));
  }
  return keys;
}

/** How many open leads each account owns, for the team page's deactivation forms. */
export async function countOpenLeads(db: Knex, username: string): Promise<number> {
  return (await openLeadKeys(db, username)).length;
}

/** Where the leads go when the change does not say: where a new lead would go now (decision 046). */
export async function defaultLeadsTo(db: Knex | Knex.Transaction): Promise<LeadsTo> {
  return (await autoAssignOn(db as Knex)) ? 'rotation' : 'unassigned';
}

export class HandoverError extends Error {}

/**
 * Moves `username`'s open leads, in `trx` (the transaction of the deactivation or role change, after the account
 * stopped taking leads): each gets its new owner and a timeline entry, and one audit row says how many went to
 * whom. Throws HandoverError when the chosen account cannot take leads. Returns how many moved.
 */
export async function handOverOpenLeads(
  trx: Knex.Transaction,
  username: string,
  to: LeadsTo,
  actor: Actor,
): Promise<number> {
  let target: string | null | undefined;
  if (typeof to === 'object') {
    target = await assignableAccount(trx as unknown as Knex, to.account);
    if (!target || target === username)
      throw new HandoverError('Choose an active sales or owner account to take the leads, or leave them unassigned.');
  }
  const keys = await openLeadKeys(trx, username);
  if (keys.length === 0) return 0;
  const at = new Date().toISOString();
  const owners: Record<string, number> = {};
  /** In rotation, each lead goes to the next counselor of its own community. */
  const inTurn = async (key: LeadKey): Promise<string | null> => {
    const community = await leadCommunityId(trx as unknown as Knex, key);
    if (community === undefined) return null;
    return (await nextInTurn(trx, await takeableAccounts(trx, community), community))?.username ?? null;
  };
  for (const key of keys) {
    const owner = to === 'rotation' ? await inTurn(key) : (target ?? null);
    await trx('lead_desk').where({ lead_kind: key.kind, lead_id: key.id }).update({ owner });
    await insertLeadEvent(
      trx,
      { lead: key, at, actor: actor.username, type: 'owner', details: { from: username, to: owner, by: 'handover' } },
      null,
    );
    const name = owner ?? 'unassigned';
    owners[name] = (owners[name] ?? 0) + 1;
  }
  await recordAudit(trx, {
    actor: actor.username,
    ip: actor.ip,
    action: 'leads.handed-over',
    target: username,
    details: { leads: keys.length, to: typeof to === 'object' ? target : to, owners },
  });
  return keys.length;
}
