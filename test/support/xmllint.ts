import { Worker } from 'node:worker_threads';

/** An in-memory file for xmllint, by the name its arguments use. */
export interface XmllintFile {
  fileName: string;
  contents: string;
}

export interface XmllintRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** xmllint's memory: 64 KiB pages, 16 MiB at first (as xmllint-wasm starts it). */
const INITIAL_MEMORY_PAGES = 256;

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (run: XmllintRun) => void; reject: (error: Error) => void }>();

/** Every check waiting on the worker fails with `error`; the next check starts a new worker. */
function failAll(error: Error): void {
  worker = undefined;
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
}

/**
 * The process's xmllint worker (test/support/xmllint-worker.cjs), started on first use: xmllint-wasm's own
 * validateXML starts a worker for every check, which compiles the WebAssembly again and, in a test process, loads
 * the TypeScript loader the process was started with (about 0.4 CPU-s a check, against some 0.06 here).
 */
function xmllintWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./xmllint-worker.cjs', import.meta.url), { execArgv: [] });
  started.on('message', (answer: XmllintRun & { id: number }) => {
    const { id, ...run } = answer;
    waiting.get(id)?.resolve(run);
    waiting.delete(id);
    if (waiting.size === 0) started.unref();
  });
  started.on('error', failAll);
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`xmllint's worker stopped (exit code ${code})`));
  });
  worker = started;
  return started;
}

/**
 * Runs libxml2's `xmllint args` (xmllint-wasm's build) on in-memory files; `maxMemoryPages` bounds its memory in
 * 64 KiB pages. Resolves with the exit code and what it printed, whatever the code.
 */
export function runXmllint(files: XmllintFile[], args: string[], maxMemoryPages: number): Promise<XmllintRun> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    const running = xmllintWorker();
    // The process waits for the answer, and never for the idle worker (unref'd when the last answer comes).
    running.ref();
    running.postMessage({
      xmllintRequest: true,
      id,
      files,
      args,
      initialMemoryPages: Math.min(INITIAL_MEMORY_PAGES, maxMemoryPages),
      maxMemoryPages,
    });
  });
}
