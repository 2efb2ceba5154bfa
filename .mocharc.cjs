// Mocha's settings for `npm test` and `npx mocha`. Test files run in parallel, each in a worker of its own:
// every file starts its own server on a free port with a fresh database, so files share nothing.
const { parseMochaArgs } = require('mocha/lib/cli/parse-args.js');
const os = require('node:os');
const { dispatchOrder } = require('./test/support/file-order.cjs');
const { readRecord, startRunLog } = require('./test/support/file-times.cjs');
const { testFiles } = require('./test/support/test-files.cjs');
const { useHugePageMalloc } = require('./test/support/huge-page-malloc.cjs');
const { useRamTemporaryFolder } = require('./test/support/ram-temporary-folder.cjs');

/** Workers: on two cores, three keep both busy while browser tests wait on Chromium and servers wait on I/O. */
const JOBS = 3;

// A `spec` here would be added to the files given on the command line: name it only when none are given, so that
// `npm test -- test/web/api.test.ts` and `npx mocha test/web/api.test.ts` run that one file. Mocha's own parser
// tells which arguments are files (the value of --grep or --timeout is not).
const given = parseMochaArgs(process.argv.slice(2));
const filesGiven = given._.length > 0 || given.spec !== undefined;
startRunLog();
// The run's process, which every worker knows: what the run shares (the Nu checker's service) ends with it.
process.env.TEST_RUN_PID ??= String(process.pid);
// Temporary files (databases, uploads, browser profiles) on a RAM disk where there is one: ram-temporary-folder.cjs.
useRamTemporaryFolder();
// malloc's memory in 2 MB pages for the workers and all they start, where the kernel offers them: huge-page-malloc.cjs.
useHugePageMalloc();

module.exports = {
  // tsx's ESM loader: the project is ESM, and tsx's CommonJS hooks would only slow every require() in node_modules
  // (TYPESCRIPT_LOADER in test/support/typescript-entry.ts, decision 060).
  'node-option': ['import=tsx/esm'],
  extension: ['ts', 'tsx'],
  // Long files first, so that none starts last and runs alone at the end, each beside files that use the cores it
  // leaves (by the last run's times, or the repository's baseline on a fresh clone: file-order.cjs, file-times.cjs).
  ...(filesGiven
    ? {}
    : {
        spec: dispatchOrder(testFiles([given.ignore ?? []].flat()), readRecord(), {
          workers: given.jobs ?? JOBS,
          cores: os.availableParallelism(),
        }),
      }),
  // Builds the client assets once, in the main process, before any worker starts (a global fixture); logs each
  // file's wall time (root hooks); gives server rendering React's production build.
  require: ['test/support/global-setup.ts', 'test/support/file-times.cjs', 'test/support/react-production.cjs'],
  parallel: true,
  jobs: JOBS,
  timeout: 30000,
  slow: 2000,
  reporter: 'test/support/summary-reporter.cjs',
  exit: true,
};
