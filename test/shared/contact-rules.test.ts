import { expect } from 'chai';
import {
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTH,
  EMAIL_PATTERN,
  EMAIL_PATTERN_ATTRIBUTE,
  formatPhone,
  isValidPhone,
  validateContact,
  type ContactInput,
} from '../../src/shared/contact-rules.js';

/** The contact form's rules (seed-spec §5), shared by the server and the ContactForm widget. */

const VALID: ContactInput = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  phone: '(970) 555-0199',
  subject: 'Lot 12',
  message: 'Is it still available?',
};

const GOOD_EMAILS = [
  'a@b.co',
  'name@example.com',
  'name@example.info',
  'jo.ann_o%brien+homes-2@mail.example.org',
  'A1@SUB.EXAMPLE.NET',
  'buyer@example.homes',
  'agent@broker.realty',
  'a@b.toolong',
];
const BAD_EMAILS = [
  'a@b',
  'a b@c.com',
  'a@b.c',
  'ab.com',
  '@example.com',
  'name@example.c0m',
  'na!me@example.com',
  'name@example.com ',
];

describe('formatPhone', () => {
  it('keeps only digits, dropping letters and symbols', () => {
    expect(formatPhone('abc')).to.equal('');
    expect(formatPhone('9a7b0')).to.equal('970');
    expect(formatPhone('970-555-0199')).to.equal('(970) 555-0199');
  });

  it('shows up to three digits as they are', () => {
    expect(formatPhone('')).to.equal('');
    expect(formatPhone('1')).to.equal('1');
    expect(formatPhone('12')).to.equal('12');
    expect(formatPhone('123')).to.equal('123');
  });

  it('drops the opening parenthesis when a partial "(123" is edited back to three digits', () => {
    expect(formatPhone('(123')).to.equal('123');
    expect(formatPhone('(123) ')).to.equal('123');
  });

  it('formats four to six digits as "(123) 4…"', () => {
    expect(formatPhone('1234')).to.equal('(123) 4');
    expect(formatPhone('123456')).to.equal('(123) 456');
  });

  it('formats seven to ten digits as "(123) 456-7…"', () => {
    expect(formatPhone('1234567')).to.equal('(123) 456-7');
    expect(formatPhone('1234567890')).to.equal('(123) 456-7890');
  });

  it('leaves the partial forms "(123) 4" and "(123) 456-7" unchanged while typing', () => {
    for (const partial of ['(123) 4', '(123) 45', '(123) 456', '(123) 456-7', '(123) 456-789', '(123) 456-7890']) {
      expect(formatPhone(partial), partial).to.equal(partial);
    }
  });

  // A leading 1 with more digits after it is a country code (test/shared/contact-phone-pasted.test.ts).
  it('keeps at most ten digits', () => {
    expect(formatPhone('23456789012345')).to.equal('(234) 567-8901');
    expect(formatPhone('(234) 567-89012')).to.equal('(234) 567-8901');
  });

  it('formats a pasted number written with dots, spaces or an extension', () => {
    expect(formatPhone('555.123.4567')).to.equal('(555) 123-4567');
    expect(formatPhone(' 555 123 4567 ')).to.equal('(555) 123-4567');
    expect(formatPhone('555-123-4567 ext 9')).to.equal('(555) 123-4567');
  });

  it('keeps the first ten digits of a longer input, as the seed does', () => {
    expect(formatPhone('970555019912')).to.equal('(970) 555-0199');
    expect(formatPhone('(970) 555-01995')).to.equal('(970) 555-0199');
  });

  it('gives a valid phone for every ten-digit input', () => {
    expect(isValidPhone(formatPhone('9705550199'))).to.equal(true);
    expect(isValidPhone(formatPhone('970555019'))).to.equal(false);
  });
});

describe('isValidPhone', () => {
  it('accepts exactly the 14-character form (123) 456-7890', () => {
    expect(isValidPhone('(123) 456-7890')).to.equal(true);
  });

  it('rejects every other form', () => {
    for (const phone of [
      '(123) 456-789',
      '(123) 456-78901',
      '1234567890',
      '123-456-7890',
      '(123)456-7890 ',
      '(abc) def-ghij',
      '',
    ]) {
      expect(isValidPhone(phone), phone).to.equal(false);
    }
  });
});

describe('EMAIL_PATTERN', () => {
  it('accepts letters, digits and . _ % + - before the @, a domain, and an ending of 2 or more letters', () => {
    for (const email of GOOD_EMAILS) expect(EMAIL_PATTERN.test(email), email).to.equal(true);
  });

  it('rejects addresses without that shape', () => {
    for (const email of BAD_EMAILS) expect(EMAIL_PATTERN.test(email), email).to.equal(false);
  });

  it('is the same rule as the pattern attribute of the email input', () => {
    const attribute = new RegExp(`^(?:${EMAIL_PATTERN_ATTRIBUTE})$`, 'v');
    for (const email of [...GOOD_EMAILS, ...BAD_EMAILS]) {
      expect(attribute.test(email), email).to.equal(EMAIL_PATTERN.test(email));
    }
  });
});

describe('validateContact', () => {
  it('accepts six valid fields and returns them trimmed', () => {
    const result = validateContact({ ...VALID, firstname: '  Ada  ', message: '\nIs it still available?\n' });
    expect(result).to.deep.equal({ ok: true, value: VALID });
  });

  it('requires every field', () => {
    for (const field of CONTACT_FIELDS) {
      const input: Record<string, unknown> = { ...VALID };
      delete input[field];
      const result = validateContact(input);
      expect(result.ok, field).to.equal(false);
      if (!result.ok) expect(Object.keys(result.errors), field).to.deep.equal([field]);
    }
  });

  it('treats a blank field as missing', () => {
    const result = validateContact({ ...VALID, subject: ' \t ' });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.errors.subject).to.be.a('string').and.not.equal('');
  });

  it('treats a value that is not a string (a repeated field, a number) as missing', () => {
    const result = validateContact({ ...VALID, firstname: ['Ada', 'Grace'], lastname: 42 });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).to.deep.equal(['firstname', 'lastname']);
  });

  it('reports "Invalid phone number" for a phone of nine digits', () => {
    const result = validateContact({ ...VALID, phone: '970555019' });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.errors).to.deep.equal({ phone: 'Invalid phone number' });
  });

  it('reports an email that does not match the pattern', () => {
    const result = validateContact({ ...VALID, email: 'a@b.c' });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(Object.keys(result.errors)).to.deep.equal(['email']);
  });

  it('reports a field longer than its maximum length', () => {
    const result = validateContact({ ...VALID, message: 'M'.repeat(CONTACT_MAX_LENGTH.message + 1) });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.errors.message).to.include(String(CONTACT_MAX_LENGTH.message));
  });

  it('reports every problem at once', () => {
    const result = validateContact({ email: 'nope', phone: '123' });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).to.deep.equal([...CONTACT_FIELDS].sort());
  });
});
