import { expect } from 'chai';
import { normalizeUsername } from '../../src/shared/staff-credentials.js';

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
