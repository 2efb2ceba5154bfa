import type { Knex } from 'knex';
import { narrow } from './staff-scope.js';
import { ALL_COMMUNITIES, type StaffScope } from '../shared/staff-scope.js';

/** An update staff wrote to the interest list: a draft until `sentAt` is set, once. */
export interface InterestUpdateRow {
  id: number;
  subject: string;
  text: string;
  /** Only the entries who asked about this plan (its slug), or null: every confirmed entry. */
  plan: string | null;
  createdBy: string;
  createdAt: string;
  sentAt: string | null;
  sentBy: string | null;
  /** How many e-mails sending queued. */
  recipients: number | null;
  /** The community whose confirmed entries it goes to. */
  communityId: number;
}

interface Stored {
  id: number | string;
  subject: string;
  text: string;
  plan: string | null;
  created_by: string;
  created_at: string;
  sent_at: string | null;
  sent_by: string | null;
  recipients: number | string | null;
  community_id: number | string;
}

function fromStored(row: Stored): InterestUpdateRow {
  return {
    id: Number(row.id),
    subject: row.subject,
    text: row.text,
    plan: row.plan,
    createdBy: row.created_by,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    sentBy: row.sent_by,
    recipients: row.recipients === null ? null : Number(row.recipients),
    communityId: Number(row.community_id),
  };
}

export async function insertInterestUpdate(
  db: Knex,
  update: {
    subject: string;
    text: string;
    plan: string | null;
    createdBy: string;
    createdAt: string;
    community: number;
  },
): Promise<number> {
  const [row] = await db('interest_updates')
    .insert({
      community_id: update.community,
      subject: update.subject,
      text: update.text,
      plan: update.plan,
      created_by: update.createdBy,
      created_at: update.createdAt,
    })
    .returning<{ id: number }[]>('id');
  if (!row) throw new Error('interest update insert returned no id');
  return Number(row.id);
}

/** An update by id; undefined when there is none in `scope` (staff reach their communities' updates only). */
export async function findInterestUpdate(
  db: Knex,
  id: number,
  scope: StaffScope = ALL_COMMUNITIES,
): Promise<InterestUpdateRow | undefined> {
  const row = (await narrow(db('interest_updates').where({ id }), 'community_id', scope).first()) as Stored | undefined;
  return row && fromStored(row);
}

/** The updates sent, newest first, for the page's history. */
export async function listSentInterestUpdates(db: Knex, scope: StaffScope, limit = 50): Promise<InterestUpdateRow[]> {
  const rows = (await narrow(db('interest_updates'), 'community_id', scope)
    .whereNotNull('sent_at')
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)) as Stored[];
  return rows.map(fromStored);
}

/**
 * Takes an update for sending: true for exactly one caller across requests and instances (the update succeeds only
 * while `sent_at` is still null). Call it in the transaction that queues the update's e-mails.
 */
export async function claimInterestUpdate(
  trx: Knex,
  id: number,
  sent: { at: string; by: string; recipients: number },
): Promise<boolean> {
  const updated = await trx('interest_updates')
    .where({ id })
    .whereNull('sent_at')
    .update({ sent_at: sent.at, sent_by: sent.by, recipients: sent.recipients });
  return updated === 1;
}

/** The confirmed entries of the update's community it goes to: every one, or those who asked about `plan`. */
function recipientsQuery(db: Knex, plan: string | null, community: number) {
  const query = db('interest_entries').where({ community_id: community, state: 'confirmed', is_spam: false });
  return plan === null ? query : query.andWhere({ plan });
}

export async function countInterestUpdateRecipients(db: Knex, plan: string | null, community: number): Promise<number> {
  const row = (await recipientsQuery(db, plan, community).count({ count: '*' }).first()) as
    { count: number | string } | undefined;
  return Number(row?.count ?? 0);
}

export async function interestUpdateRecipientIds(db: Knex, plan: string | null, community: number): Promise<number[]> {
  return ((await recipientsQuery(db, plan, community).orderBy('id').pluck('id')) as (number | string)[]).map(Number);
}

/** Confirmed entries per plan slug asked about (entries without a plan are not counted here). */
export async function confirmedInterestByPlan(db: Knex, scope: StaffScope): Promise<Record<string, number>> {
  const rows = (await narrow(db('interest_entries'), 'community_id', scope)
    .select('plan')
    .where({ state: 'confirmed', is_spam: false })
    .whereNotNull('plan')
    .count({ count: '*' })
    .groupBy('plan')) as { plan: string; count: number | string }[];
  return Object.fromEntries(rows.map((row) => [row.plan, Number(row.count)]));
}
