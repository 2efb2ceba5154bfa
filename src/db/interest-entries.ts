import type { Knex } from 'knex';
import { narrow } from './staff-scope.js';
import { type StaffScope } from '../shared/staff-scope.js';
import type { LeadContextColumns } from './lead-context-columns.js';
import { leadSearchColumns } from './lead-search.js';

/** Double opt-in: signed up (pending), confirmed through the e-mailed link, or unsubscribed. */
export const INTEREST_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type InterestState = (typeof INTEREST_STATES)[number];

export interface InterestEntryRow {
  id: number;
  email: string;
  firstname: string;
  plan: string | null;
  state: InterestState;
  confirm_token: string;
  unsubscribe_token: string;
  is_spam: boolean;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

const COLUMNS = [
  'id',
  'email',
  'firstname',
  'plan',
  'state',
  'confirm_token',
  'unsubscribe_token',
  'is_spam',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
] as const;

type Stored = Omit<InterestEntryRow, 'id' | 'is_spam'> & { id: number | string; is_spam: boolean | number };

function fromStored(row: Stored): InterestEntryRow {
  return { ...row, id: Number(row.id), is_spam: Boolean(row.is_spam) };
}

export interface NewInterestEntry extends LeadContextColumns {
  email: string;
  email_key: string | null;
  firstname: string;
  state: InterestState;
  confirm_token: string;
  unsubscribe_token: string;
  is_spam: boolean;
  source_page: string | null;
  user_agent: string | null;
  created_at: string;
}

export async function insertInterestEntry(db: Knex, entry: NewInterestEntry): Promise<number> {
  const [row] = await db('interest_entries')
    .insert({
      ...entry,
      ...leadSearchColumns({ firstname: entry.firstname, lastname: '', email: entry.email, phone: '' }),
    })
    .returning<{ id: number }[]>('id');
  if (!row) throw new Error('interest entry insert returned no id');
  return Number(row.id);
}

/** The real (non-spam) entry of an address, compared lower-cased. */
export async function findInterestEntryByEmail(
  db: Knex,
  community: number,
  emailKey: string,
): Promise<InterestEntryRow | undefined> {
  const row = (await db('interest_entries')
    .select(COLUMNS)
    .where({ community_id: community, email_key: emailKey })
    .first()) as Stored | undefined;
  return row && fromStored(row);
}

export async function findInterestEntry(db: Knex, id: number): Promise<InterestEntryRow | undefined> {
  const row = (await db('interest_entries').select(COLUMNS).where({ id }).first()) as Stored | undefined;
  return row && fromStored(row);
}

export async function findInterestEntryByToken(
  db: Knex,
  column: 'confirm_token' | 'unsubscribe_token',
  token: string,
): Promise<InterestEntryRow | undefined> {
  const row = (await db('interest_entries')
    .select(COLUMNS)
    .where({ [column]: token, is_spam: false })
    .first()) as Stored | undefined;
  return row && fromStored(row);
}

/** Moves an entry to `state` with its time; the row as stored afterwards. */
export async function setInterestState(
  db: Knex,
  id: number,
  change: Partial<Pick<InterestEntryRow, 'state' | 'confirmed_at' | 'unsubscribed_at' | 'firstname' | 'plan'>> &
    Partial<Pick<InterestEntryRow, 'confirm_token' | 'unsubscribe_token'>>,
): Promise<void> {
  await db('interest_entries').where({ id }).update(change);
}

/** Every real entry, newest first, for the staff list and its export. */
export async function listInterestEntries(
  db: Knex,
  scope: StaffScope,
): Promise<(InterestEntryRow & { community: string })[]> {
  const rows = (await narrow(db('interest_entries'), 'community_id', scope)
    .select([
      ...COLUMNS,
      db.raw('(select c.slug from communities c where c.id = interest_entries.community_id) as community'),
    ])
    .where({ is_spam: false })
    .orderBy('id', 'desc')) as (Stored & { community: string })[];
  return rows.map((row) => ({ ...fromStored(row), community: row.community }));
}

export async function countInterestEntriesByState(db: Knex, scope: StaffScope): Promise<Record<InterestState, number>> {
  const rows = (await narrow(db('interest_entries'), 'community_id', scope)
    .select('state')
    .where({ is_spam: false })
    .count({ count: '*' })
    .groupBy('state')) as { state: string; count: number | string }[];
  const counts: Record<InterestState, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) if (row.state in counts) counts[row.state as InterestState] = Number(row.count);
  return counts;
}

/** Ids of a community's confirmed entries: the ones its releases and updates are e-mailed to. */
export async function confirmedInterestIds(db: Knex, community: number): Promise<number[]> {
  return (
    (await db('interest_entries')
      .where({ community_id: community, state: 'confirmed', is_spam: false })
      .orderBy('id')
      .pluck('id')) as (number | string)[]
  ).map(Number);
}

export interface InterestReleaseRow {
  id: number;
  community_id: number;
  lots: number[];
  created_at: string;
}

/**
 * Records homesites released together (from `future` to `available` or `quick-move-in`). Call it inside the
 * transaction that changes them: the release exists exactly when the change is committed.
 */
export async function insertInterestRelease(
  trx: Knex,
  community: number,
  lots: readonly number[],
  at: string,
): Promise<void> {
  await trx('interest_releases').insert({
    community_id: community,
    lots: JSON.stringify([...lots].sort((a, b) => a - b)),
    created_at: at,
  });
}

/** Releases whose e-mails are not queued yet, oldest first. */
export async function unqueuedInterestReleases(db: Knex, limit = 10): Promise<InterestReleaseRow[]> {
  const rows = (await db('interest_releases')
    .select('id', 'community_id', 'lots', 'created_at')
    .whereNull('fanned_out_at')
    .orderBy('id')
    .limit(limit)) as { id: number | string; community_id: number | string; lots: string; created_at: string }[];
  return rows.map((row) => ({
    id: Number(row.id),
    community_id: Number(row.community_id),
    lots: JSON.parse(row.lots) as number[],
    created_at: row.created_at,
  }));
}

/**
 * Takes a release for queueing: true for exactly one caller across instances (the update succeeds only while
 * `fanned_out_at` is still null). Call it in the transaction that queues the release's e-mails.
 */
export async function claimInterestRelease(trx: Knex, id: number, at: string, recipients: number): Promise<boolean> {
  const updated = await trx('interest_releases').where({ id }).whereNull('fanned_out_at').update({
    fanned_out_at: at,
    recipients,
  });
  return updated === 1;
}

export async function findInterestRelease(db: Knex, id: number): Promise<InterestReleaseRow | undefined> {
  const row = (await db('interest_releases')
    .select('id', 'community_id', 'lots', 'created_at')
    .where({ id })
    .first()) as { id: number | string; community_id: number | string; lots: string; created_at: string } | undefined;
  return (
    row && {
      id: Number(row.id),
      community_id: Number(row.community_id),
      lots: JSON.parse(row.lots) as number[],
      created_at: row.created_at,
    }
  );
}
