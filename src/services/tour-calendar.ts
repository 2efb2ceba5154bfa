import { printable } from '../shared/text-input.js';

/**
 * The buyer's tour as an iCalendar file (RFC 5545): one VEVENT at the tour's instant written in UTC, so every
 * calendar shows it at the right moment whatever its own zone; CRLF lines folded at 75 octets. Every line of every
 * calendar the site writes (the buyer's file, the e-mailed copy, the team's feed) is written by `contentLine`, so
 * no value — a builder's name, a buyer's note — can end its line and start a property of its own.
 */
export interface TourEvent {
  uid: string;
  startMs: number;
  endMs: number;
  stampMs: number;
  summary: string;
  location: string;
  description: string;
  url: string;
  cancelled: boolean;
  /** RFC 5545 SEQUENCE: raised each time the event is moved or cancelled, so calendars replace their copy. */
  sequence: number;
}

function utcStamp(instantMs: number): string {
  return new Date(instantMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A TEXT value (RFC 5545 §3.3.11): every line break (CRLF, a lone CR or LF, U+2028/9) as `\n`; backslash, semicolon
 * and comma escaped; every other control character, which a content line may not hold (§3.1), dropped.
 */
export function escapeText(value: string): string {
  return printable(value)
    .replace(/\r\n?|[\n\u2028\u2029]/g, '\n')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** A value of another type (a date, a number, a URI): written as it is, without any control character. */
function plainValue(value: string | number): string {
  // eslint-disable-next-line no-control-regex -- dropping control characters is the point
  return printable(String(value)).replace(/[\u0000-\u001f\u2028\u2029]/g, '');
}

/** One content line, `NAME:value`, folded: the one way a line of a calendar is written. */
export function contentLine(name: string, value: string | number, type: 'text' | 'plain' = 'plain'): string {
  return foldLine(`${name}:${type === 'text' ? escapeText(String(value)) : plainValue(value)}`);
}

/** Folds a content line into pieces of at most 75 octets, never splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // Continuation lines start with a space, which counts toward their 75 octets.
    const room = pieces.length === 0 ? 75 : 74;
    if (octets + size > room) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

function eventLines(event: TourEvent): string[] {
  return [
    contentLine('BEGIN', 'VEVENT'),
    contentLine('UID', event.uid, 'text'),
    contentLine('SEQUENCE', event.sequence),
    contentLine('DTSTAMP', utcStamp(event.stampMs)),
    contentLine('DTSTART', utcStamp(event.startMs)),
    contentLine('DTEND', utcStamp(event.endMs)),
    contentLine('SUMMARY', event.summary, 'text'),
    contentLine('LOCATION', event.location, 'text'),
    contentLine('DESCRIPTION', event.description, 'text'),
    contentLine('URL', event.url),
    contentLine('STATUS', event.cancelled ? 'CANCELLED' : 'CONFIRMED'),
    contentLine('END', 'VEVENT'),
  ];
}

/** A calendar of any number of events; `name` titles a subscribed calendar (X-WR-CALNAME, read by most apps). */
export function eventsCalendar(events: TourEvent[], productId: string, name?: string): string {
  const lines = [
    contentLine('BEGIN', 'VCALENDAR'),
    contentLine('VERSION', '2.0'),
    // PRODID is TEXT (§3.7.3): the builder's and the community's names are escaped like any other text.
    contentLine('PRODID', productId, 'text'),
    contentLine('CALSCALE', 'GREGORIAN'),
    contentLine('METHOD', 'PUBLISH'),
    ...(name ? [contentLine('X-WR-CALNAME', name, 'text')] : []),
    ...events.flatMap(eventLines),
    contentLine('END', 'VCALENDAR'),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function tourCalendar(event: TourEvent, productId: string): string {
  return eventsCalendar([event], productId);
}

/** A booked tour as its calendar file needs it. */
export interface CalendarTour {
  id: number;
  token: string;
  startAt: string;
  slotMinutes: number;
  /** When the booking last changed (booked, moved or cancelled): a calendar keeps the newest copy of one UID. */
  changedAt: string;
  cancelled: boolean;
  /** How many times it was moved or cancelled (tours.sequence). */
  sequence: number;
}

/** The one UID of a tour's event, in the buyer's file, their e-mails and the team's feed alike. */
export function tourUid(tourId: number, siteUrl: string): string {
  return `tour-${tourId}@${new URL(siteUrl).host}`;
}

/** The product id of every calendar the site writes. */
export function calendarProductId(community: Pick<CalendarCommunity, 'builderName' | 'communityName'>): string {
  return `-//${community.builderName}//${community.communityName} tours//EN`;
}

export interface CalendarCommunity {
  communityName: string;
  builderName: string;
  builderPhone: string;
  address: string;
  siteUrl: string;
}

/**
 * The .ics of one booking: the same file the buyer downloads from their manage page and gets with the
 * confirmation e-mail, with one UID, so a calendar that imports both keeps one event.
 */
export function bookedTourCalendar(tour: CalendarTour, community: CalendarCommunity): string {
  const startMs = Date.parse(tour.startAt);
  const manage = `${community.siteUrl}/tours/${tour.token}`;
  return tourCalendar(
    {
      uid: tourUid(tour.id, community.siteUrl),
      startMs,
      endMs: startMs + tour.slotMinutes * 60_000,
      stampMs: Date.parse(tour.changedAt),
      summary: `Model home tour at ${community.communityName}`,
      location: community.address,
      description: `${community.builderName} sales center, ${community.builderPhone}. Your booking: ${manage}`,
      url: manage,
      cancelled: tour.cancelled,
      sequence: tour.sequence,
    },
    calendarProductId(community),
  );
}
