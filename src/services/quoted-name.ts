/**
 * The only thing a stranger typed that an automatic e-mail may quote is a first name, and only one that looks like
 * a name (issue 35): anyone can put any address into a public form, so a "name" carrying a link or a sentence would
 * make the site send the stranger's words to that address. Letters (any script), spaces, hyphens, apostrophes and
 * a period after an initial; at most three words and 30 characters; nothing like a domain (`a.b`).
 */
const NAME = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+|\.)*\.?$/u;
const NAME_MAX_LENGTH = 30;
const NAME_MAX_WORDS = 3;

/** The first name to greet with, or '' when it is not one to quote. */
export function quotableFirstName(raw: string | null | undefined): string {
  const name = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (name === '' || name.length > NAME_MAX_LENGTH || !NAME.test(name)) return '';
  if (name.split(' ').length > NAME_MAX_WORDS) return '';
  // "evil.com": a period between letters names a host, not an initial.
  if (/[\p{L}\p{M}]\.[\p{L}\p{M}]/u.test(name)) return '';
  return name;
}
