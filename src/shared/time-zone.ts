const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per zone and set of options, made once: building an Intl.DateTimeFormat costs far more than
 * formatting with one, and the staff inbox formats two or three times per lead, a slot list hundreds of instants.
 */
export function zonedFormatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}\n${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
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
