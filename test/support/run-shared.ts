import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * What the workers of one test run share: a service each would otherwise start for itself (the Nu checker's JVM, a
 * PostgreSQL cluster), started by the first worker that needs it and stopped when the run ends.
 */

/** The run's process, which .mocharc.cjs names for mocha and every worker it starts; else this process. */
export function runOwner(): string {
  return process.env.TEST_RUN_PID ?? String(process.pid);
}

/** Single-quoted for sh. */
export function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * Runs the shell command `cleanup` once the run's process has ended, from a shell of its own that outlives this
 * process and checks every second: a run that crashed or was stopped with Ctrl-C leaves nothing running either.
 */
export function afterRun(cleanup: string): void {
  const watch = `while kill -0 "$OWNER" 2>/dev/null; do sleep 1; done; ${cleanup}`;
  spawn('sh', ['-c', watch], { detached: true, stdio: 'ignore', env: { ...process.env, OWNER: runOwner() } }).unref();
}

async function pause(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The run's one `name` (an address or URL), started by `start` in the first process that asks: the others find
 * it in a file named after the run, and a lock folder keeps two from starting it at the same time. `isUp` tells a
 * recorded one that still answers from one that is gone. `start` is given the record's path, to remove with the
 * service (afterRun).
 */
export async function sharedByRun(
  name: string,
  isUp: (value: string) => Promise<boolean>,
  start: (record: string) => Promise<string>,
): Promise<string> {
  const record = path.join(os.tmpdir(), `${name}-${runOwner()}.shared`);
  const lock = `${record}.lock`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const known = await fs.readFile(record, 'utf8').catch(() => undefined);
    if (known && (await isUp(known))) return known;
    if (Date.now() > deadline) throw new Error(`${name} did not start within 120 s`);
    try {
      await fs.mkdir(lock);
    } catch {
      await pause(200); // another process is starting it
      continue;
    }
    try {
      const value = await start(record);
      await fs.writeFile(record, value);
      return value;
    } finally {
      await fs.rm(lock, { recursive: true, force: true });
    }
  }
}

/**
 * sharedByRun asked once per process: every later call gets the same answer, without reading the record again. A
 * start that failed is forgotten, so the next call tries again.
 */
export function sharedByRunOnce(
  name: string,
  isUp: (value: string) => Promise<boolean>,
  start: (record: string) => Promise<string>,
): () => Promise<string> {
  let asked: Promise<string> | undefined;
  return () => {
    asked ??= sharedByRun(name, isUp, start).catch((error: unknown) => {
      asked = undefined;
      throw error;
    });
    return asked;
  };
}
