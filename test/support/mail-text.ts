import type { ReceivedMail } from './smtp-sink.js';

/** Reading received e-mails as a person does: the decoded plain-text body, one header unfolded. */

interface MimePart {
  headers: string;
  body: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function mimeParts(raw: string): MimePart[] {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (/^Content-Type:\s*multipart\//im.test(headers) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => mimeParts(part.replace(/^\r\n/, '')));
  }
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return [{ headers, body: decoded }];
}

export function mailText(mail: ReceivedMail): string {
  const parts = mimeParts(mail.raw);
  return (parts.find((part) => /^Content-Type:\s*text\/plain/im.test(part.headers)) ?? parts[0])?.body ?? '';
}

export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
  const head = (mail.raw.split('\r\n\r\n')[0] ?? '').replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(head)?.[1]?.trim();
}

/** The site path of the first link in the text that starts with `prefix` (e.g. /interest/confirm/). */
export function linkPath(text: string, prefix: string): string | undefined {
  const match = new RegExp(`https?://[^\\s/]+(${prefix.replace(/[/]/g, '\\/')}[A-Za-z0-9_-]+)`).exec(text);
  return match?.[1];
}
