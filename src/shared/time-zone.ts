const formatters = new Map<string, Intl.DateTimeFormat>();
const formattersByOptions = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/**
 * One formatter per zone and set of options, made once: building an Intl.DateTimeFormat costs far more than
 * formatting with one, and the staff inbox formats two or three times per lead, a slot list hundreds of instants.
 * It also costs native memory that the JavaScript heap does not see: each one allocates ICU's patterns and
 * calendars outside the heap, which the collector frees late and the allocator rarely gives back, so one made per
 * call took a production instance from 146 MB to over 1 GB of RSS in 3,000 tour-day pages while the heap stayed
 * under 60 MB (decision 049). Build every date formatter here or as a module constant, never per call; that
 * includes `Date#toLocaleDateString(locale, options)`, which builds one each time (eslint.config.js refuses both).
 */
export function zonedFormatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  // Options are module constants: found by identity first, without writing them out as a key on every call.
  let byZone = formattersByOptions.get(options);
  if (!byZone) {
    byZone = new Map();
    formattersByOptions.set(options, byZone);
  }
  let formatter = byZone.get(timeZone);
  if (!formatter) {
    const key = `${timeZone}\n${JSON.stringify(options)}`;
    formatter = formatters.get(key);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      formatters.set(key, formatter);
    }
    byZone.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether this Node's Intl knows the IANA zone (America/Denver); a known zone's formatter is kept for its use. */
export function isKnownTimeZone(name: string): boolean {
  try {
    zonedFormatter(name, {});
    return true;
  } catch {
    return false;
  }
}

const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/**
 * "2026-11-22" → "November 22, 2026": a calendar date, read at noon UTC so that no time zone can move it a day.
 */
export function formatCalendarDate(date: string): string {
  return zonedFormatter('UTC', LONG_DATE).format(new Date(`${date}T12:00:00Z`));
}

const MOMENT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * A moment as people at the community read it: "Nov 22, 2026, 10:15 AM MST" in the community's IANA time zone,
 * the zone named so nobody mistakes it for their own. Stored and exported times stay ISO 8601 in UTC.
 */
export function formatInTimeZone(iso: string, timeZone: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  return zonedFormatter(timeZone, MOMENT).format(moment);
}
