import type { Knex } from 'knex';

/** What a buyer types into the contact form, for a test that posts one lead. */
export const LEAD_FORM = {
  firstname: 'Dana',
  lastname: 'Reyes',
  email: 'dana@example.com',
  phone: '(970) 555-0199',
  subject: 'Lot 12',
  message: 'Is lot 12 still available?',
};

/** A lead as the contact form stores it: the fields a test does not care about. */
const A_LEAD = {
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'ann@example.com',
  phone: '(303) 555-0100',
  subject: 'Lot 12',
  message: 'Hello',
  is_spam: false,
};

/** Stores a lead straight in the database (`fields` replace the defaults) and returns its id. */
export async function insertContactMessage(db: Knex, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await db('contact_messages')
    .insert({ ...A_LEAD, ...fields })
    .returning<{ id: number }[]>('id');
  return row?.id ?? 0;
}
