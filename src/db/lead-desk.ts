import type { Knex } from 'knex';
import { whereLeadInScope, type LeadKind } from './leads.js';
import type { StaffScope } from '../shared/staff-scope.js';

/**
 * What the sales desk keeps beside each lead (migrations/20261126000300_create_sales_desk.ts): its owner, follow-up
 * date and first response in `lead_desk`, and its timeline in `lead_events`, each keyed by (kind, id).
 */

export interface LeadKey {
  kind: LeadKind;
  id: number;
}

export interface LeadDeskRow {
  lead_kind: LeadKind;
  lead_id: number;
  owner: string | null;
  follow_up: string | null;
  arrived_at: string | null;
  first_response_at: string | null;
  first_response_by: string | null;
}

export const LEAD_EVENT_TYPES = [
  'status',
  'note',
  'owner',
  'follow-up',
  'email',
  'tour-booked',
  'tour-moved',
  'tour-cancelled',
  'tour-toured',
  'tour-no-show',
] as const;
export type LeadEventType = (typeof LEAD_EVENT_TYPES)[number];

export interface NewLeadEvent {
  lead: LeadKey;
  at: string;
  actor: string | null;
  type: LeadEventType;
  details: Record<string, unknown>;
}

export interface LeadEventRow {
  id: number;
  lead_kind: LeadKind;
  lead_id: number;
  at: string;
  actor: string | null;
  type: LeadEventType;
  details: Record<string, unknown>;
}

/** The types that answer a lead: the first of them is its first response. */
export const RESPONSE_TYPES: ReadonlySet<LeadEventType> = new Set([
  'status',
  'email',
  'tour-booked',
  'tour-moved',
  'tour-cancelled',
  'tour-toured',
  'tour-no-show',
]);

export async function findLeadDesk(db: Knex | Knex.Transaction, lead: LeadKey): Promise<LeadDeskRow | undefined> {
  const row = (await db('lead_desk').where({ lead_kind: lead.kind, lead_id: lead.id }).first()) as
    LeadDeskRow | undefined;
  return row && { ...row, lead_id: Number(row.lead_id) };
}

/** The address of the lead's owner (their account's e-mail), or null when it has no owner or the owner none. */
export async function ownerAddress(db: Knex | Knex.Transaction, lead: LeadKey): Promise<string | null> {
  const owner = (await findLeadDesk(db, lead))?.owner;
  if (!owner) return null;
  const row = (await db('users').where({ username: owner }).first('email')) as { email: string | null } | undefined;
  return row?.email ?? null;
}

/** The desk rows of several leads at once. */
export async function findLeadDesks(db: Knex, leads: LeadKey[]): Promise<Map<string, LeadDeskRow>> {
  const found = new Map<string, LeadDeskRow>();
  const kinds = [...new Set(leads.map((lead) => lead.kind))];
  for (const kind of kinds) {
    const ids = leads.filter((lead) => lead.kind === kind).map((lead) => lead.id);
    for (const row of (await db('lead_desk').where({ lead_kind: kind }).whereIn('lead_id', ids)) as LeadDeskRow[]) {
      found.set(`${row.lead_kind}/${row.lead_id}`, { ...row, lead_id: Number(row.lead_id) });
    }
  }
  return found;
}

/** Creates the lead's desk row when it has none (with its arrival), so that the update after it finds one. */
async function ensureDeskRow(trx: Knex.Transaction, lead: LeadKey, arrivedAt: string | null): Promise<void> {
  await trx('lead_desk')
    .insert({ lead_kind: lead.kind, lead_id: lead.id, arrived_at: arrivedAt })
    .onConflict(['lead_kind', 'lead_id'])
    .ignore();
}

export async function updateLeadDesk(
  trx: Knex.Transaction,
  lead: LeadKey,
  arrivedAt: string,
  change: Partial<Pick<LeadDeskRow, 'owner' | 'follow_up'>>,
): Promise<void> {
  await ensureDeskRow(trx, lead, arrivedAt);
  await trx('lead_desk').where({ lead_kind: lead.kind, lead_id: lead.id }).update(change);
}

/**
 * Adds an event to a lead's timeline; an answering event (RESPONSE_TYPES) by staff is the lead's first response when
 * it has none yet. `arrivedAt` is the lead's arrival, null for a lead staff made themselves (a tour booked at the
 * desk), which waits for no answer and so takes no part in the time to a first response. Returns the event's id.
 */
export async function insertLeadEvent(
  trx: Knex.Transaction,
  event: NewLeadEvent,
  arrivedAt: string | null,
): Promise<number> {
  const [row] = await trx('lead_events')
    .insert({
      lead_kind: event.lead.kind,
      lead_id: event.lead.id,
      at: event.at,
      actor: event.actor,
      type: event.type,
      details: JSON.stringify(event.details),
    })
    .returning<{ id: number }[]>('id');
  if (!row) throw new Error('lead event insert returned no id');
  if (event.actor !== null && RESPONSE_TYPES.has(event.type)) {
    await ensureDeskRow(trx, event.lead, arrivedAt);
    await trx('lead_desk')
      .where({ lead_kind: event.lead.kind, lead_id: event.lead.id })
      .whereNull('first_response_at')
      .update({ first_response_at: event.at, first_response_by: event.actor });
  }
  return Number(row.id);
}

