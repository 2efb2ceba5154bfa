import { spawn } from 'node:child_process';
import { buildOperatorScripts } from './operator-scripts.js';
import { TYPESCRIPT_ENTRY } from './typescript-entry.js';

/** Runs the build as `npm run build` does, its output on the run's console; rejects when it fails. */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TYPESCRIPT_ENTRY, 'scripts/build.ts', '--keep-assets'], {
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`The build failed (${signal ?? `exit code ${code}`}).`)),
    );
  });
}

/**
 * Builds the client assets, image variants and the server bundle once per run (quick when nothing changed): tests
 * that start the server as a process of its own run the bundle, as `npm start` does; and the operator commands'
 * bundles, which tests run as `npm run admin` … would (operator-scripts.ts). Meanwhile finds the tests'
 * Chromium, so that the package's one, where there is no other, is unpacked once rather than by every worker at the
 * same time; finding none is left to the browser tests, which fail saying so (a run without them needs no browser).
 * Playwright is loaded here, beside the build, rather than before it.
 */
export async function mochaGlobalSetup(): Promise<void> {
  const chromium = import('./browser.js').then(({ findChromium }) => findChromium()).catch(() => undefined);
  await Promise.all([build(), buildOperatorScripts(), chromium]);
}
