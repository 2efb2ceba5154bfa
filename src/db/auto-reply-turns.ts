import type { Knex } from 'knex';

/** What an automatic e-mail to a stranger-given address is for; each has its own turn per address. */
export type AutoReplyPurpose = 'message-reply' | 'tour-confirmation' | 'tour-cancelled' | 'agent-confirmation';

/**
 * Takes the address's turn for `purpose` when its last one is at least `windowMs` old (or there was none), and says
 * whether it did. Call it in the transaction that queues the e-mail: the turn and the e-mail commit together. The
 * conditional update is the guard on both databases, as for a tour slot (docs/decisions/015-tour-booking.md).
 */
export async function takeAutoReplyTurn(
  trx: Knex.Transaction,
  address: string,
  purpose: AutoReplyPurpose,
  now: Date,
  windowMs: number,
): Promise<boolean> {
  const key = address.trim().toLowerCase();
  if (key === '') return false;
  await trx('auto_reply_turns')
    .insert({ email_key: key, purpose, last_at: new Date(0).toISOString() })
    .onConflict(['email_key', 'purpose'])
    .ignore();
  const updated = await trx('auto_reply_turns')
    .where({ email_key: key, purpose })
    .andWhere('last_at', '<=', new Date(now.getTime() - windowMs).toISOString())
    .update({ last_at: now.toISOString() });
  return updated === 1;
}
