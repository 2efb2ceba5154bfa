/**
 * The section editors' form, in one place for the server (a plain form post) and the editor widget (a save by
 * fetch): the shape of a section's fields (read from its zod schema on the server, sent to the widget as JSON), how
 * a form's entries become the section's data, and how a path is named to a person. Pure: no zod, no DOM.
 */
import type { FileKind } from './file-limits.js';
import { cleanText } from './text-input.js';

export type TextInput = 'text' | 'textarea' | 'date' | 'time' | 'email' | 'url';

/** Records a field can point at, offered by name (a promotion's plans). */
export type ChoiceSource = 'plans';

export type FieldNode =
  | {
      kind: 'object';
      fields: { key: string; node: FieldNode }[];
      nullable?: boolean;
      /**
       * The file field whose "None" makes this nullable group null (a promotion's image): one control says both,
       * so a chosen image can never be dropped by a "No image" box left ticked.
       */
      noneWhenEmpty?: string;
    }
  /** A file of the library, chosen from a list (decision 038): content stores its lasting address. */
  | { kind: 'file'; fileKind: FileKind; optional?: boolean; nullable?: boolean }
  /** A list of references chosen by name among existing records: boxes whose values are the records' keys. */
  | { kind: 'choices'; source: ChoiceSource }
  | { kind: 'text'; input: TextInput; max?: number; min?: number; optional?: boolean; nullable?: boolean }
  | { kind: 'number'; integer: boolean; step?: number; min?: number; max?: number; nullable?: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: string[] }
  | { kind: 'list'; item: FieldNode; min?: number; max?: number; optional?: boolean };

/** What the form sends for a name: one value, several, or none. */
export type FormGet = (name: string) => string | undefined;

/** The hidden field that carries a list's length: a list whose items are all unchecked boxes still has them. */
export const LENGTH_FIELD = 'length';
/** The box that says a nullable group is empty (a closed day of the week, a promotion without an image). */
export const NONE_FIELD = '_none';
/** The most items a posted list may claim: far above any section's limit, so a forged length costs nothing. */
const MAX_POSTED_ITEMS = 500;

