import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { NO_JAVA } from '../support/nu-checker.js';
import { missingCommands } from '../support/require-command.js';
import { TYPESCRIPT_LOADER } from '../support/typescript-entry.js';

/**
 * A fresh machine has no nginx, Caddy, systemd-analyze, openssl or pg_dump: the tests that need them must be
 * reported as skipped, and nothing else may fail because they were (README: "reported as skipped where those
 * tools are absent").
 */
async function runMocha(files: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const mocha = path.resolve('node_modules/mocha/bin/mocha.js');
  // No colours: under CI=true mocha colours its marks, and this test reads the plain text.
  const args = [
    mocha,
    '--no-config',
    '--no-color',
    '--node-option',
    `import=${TYPESCRIPT_LOADER}`,
    '--extension',
    'ts',
    '--timeout',
    '60000',
  ];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...args, '--reporter', 'test/support/summary-reporter.cjs', '--exit', ...files],
      { env, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe('Tests that need operator tools, on a machine without them', function () {
  this.timeout(150_000);
  let emptyBin: string;

  before(async () => {
    emptyBin = await fs.mkdtemp(path.join(os.tmpdir(), 'no-tools-'));
  });
  after(() => emptyBin && fs.rm(emptyBin, { recursive: true, force: true }));

  it('skips the deploy guide and the PostgreSQL backup tests, naming the missing tools, and fails nothing', async () => {
    const { code, output } = await runMocha(['test/operations/deploy-doc.test.ts', 'test/operations/backup.test.ts'], {
      ...process.env,
      PATH: emptyBin,
      // A PostgreSQL run whose machine lacks pg_dump: nothing listens there, and nothing may try to reach it.
      TEST_POSTGRES_URL: 'postgres://nobody@127.0.0.1:9/none',
    });
    const summary = /^(\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(output);
    expect(summary, output).to.not.equal(null);
    const [, passed, failed, skipped] = (summary ?? []).map(Number);
    expect({ code, failed }, output).to.deep.equal({ code: 0, failed: 0 });
    expect(passed, 'the tests that need no tool still run').to.be.greaterThan(0);
    expect(output).to.match(/✔ refuses to back up a database that is not there/);
    expect(skipped, output).to.be.greaterThan(10);
    expect(output).to.include('systemd units (skipped: systemd-analyze not on the PATH)');
    expect(output).to.include('Caddy (skipped: caddy not on the PATH)');
    expect(output).to.include('nginx (skipped: nginx, openssl not on the PATH)');
    expect(output).to.include('(skipped: pg_dump, pg_restore not on the PATH)');
  });

  it('reports the Nu Html Checker tests as skipped for want of java, saying so and how to install it', async () => {
    const { code, output } = await runMocha(
      ['test/web/admin-content-validity.test.ts', 'test/web/desk-html-validity.test.ts'],
      { ...process.env, PATH: emptyBin },
    );
    expect(code, output).to.equal(0);
    expect(output).to.match(/^0 passed, 0 failed, 2 skipped$/m);
    expect(output).to.include(`the history (${NO_JAVA})`);
    expect(output).to.include(`refused forms included (${NO_JAVA})`);
    expect(NO_JAVA).to.include('apt-get install -y default-jre-headless');
  });

  it('finds a command only as an executable file in a PATH folder', async () => {
    const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'some-tools-'));
    try {
      await fs.writeFile(path.join(bin, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
      await fs.writeFile(path.join(bin, 'notes'), 'not a program', { mode: 0o644 });
      await fs.mkdir(path.join(bin, 'folder'), { mode: 0o755 });
      const searchPath = ['/nonexistent', bin].join(path.delimiter);
      expect(missingCommands(['tool', 'notes', 'folder', 'absent'], searchPath)).to.deep.equal([
        'notes',
        'folder',
        'absent',
      ]);
      expect(missingCommands(['tool'], '')).to.deep.equal(['tool']);
    } finally {
      await fs.rm(bin, { recursive: true, force: true });
    }
  });
});
