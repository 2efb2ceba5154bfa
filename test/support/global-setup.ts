import { execFileSync } from 'node:child_process';

/**
 * Builds the client assets, image variants and the server bundle once per run (quick when nothing changed): tests
 * that start the server as a process of its own run the bundle, as `npm start` does.
 */
export function mochaGlobalSetup(): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--keep-assets'], { stdio: 'inherit' });
}
