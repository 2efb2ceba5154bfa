import type { Knex } from 'knex';
import { narrow } from './staff-scope.js';
import { type StaffScope } from '../shared/staff-scope.js';
import type { LeadContextColumns } from './lead-context-columns.js';
import { leadSearchColumns } from './lead-search.js';
import type { LeadPerson } from '../shared/lead-person.js';

export const TOUR_STATUSES = ['booked', 'cancelled', 'toured', 'no-show'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];

/** A booking with where the visit began and what the buyer asked about (contract, "Leads with context"). */
export interface NewTour extends LeadContextColumns, LeadPerson {
  /** The community the tour is at (decision 050). */
  community_id: number;
  token: string;
  start_at: string;
  slot_minutes: number;
  message: string;
  is_spam: boolean;
  source_page: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface TourRow extends NewTour {
  id: number;
  status: TourStatus;
  cancelled_at: string | null;
  status_changed_at: string | null;
  status_changed_by: string | null;
  /** +1 at each move or cancellation: the calendar event's SEQUENCE. */
  sequence: number;
  moved_at: string | null;
  /** The lead's status on the desk (new, contacted, touring, toured, …). */
  lead_status: string;
}

type StoredTourRow = Omit<TourRow, 'is_spam'> & { is_spam: boolean | number };

function fromStored(row: StoredTourRow): TourRow {
  return { ...row, is_spam: Boolean(row.is_spam), sequence: Number(row.sequence ?? 0) };
}

/**
 * Takes one place in the slot starting at `startAt` if fewer than `capacity` parties hold one, and says whether it
 * did. The single conditional UPDATE is the guard: SQLite runs one writer at a time, and PostgreSQL makes a second
 * UPDATE of the same row wait for the first to commit and then re-checks `booked < capacity` on the new row.
 */
export async function takePlace(
  trx: Knex.Transaction,
  community: number,
  startAt: string,
  capacity: number,
): Promise<boolean> {
  await trx('tour_slots')
    .insert({ community_id: community, start_at: startAt, booked: 0 })
    .onConflict(['community_id', 'start_at'])
    .ignore();
  const updated = await trx('tour_slots')
    .where({ community_id: community, start_at: startAt })
    .andWhere('booked', '<', capacity)
    .increment('booked', 1);
  return updated === 1;
}

export async function freePlace(trx: Knex.Transaction, community: number, startAt: string): Promise<void> {
  await trx('tour_slots')
    .where({ community_id: community, start_at: startAt })
    .andWhere('booked', '>', 0)
    .decrement('booked', 1);
}

/** Parties holding a place per slot start (UTC ISO) between two instants, inclusive, in one community. */
export async function bookedBetween(
  db: Knex,
  community: number,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db<{ start_at: string; booked: number }>('tour_slots')
    .select('start_at', 'booked')
    .where('community_id', community)
    .whereBetween('start_at', [from, to]);
  return new Map(rows.map((row) => [row.start_at, Number(row.booked)]));
}

export async function insertTour(trx: Knex | Knex.Transaction, tour: NewTour): Promise<number> {
  const [row] = await trx('tours')
    .insert({ ...tour, ...leadSearchColumns(tour) })
    .returning<{ id: number }[]>('id');
  if (!row) throw new Error('tour insert returned no id');
  return row.id;
}

export async function findTourByToken(db: Knex | Knex.Transaction, token: string): Promise<TourRow | undefined> {
  const row = await db<StoredTourRow>('tours').where({ token }).first();
  return row ? fromStored(row) : undefined;
}

/**
 * Marks a booked tour cancelled, its calendar SEQUENCE raised (a calendar replaces the event with the cancelled
 * one); false when it was not booked (already cancelled, toured or no-show).
 */
export async function cancelBookedTour(
  trx: Knex.Transaction,
  id: number,
  at: string,
  by: string | null = null,
): Promise<boolean> {
  const updated = await trx('tours')
    .where({ id, status: 'booked' })
    .update({
      status: 'cancelled',
      cancelled_at: at,
      status_changed_at: at,
      status_changed_by: by,
      sequence: trx.raw('sequence + 1'),
    });
  return updated === 1;
}

/** Whether a tour exists in the account's communities (one of another community is answered as unknown). */
export async function tourInScope(db: Knex, id: number, scope: StaffScope): Promise<boolean> {
  return (await narrow(db('tours').where({ id }), 'community_id', scope).first('id')) !== undefined;
}

export async function findTourById(db: Knex | Knex.Transaction, id: number): Promise<TourRow | undefined> {
  const row = await db<StoredTourRow>('tours').where({ id }).first();
  return row ? fromStored(row) : undefined;
}

/** Moves a booked tour to another slot start, its calendar SEQUENCE raised; false when it is not booked any more. */
export async function moveBookedTour(trx: Knex.Transaction, id: number, startAt: string, at: string): Promise<boolean> {
  const updated = await trx('tours')
    .where({ id, status: 'booked' })
    .update({ start_at: startAt, moved_at: at, sequence: trx.raw('sequence + 1') });
  return updated === 1;
}

/** Real tours (spam left out) starting at or after an instant, earliest first: the team's calendar feed. */
export async function listToursFrom(db: Knex, from: string, scope: StaffScope): Promise<TourRow[]> {
  const rows = await narrow(db<StoredTourRow>('tours'), 'community_id', scope)
    .where({ is_spam: false })
    .andWhere('start_at', '>=', from)
    .orderBy([{ column: 'start_at' }, { column: 'id' }]);
  return rows.map(fromStored);
}

/** Real (non-spam) tours of one community starting between two instants, earliest first. */
export async function listToursBetween(
  db: Knex,
  from: string,
  to: string,
  community: number,
  scope: StaffScope,
): Promise<TourRow[]> {
  const rows = await narrow(db<StoredTourRow>('tours'), 'community_id', scope)
    .where({ is_spam: false, community_id: community })
    .whereBetween('start_at', [from, to])
    .orderBy([{ column: 'start_at' }, { column: 'id' }]);
  return rows.map(fromStored);
}

/** Staff's mark on a tour that was not cancelled; false when there is no such tour. */
export async function setTourOutcome(
  db: Knex,
  id: number,
  status: 'toured' | 'no-show' | 'booked',
  by: string,
  at: string,
): Promise<boolean> {
  const updated = await db('tours')
    .where({ id, is_spam: false })
    .whereIn('status', ['booked', 'toured', 'no-show'])
    .update({ status, status_changed_at: at, status_changed_by: by });
  return updated === 1;
}

export async function countUpcomingTours(db: Knex, from: string, scope: StaffScope): Promise<number> {
  const [row] = await narrow(db('tours'), 'community_id', scope)
    .where({ is_spam: false, status: 'booked' })
    .andWhere('start_at', '>=', from)
    .count<{ count: number | string }[]>({ count: '*' });
  return Number(row?.count ?? 0);
}

/** When a tour row last changed as its calendar event sees it: booked, moved, or its status set. */
export function tourChangedAt(tour: {
  created_at: string;
  moved_at: string | null;
  status_changed_at: string | null;
}): string {
  return [tour.created_at, tour.moved_at, tour.status_changed_at]
    .filter((value): value is string => Boolean(value))
    .reduce((latest, value) => (Date.parse(value) > Date.parse(latest) ? value : latest));
}
