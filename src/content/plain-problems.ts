import type { z } from 'zod';
import { itemLabel, labelOfKey } from '../shared/content-form.js';

/**
 * A content problem as staff read it: one sentence that names the field by its label and says what to do, never
 * zod's wording ("Invalid string: must match pattern /^[a-z0-9-]+$/"), a regular expression, a path or JSON.
 * The path stays beside it (`{path, message}`): the editors place the message next to that field with it.
 */

/** The label of the field a path ends at: "Slug", "Closed date 2", "This section". */
export function fieldLabelOf(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  const last = parts.at(-1);
  if (last === undefined) return 'This section';
  if (/^\d+$/.test(last)) return itemLabel(parts.at(-2) ?? '', Number(last));
  return labelOfKey(last);
}

/** Patterns of the schemas, said in words (the schemas' own messages say the others). */
const PATTERN_WORDS: [RegExp, string][] = [
  [/a-z0-9-/, 'may use only lower-case letters, digits and hyphens, such as the-canyon'],
  [/\\d\{4\}-\\d\{2\}-\\d\{2\}/, 'must be a date such as 2026-12-25'],
];

/** zod's own messages start so; a schema's message ("must be a 24-hour time such as 10:00") is kept. */
const ZOD_WORDING = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function predicate(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message)) return 'is required';
      if (issue.expected === 'number' || issue.expected === 'int') return 'must be a number';
      if (issue.expected === 'string') return 'must be text';
      if (issue.expected === 'boolean') return 'must be ticked or not';
      if (issue.expected === 'array') return 'must be a list';
      return 'is missing or not filled in as expected';
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string')
        return minimum <= 1 ? 'is required' : `needs at least ${plural(minimum, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return minimum <= 1 ? 'needs at least one item' : `needs at least ${plural(minimum, 'item', 'items')}`;
      return issue.inclusive ? `must be ${minimum} or more` : `must be more than ${minimum}`;
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return `can be at most ${plural(maximum, 'character', 'characters')} long`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `can hold at most ${plural(maximum, 'item', 'items')}`;
      return issue.inclusive ? `must be ${maximum.toLocaleString('en-US')} or less` : `must be less than ${maximum}`;
    }
    case 'invalid_format': {
      if (issue.format === 'email') return 'must be an e-mail address such as name@example.com';
      if (issue.format === 'url') return 'must be a web address such as https://example.com';
      const pattern = (issue as { pattern?: string }).pattern ?? '';
      const words = PATTERN_WORDS.find(([source]) => source.test(pattern));
      return words ? words[1] : 'is not written the way this field needs';
    }
    case 'not_multiple_of':
      return `must be in steps of ${String(issue.divisor)}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `holds fields this section does not have (${issue.keys.join(', ')})`;
    default:
      return 'is not valid';
  }
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** One issue in plain words: "Slug may use only lower-case letters, digits and hyphens, such as the-canyon." */
export function plainMessage(issue: z.core.$ZodIssue): string {
  const label = fieldLabelOf(issue.path);
  const own = issue.message;
  if (own && !ZOD_WORDING.test(own)) {
    // A schema's words: "must …" or "is already used …" are said of the field; anything else is a sentence.
    return sentence(/^(must|is|can|may|needs)\b/.test(own) ? `${label} ${own}` : own);
  }
  return sentence(`${label} ${predicate(issue)}`);
}
