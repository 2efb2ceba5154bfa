import type { Knex } from 'knex';
import { findLeadDesks } from '../db/lead-desk.js';
import type { LeadRow } from '../db/leads.js';
import { LEAD_CONTEXT_FIELDS } from '../shared/lead-context.js';
import { printable } from '../shared/text-input.js';
import { formatIsoInZone } from '../shared/tour-slots.js';

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
  // The desk's: the owner's username and display name, and the follow-up date (YYYY-MM-DD).
  'owner',
  'owner_name',
  'follow_up',
  // The lead's community, by slug (wave 4).
  'community',
] as const;

/**
 * An instant as every CSV export writes it: ISO 8601 at the community's wall clock with its offset
 * ("2026-11-22T10:15:00-07:00"), so a person reads the community's time and a machine still reads the instant
 * (docs/decisions/048-desk-mail-and-exports.md). Empty stays empty; a value that is no instant is written as it is.
 */
export function csvTime(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = Date.parse(String(value));
  return Number.isNaN(ms) ? String(value) : formatIsoInZone(ms, timeZone);
}

/** A lead as the export writes it: its row and what the desk holds of it. */
export interface CsvLead extends LeadRow {
  owner?: string | null;
  owner_name?: string | null;
  follow_up?: string | null;
}

const TIME_COLUMNS: ReadonlySet<string> = new Set(['created_at', 'tour_start', 'read_at']);

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

function cellOf(row: CsvLead, column: (typeof LEAD_CSV_COLUMNS)[number], timeZone: string): unknown {
  if (column === 'is_spam') return row.is_spam ? 'yes' : 'no';
  if (column === 'status') return row.lead_status;
  if (TIME_COLUMNS.has(column)) return csvTime(row[column as 'created_at'], timeZone);
  return row[column];
}

export const LEAD_CSV_HEADER = `${LEAD_CSV_COLUMNS.join(',')}\r\n`;

/** One row of the export, ending in CRLF, its times at the community's clock (csvTime). */
export function leadCsvRow(row: CsvLead, timeZone = 'UTC'): string {
  return `${LEAD_CSV_COLUMNS.map((column) => csvCell(cellOf(row, column, timeZone))).join(',')}\r\n`;
}

export function leadsToCsvRows(rows: CsvLead[], timeZone = 'UTC'): string {
  return rows.map((row) => leadCsvRow(row, timeZone)).join('');
}

/** Each page of leads with its owner (username and display name) and follow-up date: two reads per page. */
export async function* withDeskColumns(db: Knex, pages: AsyncIterable<LeadRow[]>): AsyncIterable<CsvLead[]> {
  for await (const page of pages) {
    const desks = await findLeadDesks(
      db,
      page.map((row) => ({ kind: row.kind, id: row.id })),
    );
    const owners = [...new Set([...desks.values()].map((desk) => desk.owner).filter((owner) => owner !== null))];
    const names = new Map(
      owners.length === 0
        ? []
        : (
            (await db('users').whereIn('username', owners).select('username', 'display_name')) as {
              username: string;
              display_name: string | null;
            }[]
          ).map((user) => [user.username, user.display_name || user.username]),
    );
    yield page.map((row) => {
      const desk = desks.get(`${row.kind}/${row.id}`);
      const owner = desk?.owner ?? null;
      return { ...row, owner, owner_name: owner && (names.get(owner) ?? owner), follow_up: desk?.follow_up ?? null };
    });
  }
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
  pages: AsyncIterable<CsvLead[]>,
  out: CsvDestination,
  isClosed: () => boolean,
  timeZone = 'UTC',
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
        chunk += leadCsvRow(row, timeZone);
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
