import express, { type Request, type RequestHandler, type Response } from 'express';
import { HONEYPOT_FIELD } from '../shared/contact-form.js';
import { CONTACT_FIELDS, CONTACT_MAX_LENGTH, inputMaxLength, PHONE_INPUT_MAX_LENGTH } from '../shared/contact-rules.js';
import { LEAD_CONTEXT_FIELDS, LEAD_CONTEXT_MAX_LENGTH } from '../shared/lead-context.js';

/**
 * URL-encoded bytes of one UTF-16 code unit at worst: a CJK character is one unit, 3 UTF-8 bytes, `%E4%BD%A0`
 * (9 bytes); an emoji is two units, 4 UTF-8 bytes, 12 bytes encoded (6 per unit). A text input's `maxlength`
 * counts units, so this bounds what any input can send.
 */
const ENCODED_BYTES_PER_CODE_UNIT = 9;
/** The same per character (code point), where no `maxlength` bounds the units: an emoji's 12 bytes. */
const ENCODED_BYTES_PER_CHARACTER = 12;
/** A tour's `start`: "2026-11-23T10:00:00-07:00" and a little room. */
const SLOT_START_MAX_LENGTH = 40;

/** One `name=value&` pair whose value is at most `bytes` once encoded. */
const pair = (name: string, bytes: number) => name.length + 2 + bytes;

/**
 * The most a lead form (contact or tours) may post, from the fields' own limits rather than a round number: every
 * text field filled to its input's maxlength with the costliest characters, the phone, the hidden context fields at
 * their limit, the honeypot and the tour's time. A 5,000-character message in Chinese or in emoji always fits.
 */
export const PUBLIC_FORM_BODY_LIMIT =
  CONTACT_FIELDS.reduce(
    (total, field) =>
      total +
      pair(
        field,
        field === 'phone'
          ? PHONE_INPUT_MAX_LENGTH * ENCODED_BYTES_PER_CHARACTER
          : inputMaxLength(field) * ENCODED_BYTES_PER_CODE_UNIT,
      ),
    0,
  ) +
  LEAD_CONTEXT_FIELDS.reduce(
    (total, field) => total + pair(field, LEAD_CONTEXT_MAX_LENGTH * ENCODED_BYTES_PER_CHARACTER),
    0,
  ) +
  pair(HONEYPOT_FIELD, LEAD_CONTEXT_MAX_LENGTH * ENCODED_BYTES_PER_CHARACTER) +
  pair('start', SLOT_START_MAX_LENGTH * ENCODED_BYTES_PER_CHARACTER);

/** What a post over the limit is told, on either form: what to do next, and the sales team's phone. */
export function tooLargeText(what: 'message' | 'booking', salesPhone: string): string {
  const limit = CONTACT_MAX_LENGTH.message.toLocaleString('en-US');
  return `Your ${what} was too long to send: please shorten the message to at most ${limit} characters and send it again, or call our sales team at ${salesPhone}.`;
}

/**
 * How much of a post over the limit is still read, so that the form shown again keeps what was typed (pasted
 * into a form without JavaScript, say); beyond it the body is not parsed at all.
 */
const READABLE_BODY_LIMIT = PUBLIC_FORM_BODY_LIMIT * 4;

/**
 * What a form answers to a post over the body limit or with too many fields (the status is already 413);
 * `req.body` holds the fields when the post could still be read, and is empty otherwise.
 */
export type TooLargeAnswer = (req: Request, res: Response) => void;

const OVER_LIMIT = Symbol('over the body limit');
type Marked = Request & { [OVER_LIMIT]?: boolean };

function isTooLarge(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return type === 'entity.too.large' || type === 'parameters.too.many';
}

/**
 * What stands before a public form's handler, in this order: the URL-encoded body parser (bounded in bytes and
 * fields; a post over either gets the form's own 413 answer), the form's rate limit, and a 415 for a body of any
 * other type.
 */
export function publicFormPost(
  limiter: RequestHandler,
  parameterLimit: number,
  tooLarge: TooLargeAnswer,
): RequestHandler[] {
  const parse = express.urlencoded({
    extended: false,
    limit: READABLE_BODY_LIMIT,
    parameterLimit,
    verify: (req, _res, raw) => {
      if (raw.length > PUBLIC_FORM_BODY_LIMIT) (req as Marked)[OVER_LIMIT] = true;
    },
  });
  return [
    (req, res, next) => {
      parse(req, res, (error?: unknown) => {
        if (!isTooLarge(error) && !(req as Marked)[OVER_LIMIT]) return next(error);
        res.status(413);
        tooLarge(req, res);
      });
    },
    limiter,
    (req, res, next) => {
      if (req.is('application/x-www-form-urlencoded')) {
        next();
        return;
      }
      res.status(415).type('text/plain').send('Send the form as application/x-www-form-urlencoded.');
    },
  ];
}
