import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

const require = createRequire(import.meta.url);
const { dispatchOrder } = require('../support/file-order.cjs') as {
  dispatchOrder(
    files: string[],
    times: Record<string, number | { ms: number; cpuSeconds?: number }>,
    options: { workers: number; cores: number },
  ): string[];
};

type Times = Record<string, { ms: number; cpuSeconds: number }>;
interface RecordFiles {
  record?: string;
  baseline?: string;
}
const { readRecord, saveBaseline } = require('../support/file-times.cjs') as {
  readRecord(files?: RecordFiles): Times;
  saveBaseline(files: RecordFiles & { exists?: (file: string) => boolean }): number;
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

  it('orders by name where there are no times at all (no record and no baseline)', () => {
    expect(dispatchOrder(['c', 'a', 'b'], {}, THREE_ON_TWO)).to.deep.equal(['a', 'b', 'c']);
  });
});

describe('The times a run is ordered by', () => {
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-times-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, times: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(times));
    return file;
  };

  it("takes the checkout's own time of a file, else the repository's baseline, else none", () => {
    const baseline = write('baseline.json', { a: { ms: 1000, cpuSeconds: 1 }, b: { ms: 2000, cpuSeconds: 2 } });
    const record = write('record.json', { b: { ms: 3000, cpuSeconds: 1.5 }, c: { ms: 400, cpuSeconds: 0.1 } });
    expect(readRecord({ record, baseline })).to.deep.equal({
      a: { ms: 1000, cpuSeconds: 1 },
      b: { ms: 3000, cpuSeconds: 1.5 },
      c: { ms: 400, cpuSeconds: 0.1 },
    });
    // A fresh clone: no record of its own.
    expect(readRecord({ record: path.join(dir, 'none.json'), baseline })).to.deep.equal({
      a: { ms: 1000, cpuSeconds: 1 },
      b: { ms: 2000, cpuSeconds: 2 },
    });
  });

  it('saves as the baseline the files that still exist, with their CPU times, by name', () => {
    const record = write('record-to-save.json', {
      'test/b.test.ts': { ms: 2000, cpuSeconds: 1.23456 },
      'test/a.test.ts': { ms: 1000, cpuSeconds: 0.5 },
      'test/removed.test.ts': { ms: 5000, cpuSeconds: 4 },
      'test/wall-only.test.ts': 700,
    });
    const baseline = path.join(dir, 'saved.json');
    const existing = new Set(['test/a.test.ts', 'test/b.test.ts', 'test/wall-only.test.ts']);
    expect(saveBaseline({ record, baseline, exists: (file) => existing.has(file) })).to.equal(2);
    const saved = fs.readFileSync(baseline, 'utf8');
    expect(Object.keys(JSON.parse(saved))).to.deep.equal(['test/a.test.ts', 'test/b.test.ts']);
    expect(JSON.parse(saved)['test/b.test.ts']).to.deep.equal({ ms: 2000, cpuSeconds: 1.23 });
  });

  it("hands a fresh clone's files out by the repository's baseline, not by name", () => {
    const baseline = JSON.parse(fs.readFileSync('test/file-times.json', 'utf8')) as Times;
    const files = Object.keys(baseline);
    expect(files.length, 'test files in the baseline').to.be.greaterThan(100);
    for (const file of files) {
      expect(fs.existsSync(file), `${file} exists`).to.equal(true);
      expect(baseline[file]!.ms, file).to.be.a('number');
      expect(baseline[file]!.cpuSeconds, file).to.be.a('number');
    }
    const order = dispatchOrder(files, readRecord({ record: path.join(dir, 'none.json') }), THREE_ON_TWO);
    expect(order).to.deep.equal(dispatchOrder(files, baseline, THREE_ON_TWO));
    expect(order).to.not.deep.equal([...files].sort());
    // Among the first few: the files that take longest.
    const longest = files.reduce((a, b) => (baseline[b]!.ms > baseline[a]!.ms ? b : a));
    expect(order.slice(0, 8)).to.include(longest);
  });
});
