import type { Knex } from 'knex';
import type { ContactInput } from '../shared/contact-rules.js';
import { storedTimestampToIso } from './stored-timestamp.js';
import type { LeadContextColumns } from './lead-context-columns.js';
import { leadSearchColumns } from './lead-search.js';
import { mapNullable } from '../shared/nullable.js';

/**
 * outbox: the message's deliveries are rows of lead_deliveries (docs/decisions/017-lead-outbox.md); skipped: spam
 * gets none. Messages stored before that migration kept pending, sent or not_configured here.
 */
export type DeliveryStatus = 'outbox' | 'skipped' | 'pending' | 'sent' | 'not_configured';

/** A message with where the visit began and what the buyer asked about (contract, "Leads with context"). */
export interface NewContactMessage extends ContactInput, LeadContextColumns {
  source_page: string | null;
  user_agent: string | null;
  is_spam: boolean;
  delivery_status: DeliveryStatus;
  /** Sent with "Not sure yet" as its community (migrations/20261128060100): filed under the first one. */
  community_unsure?: boolean;
}

/** Timestamps are ISO 8601 in UTC ("2026-01-02T12:00:00.000Z") whichever database stored them. */
export interface ContactMessageRow extends NewContactMessage {
  id: number;
  read_at: string | null;
  created_at: string;
  delivery_attempts: number;
  next_attempt_at: number | string | null;
  delivered_at: string | null;
  last_delivery_error: string | null;
}

export async function insertContactMessage(db: Knex, message: NewContactMessage): Promise<number> {
  const [row] = await db('contact_messages')
    .insert({ ...message, ...leadSearchColumns(message) })
    .returning<{ id: number }[]>('id');
  if (!row) throw new Error('contact message insert returned no id');
  return row.id;
}

type StoredTimestamp = string | Date;
type StoredMessageRow = Omit<ContactMessageRow, 'created_at' | 'read_at' | 'delivered_at'> & {
  created_at: StoredTimestamp;
  read_at: StoredTimestamp | null;
  delivered_at: StoredTimestamp | null;
};

function fromStored(row: StoredMessageRow): ContactMessageRow {
  return {
    ...row,
    created_at: storedTimestampToIso(row.created_at),
    read_at: mapNullable(row.read_at, storedTimestampToIso),
    delivered_at: mapNullable(row.delivered_at, storedTimestampToIso),
  };
}

export async function listContactMessages(db: Knex): Promise<ContactMessageRow[]> {
  const rows = await db<StoredMessageRow>('contact_messages')
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map(fromStored);
}

export async function setMessageRead(db: Knex, id: number, read: boolean): Promise<boolean> {
  const updated = await db('contact_messages')
    .where({ id })
    .update({ read_at: read ? db.fn.now() : null });
  return updated > 0;
}

export async function findContactMessage(db: Knex, id: number): Promise<ContactMessageRow | undefined> {
  const row = await db<StoredMessageRow>('contact_messages').where({ id }).first();
  return row && fromStored(row);
}

/** The inbox's counts in one aggregate query: unread leads (not spam) and spam. */
export async function countInbox(db: Knex): Promise<{ unread: number; spam: number }> {
  const row = await db('contact_messages')
    .select(
      db.raw('sum(case when is_spam = ? and read_at is null then 1 else 0 end) as unread', [false]),
      db.raw('sum(case when is_spam = ? then 1 else 0 end) as spam', [true]),
    )
    .first<{ unread: number | string | null; spam: number | string | null }>();
  return { unread: Number(row?.unread ?? 0), spam: Number(row?.spam ?? 0) };
}
