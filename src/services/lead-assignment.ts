import type { Knex } from 'knex';
import { enqueueLeadDeliveries, type DeliveryChannel } from '../db/lead-deliveries.js';
import { findLeadDesks, insertLeadEvent, updateLeadDesk, type LeadKey } from '../db/lead-desk.js';
import { findBuyerLeads, findLead, leadCommunityId } from '../db/leads.js';
import { listAssignableAccounts } from '../db/users.js';
import { recordAudit, type Actor } from './audit-log.js';
import { limitAutoReply } from './auto-reply-limit.js';

/**
 * New leads given out in turn (issue 30; docs/decisions/039-lead-auto-assign.md). When the owner turns it on
 * (/admin/team), each new lead from the public site gets an owner in the transaction that stores it: the buyer's
 * owner when the buyer already has one who still takes leads, otherwise the next active sales account in turn.
 */

/** How the timeline and the audit trail name the assignment: it is nobody's action (its actor is null / ''). */
export const AUTO_ASSIGN = 'auto-assign';

/** How many times a turn is retried when another request took it between the read and the update. */
const TURN_ATTEMPTS = 50;

interface AutoAssignSettings {
  on: boolean;
  last: string | null;
}

async function readSettings(db: Knex | Knex.Transaction): Promise<AutoAssignSettings> {
  const row = (await db('team_settings').where({ id: 1 }).first('auto_assign_leads', 'auto_assign_last')) as
    { auto_assign_leads: boolean | number; auto_assign_last: string | null } | undefined;
  return { on: row?.auto_assign_leads === true || row?.auto_assign_leads === 1, last: row?.auto_assign_last ?? null };
}

/** Whether new leads are given out in turn. */
export async function autoAssignOn(db: Knex): Promise<boolean> {
  return (await readSettings(db)).on;
}

/** The owner's setting; a change is an audit row in its own transaction, a non-change writes nothing. */
export async function setAutoAssign(db: Knex, on: boolean, actor: Actor): Promise<void> {
  await db.transaction(async (trx) => {
    const before = (await readSettings(trx)).on;
    if (before === on) return;
    await trx('team_settings').where({ id: 1 }).update({ auto_assign_leads: on });
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'team.auto-assign',
      target: 'team',
      details: { autoAssign: [before, on] },
    });
  });
}

/** The account a lead was given to, with the address its staff e-mail goes to (null: the account has none). */
export interface AssignedOwner {
  username: string;
  email: string | null;
}

type Accounts = { username: string; email: string | null; role: string }[];

/**
 * The accounts that take leads of `community` now (active sales and owners that reach it: owners and accounts with
 * every community, or the community is on the account's list), by username.
 */
export async function takeableAccounts(trx: Knex.Transaction, community: number): Promise<Accounts> {
  const names = new Set(await listAssignableAccounts(trx as unknown as Knex));
  const rows = (await trx('users')
    .whereIn('username', [...names])
    .where((where) =>
      where
        .where('role', 'owner')
        .orWhere('all_communities', true)
        .orWhereIn('id', trx('user_communities').where({ community_id: community }).select('user_id')),
    )
    .select('username', 'email', 'role')) as Accounts;
  // Ordered by code unit, in JavaScript: the turn's "after" must compare as the order does, on either database.
  return rows.sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
}

/** The buyer's current owner: the newest of its other leads that has an owner who still takes leads. */
async function buyersOwner(
  trx: Knex.Transaction,
  lead: LeadKey,
  person: { email: string; phone: string },
  accounts: Accounts,
) {
  const others = (await findBuyerLeads(trx as unknown as Knex, person)).filter(
    (row) => !(row.kind === lead.kind && row.id === lead.id),
  );
  if (others.length === 0) return undefined;
  const desks = await findLeadDesks(
    trx as unknown as Knex,
    others.map((row) => ({ kind: row.kind, id: row.id })),
  );
  for (const row of others) {
    const owner = desks.get(`${row.kind}/${row.id}`)?.owner;
    const account = owner ? accounts.find((candidate) => candidate.username === owner) : undefined;
    if (account) return account;
  }
  return undefined;
}

/**
 * The next sales account in turn: the first active one after the pointer by username (round again from the first).
 * The pointer moves only where it still holds what was read: a request that lost the race reads again and takes the
 * turn after (on PostgreSQL the losing update waits for the winner's commit, then matches no row).
 */
export async function nextInTurn(trx: Knex.Transaction, accounts: Accounts, community: number) {
  const sales = accounts.filter((account) => account.role === 'sales');
  if (sales.length === 0) return undefined;
  // Each community's rotation has its own pointer (migrations/20261128030100_create_community_lead_turns.ts).
  await trx('community_lead_turns').insert({ community_id: community, last: null }).onConflict('community_id').ignore();
  for (let attempt = 0; attempt < TURN_ATTEMPTS; attempt += 1) {
    const turn = (await trx('community_lead_turns').where({ community_id: community }).first('last')) as
      { last: string | null } | undefined;
    const last = turn?.last ?? null;
    const next = sales.find((account) => last === null || account.username > last) ?? sales[0]!;
    const query = trx('community_lead_turns').where({ community_id: community });
    if (last === null) query.whereNull('last');
    else query.where({ last });
    if ((await query.update({ last: next.username })) === 1) return next;
  }
  return undefined;
}

/**
 * Gives a new lead an owner when auto-assign is on: in `trx`, the transaction that stores it. The owner change is on
 * the lead's timeline (actor null, `by: auto-assign`) and in the audit trail (actor '', as for a stranger).
 */
export async function assignNewLead(trx: Knex.Transaction, key: LeadKey): Promise<AssignedOwner | undefined> {
  if (!(await readSettings(trx)).on) return undefined;
  const lead = await findLead(trx as unknown as Knex, key.kind, key.id);
  if (!lead || lead.is_spam) return undefined;
  // The lead's community's counselors only: its staff e-mail goes to the owner chosen here.
  const community = await leadCommunityId(trx as unknown as Knex, key);
  if (community === undefined) return undefined;
  const accounts = await takeableAccounts(trx, community);
  const owner =
    (await buyersOwner(trx, key, { email: lead.email, phone: lead.phone }, accounts)) ??
    (await nextInTurn(trx, accounts, community));
  if (!owner) return undefined;
  await updateLeadDesk(trx, key, lead.created_at, { owner: owner.username });
  await insertLeadEvent(
    trx,
    {
      lead: key,
      at: lead.created_at,
      actor: null,
      type: 'owner',
      details: { from: null, to: owner.username, by: AUTO_ASSIGN },
    },
    lead.created_at,
  );
  await recordAudit(trx, {
    actor: '',
    action: 'lead.owner',
    target: `${key.kind}/${key.id}`,
    details: { owner: [null, owner.username], by: AUTO_ASSIGN },
  });
  return { username: owner.username, email: owner.email };
}

/**
 * A new lead from the public site, just stored in `trx`: given an owner (when auto-assign is on) and its deliveries
 * queued, the staff e-mail addressed to that owner when their account has an address, the automatic reply only when
 * its address has had none of the kind within the day (src/services/auto-reply-limit.ts).
 */
export async function queueNewLead(
  trx: Knex.Transaction,
  key: LeadKey,
  channels: readonly DeliveryChannel[],
): Promise<AssignedOwner | undefined> {
  const owner = await assignNewLead(trx, key);
  await enqueueLeadDeliveries(trx, key, await limitAutoReply(trx, key, channels), owner?.email ?? null);
  return owner;
}
