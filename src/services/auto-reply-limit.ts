import type { Knex } from 'knex';
import { takeAutoReplyTurn, type AutoReplyPurpose } from '../db/auto-reply-turns.js';
import type { DeliveryChannel } from '../db/lead-deliveries.js';
import type { LeadKey } from '../db/lead-desk.js';
import type { LeadKind } from '../db/leads.js';

/**
 * Anyone can type any address into a public form, so the automatic e-mails those forms cause are limited per
 * recipient address (issue 35): at most one of each purpose per address per window, counted in the database so
 * every instance shares it. The lead itself is always stored and reaches staff; only the e-mail to the address
 * is left out.
 */
export const AUTO_REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

const PURPOSE_OF: Partial<Record<LeadKind, AutoReplyPurpose>> = {
  message: 'message-reply',
  tour: 'tour-confirmation',
  'agent-registration': 'agent-confirmation',
};

/** Where a lead's automatic reply goes: the buyer's address, or for an agent's registration the agent's. */
async function replyAddress(trx: Knex.Transaction, key: LeadKey): Promise<string | undefined> {
  if (key.kind === 'agent-registration') {
    const row = (await trx('agent_registrations').where({ id: key.id }).first('agent_email')) as
      { agent_email: string } | undefined;
    return row?.agent_email;
  }
  const row = (await trx(key.kind === 'tour' ? 'tours' : 'contact_messages')
    .where({ id: key.id })
    .first('email')) as { email: string } | undefined;
  return row?.email;
}

/** Takes the address's turn for an automatic e-mail of `purpose`; false when one went out within the window. */
export function takeAddressTurn(
  trx: Knex.Transaction,
  address: string,
  purpose: AutoReplyPurpose,
  now = new Date(),
): Promise<boolean> {
  return takeAutoReplyTurn(trx, address, purpose, now, AUTO_REPLY_WINDOW_MS);
}

/**
 * A new public lead's channels, the automatic reply left out when its address had one of the same purpose within
 * the window (or the lead has no address to reply to). Call it in the transaction that stores the lead.
 */
export async function limitAutoReply(
  trx: Knex.Transaction,
  key: LeadKey,
  channels: readonly DeliveryChannel[],
  now = new Date(),
): Promise<readonly DeliveryChannel[]> {
  if (!channels.includes('auto-reply')) return channels;
  const purpose = PURPOSE_OF[key.kind];
  const address = purpose && (await replyAddress(trx, key));
  if (purpose && address && (await takeAddressTurn(trx, address, purpose, now))) return channels;
  return channels.filter((channel) => channel !== 'auto-reply');
}
