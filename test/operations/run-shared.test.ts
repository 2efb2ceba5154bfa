import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { sharedByRun, sharedByRunOnce, shellQuoted } from '../support/run-shared.js';
import { waitFor } from '../support/smtp-sink.js';
import { TYPESCRIPT_ENTRY } from '../support/typescript-entry.js';

const run = promisify(execFile);

/** What the test run's workers share (test/support/run-shared.ts): the Nu checker's service, a PostgreSQL cluster. */
describe('A service shared by the workers of a test run', function () {
  this.timeout(60_000);
  let scratch: string;
  beforeEach(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'run-shared-'));
  });
  afterEach(() => fs.rm(scratch, { recursive: true, force: true }));

  it('is started once when several ask at the same time, and started again once the recorded one is gone', async () => {
    const name = `probe-${path.basename(scratch)}`;
    let started = 0;
    const gone = new Set<string>();
    const start = async () => {
      started += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return `service-${started}`;
    };
    const isUp = async (value: string) => !gone.has(value);
    const answers = await Promise.all([1, 2, 3].map(() => sharedByRun(name, isUp, start)));
    expect(answers).to.deep.equal(['service-1', 'service-1', 'service-1']);
    gone.add('service-1');
    expect(await sharedByRun(name, isUp, start)).to.equal('service-2');
    await fs.rm(path.join(os.tmpdir(), `${name}-${process.env.TEST_RUN_PID ?? process.pid}.shared`), { force: true });
  });

  it('is asked for once per process, and asked again after a start that failed', async () => {
    const name = `probe-once-${path.basename(scratch)}`;
    let starts = 0;
    let checks = 0;
    const shared = sharedByRunOnce(
      name,
      async () => {
        checks += 1;
        return true;
      },
      async () => {
        starts += 1;
        if (starts === 1) throw new Error('the first start fails');
        return `service-${starts}`;
      },
    );
    const failed = await shared().then(
      () => 'answered',
      (error: Error) => error.message,
    );
    expect(failed).to.equal('the first start fails');
    expect(await Promise.all([shared(), shared()])).to.deep.equal(['service-2', 'service-2']);
    expect(await shared()).to.equal('service-2');
    expect({ starts, checks }, 'no second start, no record read again').to.deep.equal({ starts: 2, checks: 0 });
    await fs.rm(path.join(os.tmpdir(), `${name}-${process.env.TEST_RUN_PID ?? process.pid}.shared`), { force: true });
  });

  it('is stopped once the run that started it has ended', async () => {
    // A run of its own: a process that asks for a cleanup after its run and ends at once.
    const marker = path.join(scratch, 'cleaned up');
    const script = path.join(scratch, 'run.mts');
    await fs.writeFile(
      script,
      `import { afterRun } from ${JSON.stringify(path.resolve('test/support/run-shared.ts'))};\n` +
        `afterRun(${JSON.stringify(`touch ${shellQuoted(marker)}`)});\n`,
    );
    const env = { ...process.env };
    delete env.TEST_RUN_PID; // the child is a run of its own
    await run(process.execPath, [...TYPESCRIPT_ENTRY, script], { env });
    const cleanedUp = () =>
      fs.stat(marker).then(
        () => true,
        () => false,
      );
    await waitFor(cleanedUp, 10_000).catch(() => undefined);
    expect(await cleanedUp(), 'the cleanup ran after the run ended').to.equal(true);
  });

  it('quotes what it hands the shell', async () => {
    const strange = 'it\'s a "name" with $HOME and `ls`';
    const { stdout } = await run('sh', ['-c', `printf %s ${shellQuoted(strange)}`]);
    expect(stdout).to.equal(strange);
  });
});
