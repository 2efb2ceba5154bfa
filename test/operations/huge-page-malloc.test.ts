import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import { PASSWORD_HASH_COST } from '../../src/services/passwords.js';

const require = createRequire(import.meta.url);
const { useHugePageMalloc, withHugePageMalloc, TUNABLE } = require('../support/huge-page-malloc.cjs') as {
  useHugePageMalloc(env?: NodeJS.ProcessEnv): void;
  withHugePageMalloc(tunables: string | undefined): string;
  TUNABLE: string;
};

/** The kernel's transparent huge pages mode ("always", "madvise" or "never"), or undefined where there is none. */
function transparentHugePages(): string | undefined {
  try {
    return /\[(\w+)\]/.exec(fs.readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** glibc's version as major × 100 + minor (2.36 is 236), or undefined under another C library. */
function glibcVersion(): number | undefined {
  const header = (process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header;
  const [major, minor] = (header.glibcVersionRuntime ?? '').split('.').map(Number);
  return major && minor !== undefined ? major * 100 + minor : undefined;
}

/**
 * Page faults of one password hash at the production cost, in a Node process of its own with `env`: its minor
 * faults (field 10 of /proc/self/stat) counted around the hash alone.
 */
function faultsOfOneHash(env: NodeJS.ProcessEnv): number {
  const script = `
    const crypto = require('node:crypto');
    const faults = () => Number(require('node:fs').readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[7]);
    const N = 2 ** ${PASSWORD_HASH_COST};
    const before = faults();
    crypto.scrypt('a password', 'a salt of 16 byte', 64, { N, r: 8, p: 1, maxmem: 256 * N * 8 }, (error) => {
      if (error) throw error;
      process.stdout.write(String(faults() - before));
    });`;
  const run = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
  expect(run.status, run.stderr).to.equal(0);
  return Number(run.stdout);
}

/** The tests' processes take malloc's memory in 2 MB pages where the kernel offers them (huge-page-malloc.cjs). */
describe('The tests’ malloc in huge pages', () => {
  it('asks for them in GLIBC_TUNABLES beside the settings given, and keeps a choice already made', () => {
    expect(withHugePageMalloc(undefined)).to.equal('glibc.malloc.hugetlb=1');
    expect(withHugePageMalloc('')).to.equal('glibc.malloc.hugetlb=1');
    expect(withHugePageMalloc('glibc.malloc.arena_max=2')).to.equal('glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1');
    expect(withHugePageMalloc('glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2')).to.equal(
      'glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2',
    );
  });

  it('leaves the environment as it was with TEST_HUGE_PAGES=off', () => {
    const env: NodeJS.ProcessEnv = { TEST_HUGE_PAGES: 'off', GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' };
    useHugePageMalloc(env);
    expect(env.GLIBC_TUNABLES).to.equal('glibc.malloc.arena_max=2');
    const unset: NodeJS.ProcessEnv = {};
    useHugePageMalloc(unset);
    expect(unset.GLIBC_TUNABLES).to.equal('glibc.malloc.hugetlb=1');
  });

  it('is set for the test workers and what they start', function () {
    if (process.env.TEST_HUGE_PAGES === 'off') this.skip();
    expect(process.env.GLIBC_TUNABLES ?? '').to.include(`${TUNABLE}=`);
  });

  it('spares a production-cost password hash most of its page faults where the kernel offers huge pages on request', function () {
    const mode = transparentHugePages();
    const glibc = glibcVersion();
    // The kernel gives huge pages on request in "madvise" mode ("always" gives them unasked); glibc asks from 2.35;
    // and the run asks unless told otherwise (TEST_HUGE_PAGES=off, or a GLIBC_TUNABLES that chose hugetlb=0).
    const asked = (process.env.GLIBC_TUNABLES ?? '').split(':').includes(`${TUNABLE}=1`);
    if (mode !== 'madvise' || glibc === undefined || glibc < 235 || !asked) this.skip();
    const pages = (128 * 8 * 2 ** PASSWORD_HASH_COST) / 4096; // scrypt's 128·r·N bytes (32 MB) in 4 KB pages: 8,192
    const withoutTunable = { ...process.env, GLIBC_TUNABLES: undefined };
    expect(faultsOfOneHash(withoutTunable), 'in 4 KB pages').to.be.greaterThan(pages / 2);
    expect(faultsOfOneHash(process.env), 'in 2 MB pages').to.be.lessThan(pages / 8);
  });
});
