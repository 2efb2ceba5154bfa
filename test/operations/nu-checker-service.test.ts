import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { nuErrors, sharedService, skipWithoutJava } from '../support/nu-checker.js';

const run = promisify(execFile);

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** The W3C Nu Html Checker as the tests use it: one service for the whole run, ended with the run. */
describe('The Nu Html Checker service the tests share', function () {
  this.timeout(120_000);
  before(function () {
    skipWithoutJava(this);
  });

  it('reports the errors of an invalid document, under its label, and none for a valid one', async () => {
    const errors = await nuErrors([
      { label: 'valid', html: '<!DOCTYPE html><html lang="en"><title>Valid</title><p>Fine.</p></html>' },
      { label: 'invalid', html: '<!DOCTYPE html><html lang="en"><title>Invalid</title><ul><p>Not a list item</ul>' },
    ]);
    expect(errors.length).to.be.greaterThan(0);
    expect(errors.every((error) => error.startsWith('invalid line 1:'))).to.equal(true);
    expect(errors.join('\n')).to.include('“p”');
  });

  it('is one service for every check of the run', async () => {
    const first = await sharedService();
    await nuErrors([{ label: 'again', html: '<!DOCTYPE html><html lang="en"><title>x</title></html>' }]);
    expect(await sharedService()).to.equal(first);
  });

  it('stops once the run that started it has ended', async () => {
    // A run of its own: a process that starts the service, prints its address and ends.
    const script = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'nu-service-')), 'start.mts');
    const checker = path.resolve('test/support/nu-checker.ts');
    await fs.writeFile(
      script,
      `import { sharedService } from ${JSON.stringify(checker)};\nconsole.log(await sharedService());\n`,
    );
    const env = { ...process.env };
    delete env.TEST_RUN_PID; // the child is a run of its own
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { env });
    await fs.rm(path.dirname(script), { recursive: true, force: true });
    const url = stdout.trim();
    expect(url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const deadline = Date.now() + 10_000;
    while ((await answers(url)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await answers(url), 'the service still answers after its run ended').to.equal(false);
  });
});
