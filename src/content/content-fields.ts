import type { z } from 'zod';
import type { FieldNode, TextInput } from '../shared/content-form.js';
import type { FileKind } from '../shared/file-limits.js';
import { sectionSchemas, type SectionId } from './schema.js';

/**
 * A section's form read from its zod schema (the one that validates every save), so a new field in a schema is a
 * new field in its editor with nothing else to write: objects are groups, strings inputs (long ones text areas),
 * numbers number inputs, booleans boxes, enums selects, arrays lists.
 */

/** Keys whose text is prose, written in a text area whatever its length. */
const PROSE_KEY =
  /^(text|about|paragraphs|body|summary|description|intro|disclaimer|message|questionsText)$|Text$|Intro$/;

/**
 * Fields that hold a file, by key: staff choose them from the file library (decision 038), never type a path.
 * An image is a group with `src` and `alt`; its `src` is the file.
 */
const FILE_KEYS: Record<string, FileKind> = {
  src: 'image',
  poster: 'image',
  desktopPdf: 'pdf',
  mobilePdf: 'pdf',
  webm: 'video',
  mp4: 'video',
  captions: 'captions',
};

/** Lists of keys that point at other records: chosen by name among the existing ones (a promotion's plans). */
const REFERENCE_LISTS: Record<string, 'plans'> = { plans: 'plans' };

interface Check {
  check?: string;
  format?: string;
  pattern?: RegExp;
  value?: number;
}

function checksOf(schema: z.ZodType): Check[] {
  const checks = (schema._zod.def as { checks?: { _zod: { def: Check } }[] }).checks ?? [];
  return checks.map((check) => check._zod.def);
}

function textInput(schema: z.ZodString, key: string): TextInput {
  const checks = checksOf(schema);
  const patterns = checks.map((check) => check.pattern?.source ?? '');
  if (patterns.includes(String.raw`^\d{4}-\d{2}-\d{2}$`)) return 'date';
  if (patterns.some((source) => source.startsWith('^(?:[01]\\d|2[0-3])'))) return 'time';
  if (checks.some((check) => check.format === 'email')) return 'email';
  if (checks.some((check) => check.format === 'url')) return 'url';
  if ((schema.maxLength !== null && schema.maxLength > 200) || PROSE_KEY.test(key)) return 'textarea';
  return 'text';
}

function walk(schema: z.ZodType, key: string, wrap: { optional?: boolean; nullable?: boolean } = {}): FieldNode {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType };
  switch (def.type) {
    case 'optional':
      return walk(def.innerType!, key, { ...wrap, optional: true });
    case 'nullable':
      return walk(def.innerType!, key, { ...wrap, nullable: true });
    case 'default':
      return walk(def.innerType!, key, wrap);
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      const fields = Object.entries(shape).map(([field, child]) => ({ key: field, node: walk(child, field) }));
      const image = fields.some((field) => field.key === 'alt') && fields.some((field) => field.key === 'src');
      return {
        kind: 'object',
        fields,
        ...(wrap.nullable ? { nullable: true } : {}),
        ...(wrap.nullable && image ? { noneWhenEmpty: 'src' } : {}),
      };
    }
    case 'string': {
      const text = schema as z.ZodString;
      const fileKind = FILE_KEYS[key];
      if (fileKind) {
        return {
          kind: 'file',
          fileKind,
          ...(wrap.optional ? { optional: true } : {}),
          ...(wrap.nullable ? { nullable: true } : {}),
        };
      }
      return {
        kind: 'text',
        input: textInput(text, key),
        ...(text.maxLength === null ? {} : { max: text.maxLength }),
        ...(text.minLength === null ? {} : { min: text.minLength }),
        ...(wrap.optional ? { optional: true } : {}),
        ...(wrap.nullable ? { nullable: true } : {}),
      };
    }
    case 'number': {
      const number = schema as z.ZodNumber;
      const step = checksOf(schema).find((check) => check.check === 'multiple_of')?.value;
      const integer = Boolean(number.isInt);
      return {
        kind: 'number',
        integer,
        ...(integer ? { step: 1 } : step === undefined ? {} : { step }),
        ...(Number.isFinite(number.minValue) ? { min: number.minValue! } : {}),
        ...(Number.isFinite(number.maxValue) && (number.maxValue ?? 0) < 1e9 ? { max: number.maxValue! } : {}),
        ...(wrap.nullable ? { nullable: true } : {}),
      };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'enum', options: (schema as z.ZodEnum).options.map(String) };
    case 'array': {
      const element = (schema._zod.def as unknown as { element: z.ZodType }).element;
      const source = REFERENCE_LISTS[key];
      if (source && element._zod.def.type === 'string') return { kind: 'choices', source };
      const bag = (schema as z.ZodArray<z.ZodType>)._zod.bag as { minimum?: number; maximum?: number; length?: number };
      const checks = checksOf(schema);
      const min = bag.minimum ?? bag.length ?? checks.find((check) => check.check === 'min_length')?.value;
      const max = bag.maximum ?? bag.length ?? checks.find((check) => check.check === 'max_length')?.value;
      return {
        kind: 'list',
        item: walk(element, key),
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
        ...(wrap.optional ? { optional: true } : {}),
      };
    }
    default:
      throw new Error(`The editor cannot show a ${def.type} (${key})`);
  }
}

const cache = new Map<SectionId, FieldNode>();

/** The form of a section, read once from its schema. */
export function sectionFields(id: SectionId): FieldNode {
  let node = cache.get(id);
  if (!node) {
    node = walk(sectionSchemas[id], '');
    cache.set(id, node);
  }
  return node;
}
