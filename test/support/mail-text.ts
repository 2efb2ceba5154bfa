import { header, mimeParts } from './mail-parts.js';
import type { ReceivedMail } from './smtp-sink.js';

/** Reading received e-mails as a person does: the decoded plain-text body (else the first part), one header. */
export function mailText(mail: ReceivedMail): string {
  const parts = mimeParts(mail.raw);
  return (parts.find((part) => /^Content-Type:\s*text\/plain/im.test(part.headers)) ?? parts[0])?.body ?? '';
}

export const mailHeader = header;

/** The site path of the first link in the text that starts with `prefix` (e.g. /interest/confirm/). */
export function linkPath(text: string, prefix: string): string | undefined {
  const match = new RegExp(`https?://[^\\s/]+(${prefix.replace(/[/]/g, '\\/')}[A-Za-z0-9_-]+)`).exec(text);
  return match?.[1];
}