export function joinPath(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/** The id of a path's field (or fieldset): `plans.0.basePrice` → `f-plans-0-basePrice`. */
export function fieldId(path: string): string {
  return path === '' ? 'f-root' : `f-${path.replace(/\./g, '-')}`;
}

/** A number as a person types it: digits with an optional sign, decimals and thousands commas ("545,900"). */
function parseNumber(text: string): number | undefined {
  if (!/^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/.test(text)) return undefined;
  const number = Number(text.replace(/,/g, ''));
  return Number.isFinite(number) ? number : undefined;
}

type TextNode = Extract<FieldNode, { kind: 'text' | 'file' }>;

/**
 * A text or file field's value as it is stored, whichever way it came in (the editor's form, a JSON call, an
 * import): cleaned as decision 023 says (a text area keeps its line breaks, a one-line field or a file's address
 * does not), and an emptied optional field left out, an emptied nullable one null.
 */
function textValue(node: TextNode, raw: unknown): string | null | undefined {
  const text = cleanText(raw, node.kind === 'text' && node.input === 'textarea' ? 'lines' : 'line');
  if (text === '' && node.optional) return undefined;
  if (text === '' && node.nullable) return null;
  return text;
}

/**
 * A section's data as a JSON call or an import sends it, with every text cleaned exactly as the editor's form
 * cleans it (formToData): the first half of the one normalise-then-validate path every way in takes
 * (content/sections.ts `parseSection`). A value of the wrong type is left as it is, for validation to name.
 */
export function normaliseData(node: FieldNode, data: unknown): unknown {
  switch (node.kind) {
    case 'object': {
      if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
      const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
      for (const field of node.fields) {
        if (!(field.key in copy)) continue;
        const value = normaliseData(field.node, copy[field.key]);
        if (value === undefined) delete copy[field.key];
        else copy[field.key] = value;
      }
      return copy;
    }
    case 'text':
    case 'file':
      return typeof data === 'string' ? textValue(node, data) : data;
    case 'enum':
      return typeof data === 'string' ? cleanText(data) : data;
    case 'choices':
      return Array.isArray(data) ? data.map((key) => (typeof key === 'string' ? cleanText(key) : key)) : data;
    case 'list':
      return Array.isArray(data) ? data.map((item) => normaliseData(node.item, item)) : data;
    case 'number':
    case 'boolean':
      return data;
  }
}

/**
 * The section's data as the form says it, each value of the type its schema wants where it can be read so; what
 * cannot (letters in a number) stays the text typed, so validation names it and the form shows it again.
 */
export function formToData(node: FieldNode, get: FormGet, path = ''): unknown {
  switch (node.kind) {
    case 'object': {
      if (node.nullable && get(joinPath(path, NONE_FIELD)) !== undefined) return null;
      if (node.nullable && node.noneWhenEmpty && !cleanText(get(joinPath(path, node.noneWhenEmpty)))) return null;
      const data: Record<string, unknown> = {};
      for (const field of node.fields) {
        const value = formToData(field.node, get, joinPath(path, field.key));
        if (value !== undefined) data[field.key] = value;
      }
      return data;
    }
    case 'text':
    case 'file':
      return textValue(node, get(path));
    case 'choices': {
      // One box per record offered, `path.0` … `path.N-1` (N in `path.length`); a ticked box posts its key.
      const offered = Math.min(Math.max(Number(get(joinPath(path, LENGTH_FIELD))) || 0, 0), MAX_POSTED_ITEMS);
      const keys = Array.from({ length: offered }, (_, index) => cleanText(get(joinPath(path, index))));
      return [...new Set(keys.filter((key) => key !== ''))];
    }
    case 'number': {
      const text = cleanText(get(path));
      if (text === '') return node.nullable ? null : '';
      return parseNumber(text) ?? text;
    }
    case 'boolean':
      return get(path) !== undefined;
    case 'enum':
      return cleanText(get(path));
    case 'list': {
      const length = Math.min(Math.max(Number(get(joinPath(path, LENGTH_FIELD))) || 0, 0), MAX_POSTED_ITEMS);
      if (length === 0 && node.optional) return undefined;
      return Array.from({ length }, (_, index) => formToData(node.item, get, joinPath(path, index)));
    }
  }
}

/** The keys of a map point: a group holding both is edited with a small map besides the two numbers. */
export const POINT_KEYS = ['latitude', 'longitude'] as const;

/** Whether a group is a map point (the community's location, a nearby place). */
export function isPoint(node: FieldNode): boolean {
  return (
    node.kind === 'object' &&
    POINT_KEYS.every((key) => node.fields.some((field) => field.key === key && field.node.kind === 'number'))
  );
}

/** Whether a section's form has a map point anywhere (its editor then loads the map). */
export function hasPoint(node: FieldNode): boolean {
  if (isPoint(node)) return true;
  if (node.kind === 'object') return node.fields.some((field) => hasPoint(field.node));
  return node.kind === 'list' && hasPoint(node.item);
}

/** A new, empty item of a list, as "Add" puts it at the end. */
export function blankValue(node: FieldNode): unknown {
  switch (node.kind) {
    case 'object':
      return node.nullable ? null : Object.fromEntries(node.fields.map((field) => [field.key, blankValue(field.node)]));
    case 'text':
    case 'file':
      return node.nullable ? null : '';
    case 'choices':
      return [];
    case 'number':
      return node.nullable ? null : '';
    case 'boolean':
      return false;
    case 'enum':
      return node.options[0] ?? '';
    case 'list':
      return Array.from({ length: node.min ?? 0 }, () => blankValue(node.item));
  }
}

/** The node a path leads to (list indices step into the item), or undefined. */
export function nodeAt(root: FieldNode, path: string): FieldNode | undefined {
  let node: FieldNode | undefined = root;
  for (const part of path === '' ? [] : path.split('.')) {
    if (!node) return undefined;
    if (node.kind === 'list') node = /^\d+$/.test(part) ? node.item : undefined;
    else if (node.kind === 'object') node = node.fields.find((field) => field.key === part)?.node;
    else return undefined;
  }
  return node;
}

export function valueAt(data: unknown, path: string): unknown {
  let value = data;
  for (const part of path === '' ? [] : path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Every leaf of the data by path (`plans.0.basePrice` → 545900), as the history compares versions. */
export function flatten(data: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(data)) {
    if (data.length === 0) into.set(path, '(none)');
    data.forEach((item, index) => flatten(item, joinPath(path, index), into));
  } else if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) flatten(value, joinPath(path, key), into);
  } else {
    into.set(path, data === null || data === undefined ? '(empty)' : String(data));
  }
  return into;
}

