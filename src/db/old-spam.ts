import type { Knex } from 'knex';
import { isSqlite } from './connect.js';

/**
 * Deletes contact messages flagged as spam that were stored before `cutoff`. `created_at` is a timestamp column:
 * PostgreSQL compares it as one; SQLite holds text, "YYYY-MM-DD HH:MM:SS" from CURRENT_TIMESTAMP or an ISO 8601
 * string when a row was written with one, so both sides go through julianday() rather than a text comparison.
 */
export async function deleteSpamMessagesBefore(db: Knex, cutoff: Date): Promise<number> {
  const query = db('contact_messages').where({ is_spam: true });
  if (isSqlite(db)) query.whereRaw('julianday(created_at) < julianday(?)', [cutoff.toISOString()]);
  else query.where('created_at', '<', cutoff.toISOString());
  return query.delete();
}

/**
 * Deletes tours flagged as spam that were stored before `cutoff`. Their `created_at` is an ISO 8601 string in UTC
 * (toISOString), which sorts as text in time order on both databases. A spam tour never took a place in its slot.
 */
export async function deleteSpamToursBefore(db: Knex, cutoff: Date): Promise<number> {
  return db('tours').where({ is_spam: true }).andWhere('created_at', '<', cutoff.toISOString()).delete();
}
