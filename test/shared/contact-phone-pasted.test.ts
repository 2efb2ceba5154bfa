import { expect } from 'chai';
import { formatPhone, isValidPhone, validateContact } from '../../src/shared/contact-rules.js';
import { caretAfterDigits, phoneDigitsBeforeCaret } from '../../widgets/phone-caret.js';

/**
 * A phone pasted or autofilled the way people write it, country code included, reads as the same 10-digit number
 * in the widget (which formats it) and on the server (which accepts the formatted form).
 */
const WRITTEN = [
  '+1 (970) 555-0199',
  '1-970-555-0199',
  '+19705550199',
  '970.555.0199',
  '1 970 555 0199',
  '19705550199',
];

describe('formatPhone with a country code', () => {
  for (const written of WRITTEN) {
    it(`reads "${written}" as (970) 555-0199`, () => {
      expect(formatPhone(written)).to.equal('(970) 555-0199');
    });
  }

  it('gives a phone the server accepts for each of them', () => {
    for (const written of WRITTEN) {
      const result = validateContact({
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.com',
        phone: formatPhone(written),
        subject: 'Lot 12',
        message: 'Still available?',
      });
      expect(result.ok, written).to.equal(true);
      expect(isValidPhone(formatPhone(written)), written).to.equal(true);
    }
  });

  it('drops a leading 1 only when ten more digits follow: a number being typed is shown as typed', () => {
    expect(formatPhone('1970')).to.equal('(197) 0');
    expect(formatPhone('1970555019')).to.equal('(197) 055-5019');
    expect(formatPhone('(197) 055-50199'), 'the eleventh digit reveals the country code').to.equal('(970) 555-0199');
  });

  it('keeps an extension out, after the country code', () => {
    expect(formatPhone('+1 (970) 555-0199 ext 42')).to.equal('(970) 555-0199');
  });

  it('keeps the first ten digits of a longer number that does not start with 1, as the seed does', () => {
    expect(formatPhone('(970) 555-01998')).to.equal('(970) 555-0199');
  });
});

describe('phoneDigitsBeforeCaret', () => {
  it('does not count the country code the formatter drops', () => {
    const pasted = '+1 (970) 555-0199';
    expect(phoneDigitsBeforeCaret(pasted, pasted.length)).to.equal(10);
    expect(caretAfterDigits(formatPhone(pasted), phoneDigitsBeforeCaret(pasted, pasted.length))).to.equal(14);
    // "+1 (970) 555-|0199": six digits of the number stand before the caret, which lands after "(970) 555".
    expect(caretAfterDigits('(970) 555-0199', phoneDigitsBeforeCaret(pasted, 13))).to.equal(9);
  });

  it('counts every digit when there is no country code', () => {
    expect(phoneDigitsBeforeCaret('970.555.0199', 7)).to.equal(6);
    expect(phoneDigitsBeforeCaret('(123) 456-7890', 3)).to.equal(2);
  });

  it('never goes below zero with the caret before the country code', () => {
    expect(phoneDigitsBeforeCaret('+19705550199', 1)).to.equal(0);
  });
});
