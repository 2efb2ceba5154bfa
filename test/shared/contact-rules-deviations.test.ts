import { expect } from 'chai';
import { MESSAGES } from '../../src/shared/constants.js';
import {
  CONTACT_FIELDS,
  EMAIL_PATTERN_ATTRIBUTE,
  fieldError,
  isValidEmail,
  validateContact,
} from '../../src/shared/contact-rules.js';

/** The contract's deliberate deviations from the seed's contact rules (docs/decisions/009). */
describe('contact rules: e-mail ending', () => {
  const ENDINGS = ['buyer@example.homes', 'agent@summit.realty', 'ops@builder.company', 'a@b.co', 'a@b.technology'];

  for (const email of ENDINGS) {
    it(`accepts ${email} (an ending of 2 or more letters)`, () => {
      expect(isValidEmail(email)).to.equal(true);
      expect(new RegExp(`^(?:${EMAIL_PATTERN_ATTRIBUTE})$`, 'v').test(email), 'the input pattern agrees').to.equal(
        true,
      );
    });
  }

  for (const email of ['a@b.c', 'a@b.c0m', 'a@b.', 'a@b.co1']) {
    it(`still rejects ${email}`, () => {
      expect(isValidEmail(email)).to.equal(false);
    });
  }
});

describe('contact rules: every problem at once', () => {
  it(`gives every field its problem on an empty form, the phone "${MESSAGES.invalidPhone}"`, () => {
    const result = validateContact({});
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).to.deep.equal([...CONTACT_FIELDS]);
    expect(result.errors.phone).to.equal(MESSAGES.invalidPhone);
    expect(result.errors.firstname).to.equal('First name is required.');
  });

  it(`calls an empty or blank phone "${MESSAGES.invalidPhone}", as the seed's alert does`, () => {
    expect(fieldError('phone', '')).to.equal(MESSAGES.invalidPhone);
    expect(fieldError('phone', '   ')).to.equal(MESSAGES.invalidPhone);
  });
});
