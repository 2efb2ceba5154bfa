import type { Knex } from 'knex';
import type { ContactInput } from '../shared/contact-rules.js';

export interface NewContactMessage extends ContactInput {
  source_page: string | null;
  user_agent: string | null;
  is_spam: boolean;
}

export interface ContactMessageRow extends NewContactMessage {
  id: number;
  read_at: string | null;
  created_at: string;
}

export async function insertContactMessage(db: Knex, message: NewContactMessage): Promise<number> {
  const [row] = await db('contact_messages').insert(message).returning<{ id: number }[]>('id');
  if (!row) throw new Error('contact message insert returned no id');
  return row.id;
}

export function listContactMessages(db: Knex): Promise<ContactMessageRow[]> {
  return db<ContactMessageRow>('contact_messages').select('*').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

export async function setMessageRead(db: Knex, id: number, read: boolean): Promise<boolean> {
  const updated = await db('contact_messages').where({ id }).update({ read_at: read ? db.fn.now() : null });
  return updated > 0;
}
