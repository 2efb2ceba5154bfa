import { createRequire } from 'node:module';
import { expect } from 'chai';

const require = createRequire(import.meta.url);
const { dispatchOrder } = require('../support/file-order.cjs') as {
  dispatchOrder(
    files: string[],
    times: Record<string, number | { ms: number; cpuSeconds?: number }>,
    options: { workers: number; cores: number },
  ): string[];
};

const THREE_ON_TWO = { workers: 3, cores: 2 };

/**
 * The order mocha hands the test files out in (.mocharc.cjs): the long ones first, each beside files that leave the
 * cores to it, from the last run's wall and CPU times.
 */
describe('The order the test files are handed out in', () => {
  it('hands out every file once, the longest first', () => {
    const times = {
      a: { ms: 90_000, cpuSeconds: 60 },
      b: { ms: 1_000, cpuSeconds: 1 },
      c: { ms: 30_000, cpuSeconds: 5 },
    };
    const order = dispatchOrder(['b', 'c', 'a', 'new'], times, THREE_ON_TWO);
    expect([...order].sort()).to.deep.equal(['a', 'b', 'c', 'new']);
    expect(order[0]).to.equal('a');
  });

  it('starts a file that mostly waits beside two that compute, rather than a third that computes', () => {
    const times = {
      computes1: { ms: 100_000, cpuSeconds: 75 },
      computes2: { ms: 95_000, cpuSeconds: 71 },
      computes3: { ms: 90_000, cpuSeconds: 67 },
      waits: { ms: 80_000, cpuSeconds: 15 },
    };
    const order = dispatchOrder(Object.keys(times), times, THREE_ON_TWO);
    expect(order).to.deep.equal(['computes1', 'computes2', 'waits', 'computes3']);
  });

  it('keeps longest first where the record has no CPU times (a record from before), and puts an unknown file in the middle', () => {
    const times = { long: 50_000, middling: 20_000, short: 2_000, shortest: 100 };
    const order = dispatchOrder(['shortest', 'new', 'short', 'middling', 'long'], times, THREE_ON_TWO);
    expect(order).to.deep.equal(['long', 'middling', 'new', 'short', 'shortest']);
  });

  it('orders by name where there is no record (a fresh clone)', () => {
    expect(dispatchOrder(['c', 'a', 'b'], {}, THREE_ON_TWO)).to.deep.equal(['a', 'b', 'c']);
  });
});
