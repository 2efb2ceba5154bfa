// Which files a test run takes, as mocha collects them: .mocharc.cjs orders them, and
// test/operations/quick-tests.test.ts checks what `npm run test:quick` leaves out.
const collectFiles = require('mocha/lib/cli/collect-files.cjs');
const path = require('node:path');

/** Every test file, run when the command line names none. */
const ALL_TESTS = 'test/**/*.test.{ts,tsx}';

/** The test files a run takes, those `ignore` (mocha's --ignore patterns) leaves out aside, relative to the project. */
function testFiles(ignore = []) {
  const options = { ignore, extension: ['ts', 'tsx'], file: [], recursive: false, sort: false, spec: [ALL_TESTS] };
  return collectFiles(options).files.map((file) => path.relative(process.cwd(), file));
}

module.exports = { ALL_TESTS, testFiles };
