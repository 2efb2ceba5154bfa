import { expect } from 'chai';
import { nuErrors, sharedService, skipWithoutJava } from '../support/nu-checker.js';

/** The W3C Nu Html Checker as the tests use it: one service for the whole run, ended with the run. */
describe('The Nu Html Checker service the tests share', function () {
  this.timeout(120_000);
  before(function () {
    skipWithoutJava(this);
  });

  it('reports the errors of an invalid document, under its label, and none for a valid one', async () => {
    const errors = await nuErrors([
      { label: 'valid', html: '<!DOCTYPE html><html lang="en"><title>Valid</title><p>Fine.</p></html>' },
      { label: 'invalid', html: '<!DOCTYPE html><html lang="en"><title>Invalid</title><ul><p>Not a list item</ul>' },
    ]);
    expect(errors.length).to.be.greaterThan(0);
    expect(errors.every((error) => error.startsWith('invalid line 1:'))).to.equal(true);
    expect(errors.join('\n')).to.include('“p”');
  });

  it('is one service for every check of the run', async () => {
    const first = await sharedService();
    await nuErrors([{ label: 'again', html: '<!DOCTYPE html><html lang="en"><title>x</title></html>' }]);
    expect(await sharedService()).to.equal(first);
  });
});
