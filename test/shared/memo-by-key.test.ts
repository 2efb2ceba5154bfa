import { expect } from 'chai';
import { memoByKey } from '../../src/shared/memo-by-key.js';

describe('memoByKey', () => {
  it('computes once while the key holds, and again when any part of it changes', async () => {
    let generation = 1;
    const revision = { id: 'a' };
    let current = revision;
    let computed = 0;
    const read = memoByKey(
      () => [generation, current],
      async () => {
        computed += 1;
        return `value ${computed}`;
      },
    );
    expect(await read()).to.equal('value 1');
    expect(await read()).to.equal('value 1');
    generation = 2;
    expect(await read()).to.equal('value 2');
    current = { id: 'a' };
    expect(await read()).to.equal('value 3');
    expect(await read()).to.equal('value 3');
    expect(computed).to.equal(3);
  });

  it('shares one computation among callers in flight', async () => {
    let computed = 0;
    const read = memoByKey(
      () => [1],
      async () => {
        computed += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return computed;
      },
    );
    expect(await Promise.all([read(), read(), read()])).to.deep.equal([1, 1, 1]);
    expect(computed).to.equal(1);
  });

  it('forgets a failed computation, so the next call tries again', async () => {
    let calls = 0;
    const read = memoByKey(
      () => ['same'],
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('the database was busy');
        return 'read';
      },
    );
    let failure: unknown;
    await read().catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('the database was busy');
    expect(await read()).to.equal('read');
    expect(calls).to.equal(2);
  });
});
