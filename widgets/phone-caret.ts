import { phoneDigits } from '../src/shared/contact-rules.js';

/** Where the caret belongs in `formatted` so that `digitsBefore` digits stand before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] ?? '')) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

function countDigits(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** How many of the number's digits stand before `caret` in `raw`: a country code the formatter drops is not one. */
export function phoneDigitsBeforeCaret(raw: string, caret: number): number {
  const dropped = phoneDigits(raw).countryCodeDropped ? 1 : 0;
  return Math.max(0, countDigits(raw.slice(0, caret)) - dropped);
}
