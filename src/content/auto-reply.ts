import { z } from 'zod';

/**
 * The automatic replies a buyer gets by e-mail right after writing or booking a tour (when SMTP is configured).
 * `{name}` placeholders are filled in when the reply is written; each reply may use only the ones listed for it.
 * The only words a stranger chose that a reply may carry are a first name that looks like one: anyone can type any
 * address into the form, so a reply must not carry their subject or message to it (issue 35).
 */
export const AUTO_REPLY_PLACEHOLDERS = {
  message: ['firstname', 'community', 'builder', 'phone'],
  tour: ['firstname', 'community', 'builder', 'phone', 'date', 'time', 'address', 'manage', 'directions'],
} as const;

/**
 * Placeholders replies used to offer: still accepted, so a reply written with them stays valid, and filled with
 * nothing (`{subject}` quoted what a stranger typed).
 */
const RETIRED_PLACEHOLDERS = ['subject'];

function replyText(allowed: readonly string[], max: number) {
  return z
    .string()
    .min(1)
    .max(max)
    .superRefine((text, context) => {
      for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
        if (!allowed.includes(name!) && !RETIRED_PLACEHOLDERS.includes(name!)) {
          context.addIssue({
            code: 'custom',
            message: `{${name}} is not one of ${allowed.map((n) => `{${n}}`).join(', ')}`,
          });
        }
      }
    });
}

function reply(allowed: readonly string[]) {
  // A subject is one line of a mail header; a body a letter.
  return z.object({ subject: replyText(allowed, 200), body: replyText(allowed, 5000) });
}

export const autoReplySchema = z.object({
  message: reply(AUTO_REPLY_PLACEHOLDERS.message),
  tour: reply(AUTO_REPLY_PLACEHOLDERS.tour),
});

/** SAMPLE TEXT, like the rest of the community: the builder writes their own before going live. */
export const autoReply = {
  message: {
    subject: 'We received your message about {community}',
    body: [
      'Hi {firstname},',
      '',
      'Thank you for contacting {community}. We received your message and a sales counselor will get back to you within one business day.',
      '',
      'If you would rather talk now, call us at {phone}.',
      '',
      'The {builder} team',
      '',
      '(Sample text: this reply comes from a demonstration site; the community and the builder are invented.)',
    ].join('\n'),
  },
  tour: {
    subject: 'Your model home tour at {community}: {date} at {time}',
    body: [
      'Hi {firstname},',
      '',
      'Your model home tour at {community} is booked for {date} at {time}.',
      '',
      'Where: the sales center, {address}',
      'Directions: {directions}',
      '',
      'The attached calendar file adds the tour to your calendar. To see or cancel your booking, open {manage}',
      '',
      'Questions before your visit? Call us at {phone}.',
      '',
      'The {builder} team',
      '',
      '(Sample text: this reply comes from a demonstration site; the community and the builder are invented.)',
    ].join('\n'),
  },
};

export type AutoReplyContent = z.infer<typeof autoReplySchema>;

/**
 * Fills a reply's placeholders. One without a value (a first name not fit to quote, a retired placeholder) is left
 * out with the space before it, so "Hi {firstname}," reads "Hi,".
 */
export function fillReply(text: string, values: Record<string, string>): string {
  return text.replace(/( ?)\{(\w+)\}/g, (_whole, space: string, name: string) => {
    const value = values[name] ?? '';
    return value === '' ? '' : `${space}${value}`;
  });
}
