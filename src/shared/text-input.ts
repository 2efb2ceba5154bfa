/**
 * Every text field a person sends (forms, JSON calls, CSV cells) is cleaned here, once, into the value that is
 * stored; every rule (required, length, formula cells, patterns) then judges that value, never the raw one. Shared
 * with the widgets, so a form's own checks judge the same value: keep this module pure.
 */

/** A field of one line (names, e-mail, subject, address, alt text) or of several (a message, notes). */
export type TextShape = 'line' | 'lines';

/**
 * What no stored text keeps: C0 controls but tab, line feed and carriage return (which cleanText turns into line
 * feeds), DEL, C1 controls, lone surrogates and Unicode noncharacters. HTML forbids them in a document (the Nu
 * checker reports each one), CSV readers and terminals act on some, and no keyboard types them.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}|\p{Noncharacter_Code_Point}/u;
const ALL_FORBIDDEN = new RegExp(FORBIDDEN.source, 'gu');
/** Line breaks as a form sends them (CRLF), as old Macs wrote them (CR), and U+2028/U+2029. */
const LINE_BREAK = /\r\n?|[\u2028\u2029]/g;

/** Whether `text` holds a character no stored text keeps (FORBIDDEN), or a line break or tab. */
export function hasControlCharacter(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f]/.test(text) || FORBIDDEN.test(text);
}

/** `text` without the FORBIDDEN characters: for text stored before they were refused, wherever it is written out. */
export function printable(text: string): string {
  return text.replace(ALL_FORBIDDEN, '');
}

/** A stored row with every text value printable. */
export function printableRow<Row extends object>(row: Row): Row {
  const copy = { ...row } as Record<string, unknown>;
  for (const [column, value] of Object.entries(copy)) if (typeof value === 'string') copy[column] = printable(value);
  return copy as Row;
}

/**
 * The value a text field is stored as: anything but a string is empty; Unicode NFC (so "é" typed two ways is
 * one value); line breaks as `\n`; the FORBIDDEN characters removed; in a one-line field a line break or tab
 * becomes a space; and no white space at either end (String#trim: also U+00A0, U+2000–U+200A, U+3000, U+FEFF).
 */
export function cleanText(raw: unknown, shape: TextShape = 'line'): string {
  if (typeof raw !== 'string') return '';
  const text = raw.normalize('NFC').replace(LINE_BREAK, '\n').replace(ALL_FORBIDDEN, '');
  return (shape === 'line' ? text.replace(/[\t\n]/g, ' ') : text).trim();
}
