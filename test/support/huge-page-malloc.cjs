// How the tests' processes get memory from malloc: in 2 MB pages where the kernel offers them on request
// (transparent huge pages in `madvise` mode, Debian's default), through glibc's own setting for it. A password hash
// at the production cost (scrypt, 32 MB) otherwise faults in 8,192 fresh 4 KB pages, and on this machine's virtual
// CPUs a page fault costs about 13 µs: 171 ms of CPU a hash against 68 with the setting. Nothing else changes: the
// same code, the same allocations (decision 066).
const TUNABLE = 'glibc.malloc.hugetlb';

/** GLIBC_TUNABLES with malloc's huge pages asked for, unless the value given already says what it wants of them. */
function withHugePageMalloc(tunables) {
  const given = (tunables ?? '').split(':').filter(Boolean);
  if (given.some((setting) => setting.startsWith(`${TUNABLE}=`))) return given.join(':');
  return [...given, `${TUNABLE}=1`].join(':');
}

/**
 * Sets it for this process's children, before any starts: mocha's workers and everything they start (servers,
 * scripts, Chromium) inherit it; glibc reads it when a program starts. TEST_HUGE_PAGES=off leaves it unset. A C
 * library other than glibc, or a glibc before 2.35, ignores it.
 */
function useHugePageMalloc(env = process.env) {
  if (env.TEST_HUGE_PAGES === 'off') return;
  env.GLIBC_TUNABLES = withHugePageMalloc(env.GLIBC_TUNABLES);
}

module.exports = { useHugePageMalloc, withHugePageMalloc, TUNABLE };
