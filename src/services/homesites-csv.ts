import type { HomesiteRow } from '../db/homesites.js';
import {
  isHomesiteStatus,
  parseLotNumber,
  parsePrice,
  STATUS_CHOICES_TEXT,
  type HomesiteFacts,
} from '../shared/homesite-rules.js';
import { CsvFormatError, csvCell, decodeUtf8, looksLikeFormula, parseCsv } from './csv.js';
import { PUBLIC_HOMESITE_FIELDS, type EditableField } from '../shared/homesite-record.js';
import type { HomesiteService, PlannedChange } from './homesites.js';
import { cleanText } from '../shared/text-input.js';

/** The export's columns, in order; an import must carry exactly these (in any order). */
export const HOMESITE_CSV_COLUMNS = [...PUBLIC_HOMESITE_FIELDS, 'version'] as const;
type Column = (typeof HOMESITE_CSV_COLUMNS)[number];

/** A lot list is a few kilobytes (1,000 lots ≈ 70 KB); anything near this is not a lot list. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_ADDRESS_LENGTH = 300;
const MAX_SQFT = 10_000_000;

export interface CsvProblem {
  line: number;
  column: string;
  message: string;
}

export interface ImportResult {
  dryRun: boolean;
  /** Every row that changes something, with field → [old, new]. */
  changes: PlannedChange[];
  /** Every bad cell, by line and column; when there is any, nothing was applied. */
  problems: CsvProblem[];
}

export function homesitesToCsv(rows: HomesiteRow[]): string {
  const lines = [HOMESITE_CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(HOMESITE_CSV_COLUMNS.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function wholeNumber(cell: string, max: number): number | null | undefined {
  if (cell === '') return null;
  if (!/^\d{1,9}$/.test(cell)) return undefined;
  const value = Number(cell);
  return value <= max ? value : undefined;
}

interface ParsedRow {
  line: number;
  lot: number;
  version: number | null;
  values: Record<EditableField, unknown>;
}

/** Reads one record into a row, or records its problems (each bad cell, by column). */
function readRecord(
  raw: Record<Column, string>,
  line: number,
  service: HomesiteService,
  problems: CsvProblem[],
): ParsedRow | undefined {
  // Every rule below judges the value that is stored: " =HYPERLINK(…)" or "\u00a0@SUM(1+1)" is a formula.
  const cells = Object.fromEntries(HOMESITE_CSV_COLUMNS.map((column) => [column, cleanText(raw[column])])) as Record<
    Column,
    string
  >;
  const before = problems.length;
  const problem = (column: string, message: string) => problems.push({ line, column, message });
  for (const column of HOMESITE_CSV_COLUMNS) {
    if (looksLikeFormula(cells[column])) {
      problem(column, 'starts with = + - @ or a tab, which a spreadsheet would run as a formula');
    }
  }
  if (problems.length > before) return undefined;
  const lot = parseLotNumber(cells.lot);
  if (lot === undefined) problem('lot', 'lot must be a whole number from 1');
  else if (!service.isLotOnPlan(lot)) problem('lot', `there is no lot ${lot} on the site plan`);
  const status = cells.status;
  if (!isHomesiteStatus(status)) {
    problem('status', `"${status.slice(0, 40)}" is not a status: use one of ${STATUS_CHOICES_TEXT}`);
  }
  const { price, problem: priceProblem } = parsePrice(cells.price);
  if (priceProblem !== undefined) problem('price', priceProblem);
  const sqft = wholeNumber(cells.sqft, MAX_SQFT);
  if (sqft === undefined) problem('sqft', 'sqft must be a whole number of square feet or empty');
  const version = wholeNumber(cells.version, Number.MAX_SAFE_INTEGER);
  if (version === undefined) problem('version', 'version must be a whole number or empty');
  const { address } = cells;
  if (address.length > MAX_ADDRESS_LENGTH)
    problem('address', `address must be at most ${MAX_ADDRESS_LENGTH} characters`);
  if (problems.length > before || lot === undefined || !isHomesiteStatus(status)) return undefined;
  const facts: HomesiteFacts = {
    status,
    plan: cells.plan === '' ? null : cells.plan,
    price: price ?? null,
    ready: cells.ready === '' ? null : cells.ready,
  };
  for (const { field, message } of service.checkFacts(facts)) problem(field, message);
  if (problems.length > before) return undefined;
  return { line, lot, version: version ?? null, values: { ...facts, sqft: sqft ?? null, address } };
}

/** Header problems: each missing and each unknown column, named. */
function checkHeader(header: string[]): CsvProblem[] {
  const names = header.map((name) => name.trim().toLowerCase());
  const problems: CsvProblem[] = [];
  for (const column of HOMESITE_CSV_COLUMNS) {
    if (!names.includes(column)) problems.push({ line: 1, column, message: `the column "${column}" is missing` });
  }
  names.forEach((name, index) => {
    if (!(HOMESITE_CSV_COLUMNS as readonly string[]).includes(name)) {
      problems.push({
        line: 1,
        column: name,
        message: `"${header[index]?.slice(0, 40)}" is not a column of the export`,
      });
    } else if (names.indexOf(name) !== index) {
      problems.push({ line: 1, column: name, message: `the column "${name}" appears twice` });
    }
  });
  return problems;
}

/**
 * Reads a homesite CSV (the export's columns) and applies it in one transaction, or with `dryRun` only reports
 * what it would change. Any bad row or cell means nothing is applied and every problem is reported.
 */
export async function importHomesitesCsv(
  service: HomesiteService,
  bytes: Uint8Array,
  options: { dryRun: boolean; username: string },
): Promise<ImportResult> {
  const fail = (problems: CsvProblem[]): ImportResult => ({ dryRun: options.dryRun, changes: [], problems });
  if (bytes.length === 0) return fail([{ line: 1, column: '', message: 'the file is empty' }]);
  if (bytes.length > MAX_IMPORT_BYTES) return fail([{ line: 1, column: '', message: 'the file is larger than 1 MB' }]);
  let records;
  try {
    records = parseCsv(decodeUtf8(bytes));
  } catch (error) {
    if (error instanceof CsvFormatError) return fail([{ line: error.line ?? 1, column: '', message: error.message }]);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return fail([{ line: 1, column: '', message: 'the file is empty' }]);
  const headerProblems = checkHeader(header.cells);
  if (headerProblems.length > 0) return fail(headerProblems);
  const names = header.cells.map((name) => name.trim().toLowerCase());
  const problems: CsvProblem[] = [];
  const rows: ParsedRow[] = [];
  const seen = new Map<number, number>();
  for (const record of body) {
    if (record.cells.length !== names.length) {
      problems.push({
        line: record.line,
        column: '',
        message: `has ${record.cells.length} cells, the header has ${names.length}`,
      });
      continue;
    }
    const cells = Object.fromEntries(names.map((name, index) => [name, record.cells[index] ?? ''])) as Record<
      Column,
      string
    >;
    const row = readRecord(cells, record.line, service, problems);
    if (!row) continue;
    const earlier = seen.get(row.lot);
    if (earlier !== undefined) {
      problems.push({ line: record.line, column: 'lot', message: `lot ${row.lot} is already on line ${earlier}` });
      continue;
    }
    seen.set(row.lot, record.line);
    rows.push(row);
  }
  if (problems.length > 0) return fail(problems);
  const { planned, problems: stored } = await service.applyRows(rows, options);
  return { dryRun: options.dryRun, changes: stored.length > 0 ? [] : planned, problems: stored };
}
