// Mocha's spec reporter plus one closing line, "N passed, N failed, N skipped", that CI reads. Before it, in a run
// of one or more files in parallel, the slowest files with their wall and CPU times: where a slow run's time went.
const Mocha = require('mocha');
const { finishRunLog } = require('./file-times.cjs');

/** How many of the slowest files are listed; `TEST_SLOWEST_SHOWN=200 npm test` lists every one. */
const SLOWEST_SHOWN = Number(process.env.TEST_SLOWEST_SHOWN) || 8;

class SpecWithSummary extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const times = finishRunLog();
      if (times.length >= 1) {
        const seconds = (value) => `${value.toFixed(1).padStart(6)} s`;
        const cpu = (value) => (value === undefined ? '' : `${seconds(value)} CPU`);
        console.log('Slowest files (wall time, CPU time of the worker and what it started):');
        for (const { file, ms, cpuSeconds } of times.slice(0, SLOWEST_SHOWN))
          console.log(`  ${seconds(ms / 1000)} ${cpu(cpuSeconds)}  ${file}`);
        const total = (pick) => times.reduce((sum, time) => sum + (pick(time) ?? 0), 0);
        console.log(
          `  ${times.length} files: ${seconds(total((time) => time.ms) / 1000)} ${cpu(total((time) => time.cpuSeconds))} in all`,
        );
      }
      const { passes, failures, pending } = runner.stats;
      console.log(`${passes} passed, ${failures} failed, ${pending} skipped`);
    });
  }
}

module.exports = SpecWithSummary;
