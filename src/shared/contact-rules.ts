import { FORMATTED_PHONE_LENGTH, MESSAGES, PHONE_DIGITS } from './constants.js';
import { cleanText } from './text-input.js';

/**
 * The contact form's rules (seed-spec §5), imported by the server handler and by the ContactForm widget
 * so both enforce exactly the same thing.
 */
export const CONTACT_FIELDS = ['firstname', 'lastname', 'email', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactInput = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/**
 * Each rule is written once, in the form the HTML `pattern` attribute takes (anchored implicitly, `v` flag safe: a
 * `-` in a class is escaped); the server's and the widget's RegExp is built from it as the browser builds its own.
 */
function anchored(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`);
}

/**
 * Letters, digits and . _ % + - before the @, then a domain, then an ending of 2 or more letters. The seed says
 * "2 to 4", which turned away buyers at .homes, .realty and .company addresses (docs/decisions/009).
 */
export const EMAIL_PATTERN_ATTRIBUTE = '[A-Za-z0-9._%+\\-]+@[A-Za-z0-9.\\-]+\\.[A-Za-z]{2,}';
export const EMAIL_PATTERN = anchored(EMAIL_PATTERN_ATTRIBUTE);
/** Seed-spec §5: the e-mail input's hint is an example address; problems name the same example. */
export const EMAIL_EXAMPLE = 'name@example.com';
/** Seed-spec §5: the formatted phone, as the phone input's hint and every message about its form show it. */
export const PHONE_EXAMPLE = '(123) 456-7890';
export const PHONE_PATTERN_ATTRIBUTE = '\\(\\d{3}\\) \\d{3}-\\d{4}';
export const PHONE_PATTERN = anchored(PHONE_PATTERN_ATTRIBUTE);
/** What a phone input accepts as typed, the rule of storedPhone: ten digits, or eleven starting with 1. */
export const PHONE_INPUT_PATTERN_ATTRIBUTE = '[^0-9]*(?:1[^0-9]*)?(?:[0-9][^0-9]*){10}';

/**
 * Lengths a real form needs, in characters as a person counts them (Unicode code points: an emoji or a Chinese
 * character is one); the seed sets none. Documented in the README.
 */
export const CONTACT_MAX_LENGTH: Record<ContactField, number> = {
  firstname: 60,
  lastname: 60,
  email: 254,
  phone: FORMATTED_PHONE_LENGTH,
  subject: 150,
  message: 5000,
};

/**
 * The `maxlength` of each text input: the browser counts UTF-16 code units there, and an emoji is two of them, so
 * twice the limit lets a message of 5,000 emoji be typed; the rules below still count characters.
 */
export function inputMaxLength(field: Exclude<ContactField, 'phone'>): number {
  return CONTACT_MAX_LENGTH[field] * 2;
}

/** The most a phone input may hold as typed: "+1 (970) 555-0199 ext" and the like, never a text. */
export const PHONE_INPUT_MAX_LENGTH = 30;

/** The hint shown under both forms' phone inputs; it stays visible while typing (a placeholder would not). */
export const PHONE_HINT = `10 digits, written ${PHONE_EXAMPLE}.`;

/** How many characters a person sees in `value`: code points, so an emoji or a CJK character counts once. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

export const CONTACT_LABELS: Record<ContactField, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  phone: 'Phone',
  subject: 'Subject',
  message: 'Message',
};

/**
 * The digits of what was typed, pasted or autofilled that belong to the 10-digit number. No North American area
 * code starts with 1, so a leading 1 followed by ten more digits is the country code ("+1 (970) 555-0199",
 * "1-970-555-0199", "+19705550199") and is dropped. Then, as the seed does, at most the first ten are kept.
 */
export function phoneDigits(raw: string): { digits: string; countryCodeDropped: boolean } {
  const all = raw.replace(/\D/g, '');
  const countryCodeDropped = all.length > PHONE_DIGITS && all.startsWith('1');
  return { digits: (countryCodeDropped ? all.slice(1) : all).slice(0, PHONE_DIGITS), countryCodeDropped };
}

/**
 * The phone as stored, `(123) 456-7890`, from anything a buyer may write: exactly ten digits, or eleven starting
 * with the country code 1 ("9705550111", "+1 970 555 0111", "1-970-555-0111", "970.555.0111"); undefined for
 * any other count of digits (nine, twelve) or an input longer than a phone number is ever written.
 */
export function storedPhone(raw: string): string | undefined {
  if (raw.length > PHONE_INPUT_MAX_LENGTH) return undefined;
  const all = raw.replace(/\D/g, '');
  const digits = all.length === PHONE_DIGITS + 1 && all.startsWith('1') ? all.slice(1) : all;
  return digits.length === PHONE_DIGITS ? formatPhone(digits) : undefined;
}

/** Keeps only the number's digits (at most 10) and shows them as (123) 456-7890 while typing. */
export function formatPhone(raw: string): string {
  const { digits } = phoneDigits(raw);
  if (digits.length < 4) return digits;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** The stored form exactly: `(123) 456-7890`, 14 characters (seed §5). */
export function isValidPhone(value: string): boolean {
  return value.length === FORMATTED_PHONE_LENGTH && PHONE_PATTERN.test(value);
}

export function fieldError(field: ContactField, value: string): string | undefined {
  const label = CONTACT_LABELS[field];
  // Seed §5: a phone that is not ten digits, an empty one included, is "Invalid phone number".
  if (field === 'phone') return storedPhone(value) === undefined ? MESSAGES.invalidPhone : undefined;
  if (value.trim() === '') return `${label} is required.`;
  if (characterCount(value) > CONTACT_MAX_LENGTH[field]) {
    return `${label} must be at most ${CONTACT_MAX_LENGTH[field]} characters.`;
  }
  if (field === 'email' && !isValidEmail(value)) return `Please enter a valid email address, like ${EMAIL_EXAMPLE}.`;
  return undefined;
}

/** A contact field as it is stored and judged (text-input.ts): the message keeps its lines. */
export function contactText(field: ContactField, raw: unknown): string {
  return cleanText(raw, field === 'message' ? 'lines' : 'line');
}

export type ContactValidation =
  { ok: true; value: ContactInput } | { ok: false; value: ContactInput; errors: ContactErrors };

/**
 * Validates untrusted input: anything that is not a string counts as missing. A valid phone comes back in its
 * stored form; an invalid one as it was written, so the form shows what the buyer typed.
 */
export function validateContact(input: Partial<Record<string, unknown>>): ContactValidation {
  const value = {} as ContactInput;
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    value[field] = contactText(field, input[field]);
    const error = fieldError(field, value[field]);
    if (error) errors[field] = error;
    else if (field === 'phone') value.phone = storedPhone(value.phone) ?? value.phone;
  }
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, value, errors };
}
