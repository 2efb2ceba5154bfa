/**
 * A stored timestamp as ISO 8601 in UTC ("2026-01-02T12:00:00.000Z") whichever database stored it: SQLite keeps
 * CURRENT_TIMESTAMP as "YYYY-MM-DD HH:MM:SS" (UTC), PostgreSQL's driver gives a Date and its text of a timestamptz
 * has an offset. A value that is none of these is given back as it is.
 */
export function storedTimestampToIso(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  const zoned = /[zZ]|[+-]\d\d(:?\d\d)?$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const date = new Date(zoned.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