/** The paths whose values differ between two versions of a section, in the order of `after`, then `before`. */
export function changedPaths(before: unknown, after: unknown): string[] {
  const a = flatten(before);
  const b = flatten(after);
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  return paths.filter((path) => a.get(path) !== b.get(path));
}

/** Labels of fields whose key alone says too little. */
const LABELS: Record<string, string> = {
  basePrice: 'Base price (USD)',
  squareFeet: 'Square feet',
  minimumLotSqft: 'Smallest lot (sq ft)',
  garageBays: 'Garage bays',
  href: 'Link (URL)',
  src: 'Image file',
  poster: 'Poster image',
  captions: 'Captions (WebVTT)',
  alt: 'Alt text (what the image shows)',
  distanceMiles: 'Distance (miles)',
  desktopPdf: 'PDF for desktop',
  mobilePdf: 'PDF for phones',
  webm: 'WebM video',
  mp4: 'MP4 video',
  zoom: 'Map zoom (1–19)',
  slotMinutes: 'Slot length (minutes)',
  partiesPerSlot: 'Parties per slot',
  daysAhead: 'Days ahead a tour can be booked',
  showPriceWhenTaken: 'Show the price of homesites under contract or sold',
  timeZone: 'Time zone (IANA, e.g. America/Denver)',
  postalCode: 'ZIP code',
  email: 'E-mail',
  sampleNote: 'Sample note',
  sampleNotice: 'Sample notice',
  equalHousing: 'Equal housing statement',
  salesHours: 'Sales center hours',
  about: 'About',
  starts: 'First day',
  ends: 'Last day',
  opens: 'Opens',
  closes: 'Closes',
  ratePercent: 'Interest rate (% a year)',
  aprPercent: 'APR (%)',
  termYears: 'Term (years)',
  downPaymentPercent: 'Down payment (% of the price)',
  propertyTaxPercent: 'Property tax (% of the price a year)',
  insuranceMonthly: 'Homeowner’s insurance (USD a month)',
  hoaMonthly: 'HOA dues (USD a month)',
};

/** What one item of a list is called ("Plan 2"), by the list's key. */
const ITEM_NAMES: Record<string, string> = {
  about: 'Paragraph',
  paragraphs: 'Paragraph',
  intro: 'Intro paragraph',
  items: 'Item',
  closedDates: 'Closed date',
  plans: 'Plan',
  levels: 'Level',
  places: 'Place',
  tabs: 'Tab',
  lenders: 'Lender',
  partners: 'Partner',
  sections: 'Section',
  promotions: 'Promotion',
};

