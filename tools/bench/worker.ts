import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module. tsx does not reach worker threads by itself, so the worker's
 * bootstrap loads the module through tsx's API.
 */
export function startTypeScriptWorker(moduleUrl: URL, workerData: unknown): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(moduleUrl.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { eval: true, workerData });
}
