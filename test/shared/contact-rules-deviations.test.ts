import { expect } from 'chai';
import { MESSAGES } from '../../src/shared/constants.js';
import {
  characterCount,
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTH,
  EMAIL_PATTERN_ATTRIBUTE,
  fieldError,
  inputMaxLength,
  isValidEmail,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_INPUT_PATTERN_ATTRIBUTE,
  storedPhone,
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

describe('contact rules: one phone rule for both forms', () => {
  const inputPattern = new RegExp(`^(?:${PHONE_INPUT_PATTERN_ATTRIBUTE})$`, 'v');
  const ACCEPTED = ['9705550111', '+1 970 555 0111', '1-970-555-0111', '970.555.0111', '(970) 555-0111', '19705550111'];
  for (const phone of ACCEPTED) {
    it(`accepts "${phone}" and stores (970) 555-0111; the input's pattern agrees`, () => {
      expect(storedPhone(phone)).to.equal('(970) 555-0111');
      expect(fieldError('phone', phone)).to.equal(undefined);
      expect(inputPattern.test(phone), 'pattern').to.equal(true);
    });
  }

  for (const phone of ['970555011', '197055501112', '29705550111', '', '(970) 555-01', '9'.repeat(31)]) {
    it(`refuses "${phone}" with "${MESSAGES.invalidPhone}"; the input's pattern agrees`, () => {
      expect(storedPhone(phone)).to.equal(undefined);
      expect(fieldError('phone', phone)).to.equal(MESSAGES.invalidPhone);
      if (phone.length <= PHONE_INPUT_MAX_LENGTH) expect(inputPattern.test(phone), 'pattern').to.equal(false);
    });
  }

  it('gives validateContact the stored form back', () => {
    const result = validateContact({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      phone: '+1 970 555 0111',
      subject: 'Hi',
      message: 'Hello',
    });
    expect(result.ok && result.value.phone).to.equal('(970) 555-0111');
  });
});

describe('contact rules: lengths in characters', () => {
  it('counts an emoji or a Chinese character once', () => {
    expect(characterCount('🏡你a')).to.equal(3);
  });

  it('accepts a message of 5,000 emoji and refuses 5,001', () => {
    expect(fieldError('message', '🏡'.repeat(5_000))).to.equal(undefined);
    expect(fieldError('message', '🏡'.repeat(5_001))).to.equal('Message must be at most 5000 characters.');
  });

  it("lets the inputs' maxlength (UTF-16 units) hold every field's limit in emoji", () => {
    for (const field of ['firstname', 'lastname', 'email', 'subject', 'message'] as const) {
      expect('🏡'.repeat(CONTACT_MAX_LENGTH[field]).length, field).to.be.at.most(inputMaxLength(field));
    }
  });
});
