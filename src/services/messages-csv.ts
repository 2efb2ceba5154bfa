import type { LeadRow } from '../db/leads.js';
import { LEAD_CONTEXT_FIELDS } from '../shared/lead-context.js';
import { printable } from '../shared/text-input.js';

/**
 * The inbox export's columns: every lead, messages and tours, with `kind`; the context columns are named exactly as
 * the contract names them (utm_source … plan). The user agent stays out.
 */
export const LEAD_CSV_COLUMNS = [
  'id',
  'kind',
  'created_at',
  'firstname',
  'lastname',
  'email',
  'phone',
  'subject',
  'message',
  'tour_start',
  'tour_status',
  'source_page',
  'is_spam',
  'read_at',
  'status',
  'notes',
  ...LEAD_CONTEXT_FIELDS,
] as const;

/**
 * One CSV cell: quoted, quotes doubled, and a leading = + - @ tab or CR neutralised with an apostrophe so a
 * spreadsheet never runs a lead's text as a formula (OWASP "CSV injection"). Control characters a lead stored
 * before they were refused may hold are left out first, so the check judges the cell as written.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : printable(String(value));
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

function cellOf(row: LeadRow, column: (typeof LEAD_CSV_COLUMNS)[number]): unknown {
  if (column === 'is_spam') return row.is_spam ? 'yes' : 'no';
  if (column === 'status') return row.lead_status;
  return row[column];
}

export const LEAD_CSV_HEADER = `${LEAD_CSV_COLUMNS.join(',')}\r\n`;

/** One row of the export, ending in CRLF. Times stay ISO 8601 in UTC: machines read the export, people the inbox. */
export function leadCsvRow(row: LeadRow): string {
  return `${LEAD_CSV_COLUMNS.map((column) => csvCell(cellOf(row, column))).join(',')}\r\n`;
}

export function leadsToCsvRows(rows: LeadRow[]): string {
  return rows.map(leadCsvRow).join('');
}

/**
 * Characters written at a time. A page of leads as one string (500 rows, some 200 KB) would be a large object,
 * which V8 keeps in its old generation until a full collection: the export's garbage would pile up to tens of MB
 * before one came. Chunks this size are collected young, with the rows they were made from.
 */
const CHUNK_CHARS = 16 * 1024;

/**
 * Writes the whole export a page at a time as the pages come, in chunks, waiting whenever the socket's buffer is
 * full before writing (or reading) more, so the server holds one page of leads however many there are.
 */
export async function writeLeadsCsv(
  pages: AsyncIterable<LeadRow[]>,
  out: CsvDestination,
  isClosed: () => boolean,
): Promise<void> {
  // One listener per export, not one per wait: compression's response forwards 'drain' listeners to its gzip
  // stream, where a `once` wrapper is never removed (it removes itself from the response).
  let wake: (() => void) | undefined;
  const onWake = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const drained = () => new Promise<void>((resolve) => (wake = resolve));
  /** False once the client has gone: nothing more to write. */
  const write = async (chunk: string): Promise<boolean> => {
    if (!out.write(chunk) && !isClosed()) await drained();
    return !isClosed();
  };
  out.on('drain', onWake);
  out.on('close', onWake);
  try {
    if (!(await write(`\uFEFF${LEAD_CSV_HEADER}`))) return;
    for await (const page of pages) {
      let chunk = '';
      for (const row of page) {
        chunk += leadCsvRow(row);
        if (chunk.length < CHUNK_CHARS) continue;
        if (!(await write(chunk))) return;
        chunk = '';
      }
      if (chunk && !(await write(chunk))) return;
    }
  } finally {
    out.off('close', onWake);
  }
}

/** What the export writes to: an HTTP response, in the app. */
export interface CsvDestination {
  write(chunk: string): boolean;
  on(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}
