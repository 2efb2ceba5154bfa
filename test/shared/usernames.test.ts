import { expect } from 'chai';
import { newUsernameProblem, normalizeUsername, RESERVED_USERNAMES } from '../../src/shared/staff-credentials.js';

/** One form of a username for the users table, sign-in, the login limits, device cookies and npm run admin. */
describe('normalizeUsername', () => {
  it('folds case, spaces around it and compatibility forms into one username', () => {
    for (const typed of [
      'staff',
      'Staff',
      'STAFF',
      ' staff',
      'staff\t',
      '\u3000staff\u00a0',
      'ｓｔａｆｆ',
      'ＳＴＡＦＦ',
    ])
      expect(normalizeUsername(typed), JSON.stringify(typed)).to.equal('staff');
  });

  it('keeps inner spaces and every other character: "st aff" is another username', () => {
    expect(normalizeUsername('St Aff')).to.equal('st aff');
    expect(normalizeUsername('staff\u200b')).to.not.equal('staff');
  });

  it('gives its own form back unchanged, for every character of the Basic Multilingual Plane', () => {
    const changed: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const once = normalizeUsername(String.fromCharCode(code));
      if (normalizeUsername(once) !== once) changed.push(code.toString(16));
    }
    expect(changed).to.deep.equal([]);
  });
});

/** The rule for a new account's username (invitations, npm run admin): one path segment that names only itself. */
describe('newUsernameProblem', () => {
  it('refuses names that are paths, pages of the team or not one plain segment', () => {
    for (const name of [
      '',
      ' ',
      '.',
      '..',
      'auto-assign',
      'Auto-Assign',
      'new',
      'invitations',
      'two-factor-requirement',
      'a/b',
      'a%2fb',
      'a?b',
      'a#b',
      'a\\b',
      '.hidden',
      'trailing.',
      '-lead',
      'two words',
      'x'.repeat(65),
    ])
      expect(newUsernameProblem(name), JSON.stringify(name)).to.be.a('string');
  });

  it('accepts plain names, in any letters', () => {
    for (const name of ['staff', 'jane.doe', 'j_doe', 'ana-maria', 'José', 'li@office', 'a', 'x'.repeat(64)])
      expect(newUsernameProblem(name), name).to.equal(undefined);
  });

  it('says why in words a person reads, never as a pattern', () => {
    for (const name of ['..', 'new', 'a/b']) expect(newUsernameProblem(name)).to.not.match(/[\\^$[\]{}]/);
  });

  it('accepts no single character that a URL path would read as something else', () => {
    for (let code = 0x20; code <= 0x7e; code += 1) {
      const name = String.fromCharCode(code);
      if (newUsernameProblem(name) === undefined) expect(name, name).to.match(/^[A-Za-z0-9]$/);
    }
  });

  it('keeps RESERVED_USERNAMES in the one form (NFKC, lower case)', () => {
    for (const name of RESERVED_USERNAMES) expect(normalizeUsername(name)).to.equal(name);
  });
});
