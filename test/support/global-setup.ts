import { execFileSync } from 'node:child_process';
import { findChromium } from './browser.js';
import { TYPESCRIPT_ENTRY } from './typescript-entry.js';

/**
 * Builds the client assets, image variants and the server bundle once per run (quick when nothing changed): tests
 * that start the server as a process of its own run the bundle, as `npm start` does. Then finds the tests' Chromium,
 * so that the package's one, where there is no other, is unpacked once rather than by every worker at the same time;
 * finding none is left to the browser tests, which fail saying so (a run without them needs no browser).
 */
export async function mochaGlobalSetup(): Promise<void> {
  execFileSync(process.execPath, [...TYPESCRIPT_ENTRY, 'scripts/build.ts', '--keep-assets'], { stdio: 'inherit' });
  await findChromium().catch(() => undefined);
}