/** "basePrice" → "Base price". */
export function labelOfKey(key: string): string {
  const label = LABELS[key];
  if (label) return label;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Plan 2", with its name when it has one ("Plan 2: The Canyon"). */
export function itemLabel(listKey: string, index: number, item?: unknown): string {
  const noun = ITEM_NAMES[listKey] ?? labelOfKey(listKey).replace(/s$/, '');
  const record = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
  const name = [record.name, record.title, record.label, record.heading].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return `${noun} ${index + 1}${name ? `: ${name.slice(0, 60)}` : ''}`;
}

/** A path as a person reads it: `plans.1.basePrice` → "Plan 2 › Base price (USD)". */
export function labelOfPath(path: string): string {
  if (path === '') return 'The whole section';
  const parts = path.split('.');
  return parts
    .map((part, index) => {
      if (/^\d+$/.test(part)) return itemLabel(parts[index - 1] ?? '', Number(part));
      // A list's own key is said by its items ("Plan 2"), unless the list itself is what is named.
      if (index < parts.length - 1 && /^\d+$/.test(parts[index + 1] ?? '')) return undefined;
      return part === NONE_FIELD ? undefined : labelOfKey(part);
    })
    .filter((part): part is string => part !== undefined)
    .join(' › ');
}

/**
 * Where a problem is shown: its own field when the form has one, else the nearest group that holds it (a rule
 * about a whole list, such as "must name each level once", goes to the list).
 */
export function problemTarget(path: string, shown: (path: string) => boolean): string {
  let target = path;
  while (target !== '' && !shown(target)) target = target.includes('.') ? target.slice(0, target.lastIndexOf('.')) : '';
  return target;
}

/** A structural change asked by a form button: add an item to a list, remove one, move one up or down. */
export type ListAction = { kind: 'add' | 'remove' | 'up' | 'down'; path: string };

export function parseListAction(action: string): ListAction | undefined {
  const match = /^(add|remove|up|down):([A-Za-z0-9.-]{1,200})$/.exec(action);
  return match ? { kind: match[1] as ListAction['kind'], path: match[2]! } : undefined;
}

/**
 * Applies a list action to the data in place; returns the path to focus afterwards (the moved item's same
 * button, the new item, or the list), or undefined when the action names no list of this section.
 */
export function applyListAction(root: FieldNode, data: unknown, action: ListAction): string | undefined {
  const listPath =
    action.kind === 'add' ? action.path : action.path.slice(0, Math.max(action.path.lastIndexOf('.'), 0));
  const node = nodeAt(root, listPath);
  let list = valueAt(data, listPath);
  // An optional list left out (a privacy section without bullet items) starts empty.
  const parent = valueAt(data, listPath.slice(0, Math.max(listPath.lastIndexOf('.'), 0)));
  if (list === undefined && node?.kind === 'list' && parent && typeof parent === 'object') {
    list = [];
    (parent as Record<string, unknown>)[listPath.slice(listPath.lastIndexOf('.') + 1)] = list;
  }
  if (!node || node.kind !== 'list' || !Array.isArray(list)) return undefined;
  if (action.kind === 'add') {
    if (node.max !== undefined && list.length >= node.max) return undefined;
    list.push(blankValue(node.item));
    return joinPath(listPath, list.length - 1);
  }
  const index = Number(action.path.slice(listPath.length + 1));
  if (!Number.isInteger(index) || index < 0 || index >= list.length) return undefined;
  if (action.kind === 'remove') {
    if (node.min !== undefined && list.length <= node.min) return undefined;
    list.splice(index, 1);
    return listPath;
  }
  const to = action.kind === 'up' ? index - 1 : index + 1;
  if (to < 0 || to >= list.length) return undefined;
  [list[index], list[to]] = [list[to], list[index]];
  return joinPath(listPath, to);
}

/** The radios of a conflict, one pair per field a colleague changed: `conflict:plans.0.basePrice` = mine | theirs. */
export const CONFLICT_CHOICE = 'conflict:';

/** Sets a value at a path whose parent exists (a field of an item the person's form still has); false otherwise. */
function setAt(data: unknown, path: string, value: unknown): boolean {
  const at = path.lastIndexOf('.');
  const parent = at < 0 ? data : valueAt(data, path.slice(0, at));
  if (parent === null || typeof parent !== 'object') return false;
  (parent as Record<string, unknown>)[at < 0 ? path : path.slice(at + 1)] = structuredClone(value);
  return true;
}

/**
 * After a conflict, the person chose per field between their value and a colleague's (`theirs`, the version saved
 * meanwhile): each field marked "theirs" takes the colleague's value in `data`, in place.
 */
export function applyConflictChoices(data: unknown, theirs: unknown, get: FormGet): void {
  for (const path of changedPaths(data, theirs)) {
    if (get(`${CONFLICT_CHOICE}${path}`) === 'theirs') setAt(data, path, valueAt(theirs, path));
  }
}

/** A leaf value as a conflict shows it, short. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(String).join(', ').slice(0, 160);
  return String(value).slice(0, 160);
}

/**
 * The fields a colleague changed since the person's version (`started`), each with both values: their value is
 * chosen already where the person left the field as it was, the person's where both changed it.
 */
export function conflictFields(
  started: unknown,
  theirs: unknown,
  mine: unknown,
): { path: string; label: string; theirs: string; yours: string; take: 'mine' | 'theirs' }[] {
  return changedPaths(started, theirs).map((path) => {
    const untouched = shownValue(valueAt(mine, path)) === shownValue(valueAt(started, path));
    return {
      path,
      label: labelOfPath(path),
      theirs: shownValue(valueAt(theirs, path)),
      yours: shownValue(valueAt(mine, path)),
      take: untouched ? 'theirs' : 'mine',
    };
  });
}
