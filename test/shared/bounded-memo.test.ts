import { expect } from 'chai';
import { boundedMemo } from '../../src/shared/bounded-memo.js';

describe('boundedMemo', () => {
  it('computes a key once and answers it again from what it kept', () => {
    const memo = boundedMemo<string>(10);
    let computed = 0;
    const label = (key: string) => memo(key, () => `${key}:${++computed}`);
    expect([label('a'), label('b'), label('a'), label('b')]).to.deep.equal(['a:1', 'b:2', 'a:1', 'b:2']);
    expect(computed).to.equal(2);
  });

  it('keeps at most its limit: when full it starts again, and every answer stays right', () => {
    const memo = boundedMemo<number>(3);
    const computedKeys: string[] = [];
    const square = (n: number) =>
      memo(String(n), () => {
        computedKeys.push(String(n));
        return n * n;
      });
    expect([1, 2, 3].map(square)).to.deep.equal([1, 4, 9]);
    expect(square(4)).to.equal(16); // full: emptied, then 4 kept
    expect(square(1)).to.equal(1); // computed again
    expect(square(4)).to.equal(16); // still kept
    expect(computedKeys).to.deep.equal(['1', '2', '3', '4', '1']);
  });
});