/** Staff answered these leads at `at` (a tour booked for their buyer): the first response of those without one. */
export async function answerLeads(
  trx: Knex.Transaction,
  leads: (LeadKey & { arrivedAt: string })[],
  at: string,
  by: string,
): Promise<void> {
  for (const lead of leads) {
    await ensureDeskRow(trx, lead, lead.arrivedAt);
    await trx('lead_desk')
      .where({ lead_kind: lead.kind, lead_id: lead.id })
      .whereNull('first_response_at')
      .update({ first_response_at: at, first_response_by: by });
  }
}

function fromStoredEvent(row: Omit<LeadEventRow, 'details'> & { details: string }): LeadEventRow {
  let details: Record<string, unknown> = {};
  try {
    details = JSON.parse(row.details) as Record<string, unknown>;
  } catch {
    // An unreadable entry still shows that something happened, and when.
  }
  return { ...row, id: Number(row.id), lead_id: Number(row.lead_id), details };
}

/** Every event of these leads, oldest first (by time, then by the order they were stored). */
export async function listLeadEvents(db: Knex, leads: LeadKey[]): Promise<LeadEventRow[]> {
  if (leads.length === 0) return [];
  const query = db('lead_events').select('*');
  query.where((where) => {
    for (const kind of new Set(leads.map((lead) => lead.kind))) {
      const ids = leads.filter((lead) => lead.kind === kind).map((lead) => lead.id);
      where.orWhere((branch) => branch.where('lead_kind', kind).whereIn('lead_id', ids));
    }
  });
  const rows = (await query.orderBy([{ column: 'at' }, { column: 'id' }])) as (Omit<LeadEventRow, 'details'> & {
    details: string;
  })[];
  return rows.map(fromStoredEvent);
}

export async function findLeadEvent(db: Knex, id: number): Promise<LeadEventRow | undefined> {
  const row = (await db('lead_events').where({ id }).first()) as
    (Omit<LeadEventRow, 'details'> & { details: string }) | undefined;
  return row && fromStoredEvent(row);
}

/** Removes what the desk holds about a lead (its erasure: the events carry notes and e-mails about the buyer). */
export async function deleteLeadDesk(trx: Knex.Transaction, lead: LeadKey): Promise<void> {
  await trx('lead_events').where({ lead_kind: lead.kind, lead_id: lead.id }).delete();
  await trx('lead_desk').where({ lead_kind: lead.kind, lead_id: lead.id }).delete();
}

export interface FollowUpDue {
  lead_kind: LeadKind;
  lead_id: number;
  owner: string | null;
  follow_up: string;
}

/** Leads whose follow-up date is `today` or earlier, earliest first. */
export async function listFollowUpsDue(
  db: Knex,
  today: string,
  scope: StaffScope,
  limit = 200,
): Promise<FollowUpDue[]> {
  const rows = (await whereLeadInScope(db, db('lead_desk'), 'lead_kind', 'lead_id', scope)
    .select('lead_kind', 'lead_id', 'owner', 'follow_up')
    .whereNotNull('follow_up')
    .where('follow_up', '<=', today)
    .orderBy([{ column: 'follow_up' }, { column: 'lead_kind' }, { column: 'lead_id' }])
    .limit(limit)) as FollowUpDue[];
  return rows.map((row) => ({ ...row, lead_id: Number(row.lead_id) }));
}

export interface FirstResponse {
  arrived_at: string;
  first_response_at: string;
  first_response_by: string;
}

/** The first responses to leads that arrived since `since` (ISO), for the median time to a first response. */
export async function listFirstResponses(db: Knex, since: string, scope: StaffScope): Promise<FirstResponse[]> {
  return (await whereLeadInScope(db, db('lead_desk'), 'lead_kind', 'lead_id', scope)
    .select('arrived_at', 'first_response_at', 'first_response_by')
    .whereNotNull('first_response_at')
    .whereNotNull('arrived_at')
    .where('arrived_at', '>=', since)) as FirstResponse[];
}

/** The account's calendar feed token, or undefined when it has none yet. */
export async function findCalendarToken(db: Knex, username: string): Promise<string | undefined> {
  const row = (await db('calendar_tokens').where({ username }).first('token')) as { token: string } | undefined;
  return row?.token;
}

export async function findCalendarTokenOwner(db: Knex, token: string): Promise<string | undefined> {
  const row = (await db('calendar_tokens').where({ token }).first('username')) as { username: string } | undefined;
  return row?.username;
}

/** Sets (or replaces) an account's calendar token: the old one stops working at once. */
export async function setCalendarToken(db: Knex, username: string, token: string, at: string): Promise<void> {
  await db('calendar_tokens')
    .insert({ username, token, created_at: at })
    .onConflict('username')
    .merge({ token, created_at: at });
}

/** Creates the account's token unless it has one; returns the token in force. */
export async function ensureCalendarToken(db: Knex, username: string, token: string, at: string): Promise<string> {
  await db('calendar_tokens').insert({ username, token, created_at: at }).onConflict('username').ignore();
  return (await findCalendarToken(db, username)) ?? token;
}
