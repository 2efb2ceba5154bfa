import type { ContactMessageRow } from '../db/contact-messages.js';

const COLUMNS = [
  'id',
  'created_at',
  'firstname',
  'lastname',
  'email',
  'phone',
  'subject',
  'message',
  'source_page',
  'is_spam',
  'read_at',
] as const;

/**
 * One CSV cell: quoted, quotes doubled, and a leading = + - @ tab or CR neutralised with an apostrophe so a
 * spreadsheet never runs a lead's text as a formula (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Times stay ISO 8601 in UTC: the export is read by machines (spreadsheets, CRMs); people read the inbox's zone. */
export function messagesToCsv(rows: ContactMessageRow[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) {
    lines.push(
      COLUMNS.map((column) => csvCell(column === 'is_spam' ? (row.is_spam ? 'yes' : 'no') : row[column])).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
