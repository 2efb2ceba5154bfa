import type { ReceivedMail } from './smtp-sink.js';

/** Reading what the SMTP sink received: the leaf MIME parts decoded, a header unfolded, the text part. */
export interface MimePart {
  headers: string;
  body: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function mimeParts(raw: string): MimePart[] {
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

export function textOf(mail: ReceivedMail): string {
  return mimeParts(mail.raw).find((part) => /^Content-Type:\s*text\/plain/im.test(part.headers))?.body ?? '';
}

export function calendarOf(mail: ReceivedMail): string | undefined {
  return mimeParts(mail.raw).find((part) => /^Content-Type:\s*text\/calendar/im.test(part.headers))?.body;
}

export function header(mail: ReceivedMail, name: string): string | undefined {
  const head = (mail.raw.split('\r\n\r\n')[0] ?? '').replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(head)?.[1]?.trim();
}
