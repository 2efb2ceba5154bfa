import type { DeliveryLead } from '../db/lead-deliveries.js';
import { LEAD_CONTEXT_FIELDS } from '../shared/lead-context.js';
import { dateInZone, formatSlotDate, formatSlotTime } from '../shared/tour-slots.js';

export interface MailIdentity {
  /** Staff's address (CONTACT_TO). */
  to: string;
  /** The sender; config.ts falls back to `to` when MAIL_FROM is not set. */
  from: string;
  siteName: string;
  timeZone: string;
}

/** Header values come from strangers: no CR, LF or other control characters ever reach a header. */
export function headerSafe(value: string, max = 200): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .trim()
      .slice(0, max)
  );
}

/** The same id on every attempt, so a retry after a crash is recognisable as the same message. */
export function deliveryMessageId(eventId: string, identity: MailIdentity): string {
  return `<${eventId}@${identity.to.split('@')[1] ?? 'localhost'}>`;
}

/** "Saturday, November 28, 2026 at 10:00 AM MST", at the community. */
export function tourWhen(startAt: string, timeZone: string): { date: string; time: string } {
  const startMs = Date.parse(startAt);
  return { date: formatSlotDate(dateInZone(startMs, timeZone)), time: formatSlotTime(startMs, timeZone) };
}

function contextLines(lead: DeliveryLead): string[] {
  return LEAD_CONTEXT_FIELDS.flatMap((field) => {
    const value = lead.context[field];
    return value === null || value === '' ? [] : [`${field}: ${value}`];
  });
}

/**
 * The e-mail that tells staff about a new lead: a contact message or a tour booking. `owner` is the address of the
 * account the lead was given to on arrival (auto-assign): the e-mail goes to them, with staff (CONTACT_TO) in Cc so
 * the shared inbox still sees every lead (docs/decisions/039-lead-auto-assign.md).
 */
export function composeStaffEmail(
  lead: DeliveryLead,
  eventId: string,
  identity: MailIdentity,
  owner: string | null = null,
) {
  const name = `${lead.firstname} ${lead.lastname}`;
  const when = lead.tour && tourWhen(lead.tour.startAt, identity.timeZone);
  const heading = when
    ? [
        `A model home tour was booked through the ${identity.siteName} website.`,
        '',
        `When:    ${when.date} at ${when.time}`,
      ]
    : [`A new message came through the ${identity.siteName} website.`, ''];
  const context = contextLines(lead);
  return {
    from: identity.from,
    to: owner ?? identity.to,
    ...(owner && owner.toLowerCase() !== identity.to.toLowerCase() ? { cc: identity.to } : {}),
    replyTo: { name: headerSafe(name, 130), address: headerSafe(lead.email, 254) },
    subject: headerSafe(
      when ? `Tour booked: ${when.date} at ${when.time}, ${name}` : `Website message: ${lead.subject}`,
    ),
    messageId: deliveryMessageId(eventId, identity),
    headers: { [lead.kind === 'tour' ? 'X-Tour-Id' : 'X-Contact-Message-Id']: String(lead.id) },
    text: [
      ...heading,
      `Name:    ${name}`,
      `Email:   ${lead.email}`,
      `Phone:   ${lead.phone}`,
      ...(lead.subject === null ? [] : [`Subject: ${lead.subject}`]),
      `Page:    ${lead.sourcePage ?? '(unknown)'}`,
      ...(context.length > 0 ? ['', ...context] : []),
      '',
      lead.message,
      '',
      lead.kind === 'tour'
        ? `Tour #${lead.id}; every tour is also on /admin/tours and in the staff inbox.`
        : `Message #${lead.id}; every message is also in the staff inbox at /admin/messages.`,
    ].join('\n'),
  };
}

/**
 * A notice to staff about something a buyer did to their lead (a tour they cancelled), as stored in its timeline
 * entry: to the lead's owner with CONTACT_TO in Cc, or to CONTACT_TO alone, answering to the buyer.
 */
export function composeStaffNotice(
  lead: DeliveryLead,
  notice: { subject: string; text: string },
  eventId: string,
  identity: MailIdentity,
  owner: string | null,
) {
  return {
    from: identity.from,
    to: owner ?? identity.to,
    ...(owner && owner.toLowerCase() !== identity.to.toLowerCase() ? { cc: identity.to } : {}),
    replyTo: { name: headerSafe(`${lead.firstname} ${lead.lastname}`, 130), address: headerSafe(lead.email, 254) },
    subject: headerSafe(notice.subject),
    messageId: deliveryMessageId(eventId, identity),
    headers: { [lead.kind === 'tour' ? 'X-Tour-Id' : 'X-Contact-Message-Id']: String(lead.id) },
    text: notice.text,
  };
}
