export { csvCell, csvTime } from './messages-csv.js';

/** A CSV the import cannot read at all; `line` is 1-based when the problem has one. */
export class CsvFormatError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

export interface CsvRecord {
  /** The line the record starts on (1 = the header). */
  line: number;
  cells: string[];
}

/**
 * Decodes an upload as UTF-8, refusing anything else: a spreadsheet saved as Windows-1252 would otherwise turn
 * "Café Lane" into mojibake that ends up on public pages. A leading byte-order mark is dropped.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CsvFormatError('The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** RFC 4180: comma-separated, fields optionally in double quotes with "" for a quote, CRLF or LF line ends. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let atCellStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      atCellStart = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      atCellStart = true;
      line += 1;
      recordLine = line;
    } else {
      if (char === '"') throw new CsvFormatError(`Line ${line}: a quote inside an unquoted cell.`, line);
      cell += char;
      atCellStart = false;
    }
  }
  if (quoted) throw new CsvFormatError(`Line ${recordLine}: a quoted cell is never closed.`, recordLine);
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  // Blank lines (a trailing newline, an empty row from a spreadsheet) carry nothing.
  return records.filter((record) => !(record.cells.length === 1 && record.cells[0] === ''));
}

/** A cell a spreadsheet would run as a formula: the import refuses it (the export neutralises it, see csvCell). */
export function looksLikeFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell);
}
