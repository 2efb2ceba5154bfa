import type { DeliveryLead } from '../db/lead-deliveries.js';
import { deliveryMessageId, headerSafe, type MailIdentity } from './staff-lead-email.js';

/**
 * An e-mail to a buyer from the sales desk — a counselor's reply, or the notice that staff cancelled or moved a
 * tour — as it is stored in its lead event (`details.email`) before the outbox sends it: everything the message
 * says is fixed when staff act, so what the buyer receives is what the timeline shows.
 */
export interface StoredBuyerEmail {
  subject: string;
  text: string;
  /** The display name of the counselor who wrote it or caused it ('' for the buyer's own change): the sender's name. */
  counselor: string;
  /**
   * Where the buyer's answer goes: null for the sales team (CONTACT_TO), which is what the desk writes. An address
   * here (e-mails stored before issue 35 named the counselor's own) is kept as it was stored.
   */
  replyTo: string | null;
  /** A calendar file to attach (a moved or cancelled tour: the same UID with a higher SEQUENCE). */
  calendar: { filename: string; content: string } | null;
}

/** The stored e-mail of an event's details, or undefined when they hold none. */
export function storedBuyerEmail(details: Record<string, unknown>): StoredBuyerEmail | undefined {
  const email = details.email as Partial<StoredBuyerEmail> | undefined;
  if (!email || typeof email.subject !== 'string' || typeof email.text !== 'string') return undefined;
  return {
    subject: email.subject,
    text: email.text,
    counselor: typeof email.counselor === 'string' ? email.counselor : '',
    replyTo: typeof email.replyTo === 'string' ? email.replyTo : null,
    calendar:
      email.calendar && typeof email.calendar.content === 'string' && typeof email.calendar.filename === 'string'
        ? email.calendar
        : null,
  };
}

/** The message to send: from MAIL_FROM with the counselor's name, to the lead's address, replies to the sales team. */
export function composeBuyerEmail(
  lead: DeliveryLead,
  email: StoredBuyerEmail,
  eventId: string,
  identity: MailIdentity,
) {
  const sender = email.counselor ? `${email.counselor}, ${identity.siteName}` : identity.siteName;
  return {
    from: { name: headerSafe(sender, 100), address: identity.from },
    to: { name: headerSafe(`${lead.firstname} ${lead.lastname}`, 130), address: headerSafe(lead.email, 254) },
    replyTo: email.replyTo ?? identity.to,
    subject: headerSafe(email.subject),
    messageId: deliveryMessageId(eventId, identity),
    text: email.text,
    ...(email.calendar
      ? {
          attachments: [
            {
              filename: email.calendar.filename,
              content: email.calendar.content,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            },
          ],
        }
      : {}),
  };
}
