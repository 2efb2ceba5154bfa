import type { Knex } from 'knex';
import { insertContactMessage } from '../db/contact-messages.js';
import type { DeliveryChannel } from '../db/lead-deliveries.js';
import { leadContextColumns } from '../db/lead-context-columns.js';
import { leadRequestColumns, readPostedLeadContext, type LeadRequest } from './lead-context.js';
import { HONEYPOT_FIELD } from '../shared/contact-form.js';
import { cleanText } from '../shared/text-input.js';
import {
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTH,
  contactText,
  validateContact,
  type ContactErrors,
  type ContactInput,
} from '../shared/contact-rules.js';
import { queueNewLead } from './lead-assignment.js';

export interface ContactContext extends LeadRequest {
  /** The deliveries a real lead gets (lead outbox), queued in the transaction that stores it; spam gets none. */
  deliveries: readonly DeliveryChannel[];
  /** Plan slugs the content knows: a posted `plan` naming another is dropped. */
  planSlugs: readonly string[];
  /** Sent from the builder's contact page with "Not sure yet": filed under `community`, marked as not chosen. */
  communityUnsure?: boolean;
}

export type ContactOutcome =
  | { kind: 'stored'; id: number }
  | { kind: 'spam'; id: number }
  | { kind: 'invalid'; value: ContactInput; errors: ContactErrors };

/** Validates a submitted message and stores it; the caller answers only after this resolves. */
export async function receiveContactMessage(
  db: Knex,
  body: Partial<Record<string, unknown>>,
  context: ContactContext,
): Promise<ContactOutcome> {
  const meta = {
    ...leadRequestColumns(context),
    // Contract: a bad context value is dropped, never a reason to refuse the message.
    ...leadContextColumns(await readPostedLeadContext(db, body, context.planSlugs, context.community)),
    ...(context.communityUnsure ? { community_unsure: true } : {}),
  };
  if (cleanText(body[HONEYPOT_FIELD]) !== '') {
    const fields = Object.fromEntries(
      CONTACT_FIELDS.map((field) => [field, contactText(field, body[field]).slice(0, CONTACT_MAX_LENGTH[field])]),
    ) as ContactInput;
    const id = await insertContactMessage(db, { ...fields, ...meta, is_spam: true, delivery_status: 'skipped' });
    return { kind: 'spam', id };
  }
  const result = validateContact(body);
  if (!result.ok) return { kind: 'invalid', value: result.value, errors: result.errors };
  const id = await db.transaction(async (trx) => {
    const stored = await insertContactMessage(trx, {
      ...result.value,
      ...meta,
      is_spam: false,
      delivery_status: 'outbox',
    });
    await queueNewLead(trx, { kind: 'message', id: stored }, context.deliveries);
    return stored;
  });
  return { kind: 'stored', id };
}
