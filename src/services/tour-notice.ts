import type { Content } from '../content/index.js';
import type { TourRow } from '../db/tours.js';
import { dateInZone, formatSlotDate, formatSlotTime } from '../shared/tour-slots.js';
import type { StoredBuyerEmail } from './buyer-email.js';
import { quotableFirstName } from './quoted-name.js';
import { salesCenterAddress } from './sales-center.js';
import { bookedTourCalendar } from './tour-calendar.js';

/** "Saturday, November 28, 2026 at 10:00 AM MST": a tour's time as the community reads it, its zone named. */
export function tourTimeInZone(startAt: string, timeZone: string): string {
  const startMs = Date.parse(startAt);
  return `${formatSlotDate(dateInZone(startMs, timeZone))} at ${formatSlotTime(startMs, timeZone)}`;
}

/**
 * The buyer's e-mail about a change to their tour (cancelled or moved, by staff or by the buyer), with its calendar
 * file as it now stands (same UID, higher SEQUENCE). `signer` is the counselor's display name, or '' when the buyer
 * made the change (then the builder's team signs). The greeting quotes the buyer's first name only when it looks
 * like a name (src/services/quoted-name.ts).
 */
export function tourChangeEmail(
  tour: TourRow,
  change: 'cancelled' | 'moved',
  signer: string,
  content: Content,
  siteUrl: string,
  changedAt: string,
): StoredBuyerEmail {
  const when = tourTimeInZone(tour.start_at, content.community.timeZone);
  const address = salesCenterAddress(content);
  const manage = `${siteUrl}/tours/${tour.token}`;
  const firstname = quotableFirstName(tour.firstname);
  const lines =
    change === 'cancelled'
      ? [
          `Your model home tour at ${content.community.name} on ${when} is cancelled.`,
          '',
          `To book another time, visit ${siteUrl}/tours or call us at ${content.builder.phone}.`,
        ]
      : [
          `Your model home tour at ${content.community.name} is now on ${when}.`,
          '',
          `Where: ${address}`,
          `Your booking: ${manage}`,
          '',
          'The calendar file attached replaces the one you had.',
        ];
  return {
    subject:
      change === 'cancelled'
        ? `Your ${content.community.name} tour is cancelled`
        : `Your ${content.community.name} tour is now on ${when}`,
    text: [
      firstname ? `Hello ${firstname},` : 'Hello,',
      '',
      ...lines,
      '',
      signer ? `${signer}, ${content.builder.name}` : `The ${content.builder.name} team`,
    ].join('\n'),
    counselor: signer,
    replyTo: null,
    calendar: {
      filename: `${content.community.name.replace(/[^A-Za-z0-9]+/g, '-')}-tour.ics`,
      content: bookedTourCalendar(
        {
          id: tour.id,
          token: tour.token,
          startAt: tour.start_at,
          slotMinutes: tour.slot_minutes,
          changedAt,
          cancelled: tour.status === 'cancelled',
          sequence: tour.sequence,
        },
        {
          communityName: content.community.name,
          builderName: content.builder.name,
          builderPhone: content.builder.phone,
          address,
          siteUrl,
        },
      ),
    },
  };
}

/** What staff are told when a buyer cancels their own tour: stored in the cancel's timeline entry, then sent. */
export interface StoredStaffNotice {
  subject: string;
  text: string;
}

export function buyerCancelledNotice(tour: TourRow, content: Content, siteUrl: string): StoredStaffNotice {
  const name = `${tour.firstname} ${tour.lastname}`;
  const when = tourTimeInZone(tour.start_at, content.community.timeZone);
  return {
    subject: `Tour cancelled by the buyer: ${when}, ${name}`,
    text: [
      `${name} cancelled their model home tour on the ${content.community.name} website.`,
      '',
      `When:    ${when}`,
      `Name:    ${name}`,
      `Email:   ${tour.email}`,
      `Phone:   ${tour.phone}`,
      '',
      `Tour #${tour.id}; the place is free again. The buyer's story: ${siteUrl}/admin/leads/tour/${tour.id}`,
    ].join('\n'),
  };
}

/** The stored staff notice of an event's details, or undefined when they hold none. */
export function storedStaffNotice(details: Record<string, unknown>): StoredStaffNotice | undefined {
  const notice = details.staffNotice as Partial<StoredStaffNotice> | undefined;
  if (!notice || typeof notice.subject !== 'string' || typeof notice.text !== 'string') return undefined;
  return { subject: notice.subject, text: notice.text };
}
