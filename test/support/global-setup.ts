import { execFileSync } from 'node:child_process';

/** Builds the client assets and image variants once per run (quick when nothing changed). */
export function mochaGlobalSetup(): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--client-only'], { stdio: 'inherit' });
}
