import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

/** What a production build needs from the working tree (scripts/build.ts reads everything relative to its cwd). */
const SNAPSHOT_ENTRIES = [
  'package.json',
  'tsconfig.json',
  'src',
  'views',
  'widgets',
  'static',
  'migrations',
  'scripts',
];
/** Generated image variants: copied so the snapshot build skips re-encoding them (it re-creates any missing one). */
const IMAGE_VARIANTS = path.join('build', 'public', 'img');

/**
 * A copy of the working tree to build and serve, in `targetDir`, with node_modules linked. The bench then measures
 * one consistent version of the code for its whole run, even while files are edited and other builds (every
 * `npm test` rebuilds build/public/assets) run in the project: a rebuild while the bench server runs would delete
 * the hashed assets its pages link to.
 */
export async function snapshotWorkingTree(projectDir: string, targetDir: string): Promise<string> {
  await fs.mkdir(targetDir, { recursive: true });
  for (const entry of SNAPSHOT_ENTRIES) {
    await fs.cp(path.join(projectDir, entry), path.join(targetDir, entry), { recursive: true });
  }
  await fs.symlink(path.join(projectDir, 'node_modules'), path.join(targetDir, 'node_modules'), 'dir');
  const images = path.join(projectDir, IMAGE_VARIANTS);
  if (await isDirectory(images)) await fs.cp(images, path.join(targetDir, IMAGE_VARIANTS), { recursive: true });
  return targetDir;
}

async function isDirectory(dir: string): Promise<boolean> {
  return fs.stat(dir).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
}

/** `tsx scripts/build.ts` in `dir`: image variants, client bundles and manifests, and build/server/server.js. */
export async function buildForProduction(dir: string): Promise<void> {
  await runToCompletion(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], dir);
}

/** Runs a command in `cwd` with NODE_ENV=production, its output shown; rejects unless it exits 0. */
export function runToCompletion(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
