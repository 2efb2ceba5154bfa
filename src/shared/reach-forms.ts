import { MESSAGES } from './constants.js';
import { characterCount, EMAIL_EXAMPLE, isValidEmail, storedPhone } from './contact-rules.js';
import { cleanText } from './text-input.js';

/**
 * The rules of the interest-list form and the agents' registration form, shared by the server and the pages
 * (whose inputs carry the same rules as `required`, `maxlength`, `type` and `pattern`). The e-mail and phone rules
 * are the contact form's (contact-rules.ts): one rule per thing, whatever form asks for it.
 */

/** Where the forms post, and the answer a script reads as success (as the contact form's). */
export const INTEREST_PATH = '/interest';
export const AGENT_REGISTER_PATH = '/agents/register';

/** `lines`: text of several lines (line breaks kept); every other kind is one line. */
type Rule = { label: string; max: number; kind: 'name' | 'email' | 'phone' | 'text' | 'lines'; required: boolean };

function validate<Field extends string>(
  rules: Record<Field, Rule>,
  input: Partial<Record<string, unknown>>,
): { value: Record<Field, string>; errors: Partial<Record<Field, string>> } {
  const value = {} as Record<Field, string>;
  const errors: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(rules) as Field[]) {
    const rule = rules[field];
    const text = cleanText(input[field], rule.kind === 'lines' ? 'lines' : 'line');
    value[field] = text;
    if (rule.kind === 'phone') {
      const stored = storedPhone(text);
      if (stored === undefined) errors[field] = MESSAGES.invalidPhone;
      else value[field] = stored;
      continue;
    }
    if (text === '') {
      if (rule.required) errors[field] = `${rule.label} is required.`;
      continue;
    }
    if (characterCount(text) > rule.max) errors[field] = `${rule.label} must be at most ${rule.max} characters.`;
    else if (rule.kind === 'email' && !isValidEmail(text))
      errors[field] = `Please enter a valid email address, like ${EMAIL_EXAMPLE}.`;
  }
  return { value, errors };
}

export type Validation<Field extends string> =
  | { ok: true; value: Record<Field, string> }
  | { ok: false; value: Record<Field, string>; errors: Partial<Record<Field, string>> };

function outcome<Field extends string>(result: {
  value: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
}): Validation<Field> {
  return Object.keys(result.errors).length === 0
    ? { ok: true, value: result.value }
    : { ok: false, value: result.value, errors: result.errors };
}

export const INTEREST_RULES = {
  email: { label: 'Email', max: 254, kind: 'email', required: true },
  firstname: { label: 'First name', max: 60, kind: 'name', required: false },
} as const satisfies Record<string, Rule>;
export type InterestField = keyof typeof INTEREST_RULES;

/** An interest-list sign-up: the e-mail address, and a first name if given. (`plan` is lead context.) */
export function validateInterest(input: Partial<Record<string, unknown>>): Validation<InterestField> {
  return outcome(validate(INTEREST_RULES, input));
}

/** Where staff preview an update to the interest list (a draft) and, from its page, send it. */
export const INTEREST_UPDATES_PATH = '/admin/interest/updates';

/** An update staff write to the interest list (issue 31): a short subject and plain text. */
export const INTEREST_UPDATE_RULES = {
  subject: { label: 'Subject', max: 120, kind: 'text', required: true },
  text: { label: 'Text', max: 5000, kind: 'lines', required: true },
} as const satisfies Record<string, Rule>;
export type InterestUpdateField = keyof typeof INTEREST_UPDATE_RULES | 'plan';

/** An update's subject and text (`plan` is checked against the floor plans where they are known). */
export function validateInterestUpdateText(
  input: Partial<Record<string, unknown>>,
): Validation<keyof typeof INTEREST_UPDATE_RULES> {
  return outcome(validate(INTEREST_UPDATE_RULES, input));
}

export const AGENT_RULES = {
  agent_firstname: { label: 'Your first name', max: 60, kind: 'name', required: true },
  agent_lastname: { label: 'Your last name', max: 60, kind: 'name', required: true },
  agent_email: { label: 'Your email', max: 254, kind: 'email', required: true },
  agent_phone: { label: 'Your phone', max: 14, kind: 'phone', required: true },
  brokerage: { label: 'Brokerage', max: 100, kind: 'text', required: true },
  license: { label: 'License number', max: 40, kind: 'text', required: true },
  client_firstname: { label: 'Client’s first name', max: 60, kind: 'name', required: true },
  client_lastname: { label: 'Client’s last name', max: 60, kind: 'name', required: true },
  client_email: { label: 'Client’s email', max: 254, kind: 'email', required: true },
} as const satisfies Record<string, Rule>;
export type AgentField = keyof typeof AGENT_RULES;
export const AGENT_FIELDS = Object.keys(AGENT_RULES) as AgentField[];

/** An agent's registration of a client: every field required; the client's address is not the agent's own. */
export function validateAgentRegistration(input: Partial<Record<string, unknown>>): Validation<AgentField> {
  const result = validate(AGENT_RULES, input);
  const { agent_email, client_email } = result.value;
  if (
    !result.errors.client_email &&
    !result.errors.agent_email &&
    agent_email.toLowerCase() === client_email.toLowerCase()
  )
    result.errors.client_email = 'Client’s email must be your client’s own address, not yours.';
  return outcome(result);
}

/** The `maxlength` of a text input: twice the characters, as the browser counts an emoji as two (contact-rules.ts). */
export function ruleMaxLength(rule: Rule): number {
  return rule.kind === 'phone' ? 30 : rule.max * 2;
}
