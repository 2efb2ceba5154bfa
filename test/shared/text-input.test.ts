import { expect } from 'chai';
import { cleanText, hasControlCharacter, printable } from '../../src/shared/text-input.js';

/** Issue "Checked before it is normalized": one rule turns a posted text into the value that is stored. */
describe('cleanText: a text field as it is stored', () => {
  const cases: [string, string, string][] = [
    ['a formula behind a space', ' =HYPERLINK("http://x")', '=HYPERLINK("http://x")'],
    ['a formula behind a line break', '\n=1+1', '=1+1'],
    ['a formula behind a no-break space', '\u00a0@SUM(1+1)', '@SUM(1+1)'],
    ['NUL, BEL and ESC', 'Ada\u0000 \u0007Love\u001blace', 'Ada Lovelace'],
    ['DEL and C1 controls', 'a\u007fb\u0085c\u009bd', 'abcd'],
    ['noncharacters and a lone surrogate', 'a\ufffeb\uffffc\ud800d\u{1fffe}e', 'abcde'],
    ['e and a combining acute accent (NFD)', 'Cafe\u0301 Lane', 'Caf\u00e9 Lane'],
    ['Unicode spaces at the ends', '\u3000\u2003\ufeffMaple\u202f', 'Maple'],
    ['a line break or tab inside one line', 'Ada\tByron\r\nLovelace', 'Ada Byron Lovelace'],
  ];
  for (const [label, raw, stored] of cases) {
    it(`${label}: ${JSON.stringify(raw)} → ${JSON.stringify(stored)}`, () => {
      expect(cleanText(raw)).to.equal(stored);
    });
  }

  it('keeps the lines and tabs of a multi-line field, line breaks as \\n', () => {
    expect(cleanText(' one\r\ntwo\rthree\u2028four\n\tfive\u0000 \n', 'lines')).to.equal(
      'one\ntwo\nthree\nfour\n\tfive',
    );
  });

  it('takes anything but a string as empty', () => {
    for (const raw of [undefined, null, 42, ['a'], { a: 1 }]) expect(cleanText(raw)).to.equal('');
  });

  it('tells a value with a control character from one without', () => {
    expect(hasControlCharacter('news\u0000letter')).to.equal(true);
    expect(hasControlCharacter('news\nletter')).to.equal(true);
    expect(hasControlCharacter('news\u0085letter')).to.equal(true);
    expect(hasControlCharacter('news\u00a0letter')).to.equal(false);
  });

  it('writes out text stored before the rule without its control characters, lines kept', () => {
    expect(printable('Called \u0000twice.\r\nBy \u0085phone.')).to.equal('Called twice.\r\nBy phone.');
  });
});
