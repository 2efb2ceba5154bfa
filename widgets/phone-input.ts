import { formatPhone } from '../src/shared/contact-rules.js';
import { PHONE_FORMAT_ATTRIBUTE } from '../src/shared/phone-input.js';
import { caretAfterDigits, phoneDigitsBeforeCaret } from './phone-caret.js';

/** Shows the input's number as (123) 456-7890, the caret kept after the same digits. */
function reformat(input: HTMLInputElement): void {
  const focused = document.activeElement === input;
  const digitsBefore = phoneDigitsBeforeCaret(input.value, input.selectionStart ?? input.value.length);
  const formatted = formatPhone(input.value);
  if (formatted === input.value) return;
  input.value = formatted;
  if (!focused) return;
  const caret = caretAfterDigits(formatted, digitsBefore);
  input.setSelectionRange(caret, caret);
}

/**
 * Formats the marked phone inputs under `root` as the buyer types, with the contact form's own formatter: a plain
 * listener, not a widget, so a form rendered as a view needs no React for it (docs/decisions). A number typed
 * before this ran is formatted at once. Without JavaScript the server reads any ten-digit number all the same.
 */
export function enhancePhoneInputs(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLInputElement>(`input[${PHONE_FORMAT_ATTRIBUTE}]`)) {
    input.addEventListener('input', () => reformat(input));
    if (input.value !== '') reformat(input);
  }
}
