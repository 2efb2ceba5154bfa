import type { Server } from 'node:http';
import { parentPort, Worker } from 'node:worker_threads';
import { onCleanup } from './cleanup.js';

/**
 * A worker thread running a TypeScript module. tsx does not reach worker threads by itself, so the worker's
 * bootstrap loads the module through tsx's API.
 */
export function startTypeScriptWorker(moduleUrl: URL, workerData: unknown): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(moduleUrl.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { eval: true, workerData });
}

type ServerWorkerMessage = { type: 'listening'; port: number } | { type: 'closed' };

/** A server running in a worker thread of the bench process, on a free port of 127.0.0.1. */
export interface WorkerServer {
  url: string;
  close(): Promise<void>;
}

/**
 * In the worker: listens on a free port, tells the parent which, and closes when the parent asks. The server gets
 * an event loop of its own, as the app has, instead of sharing one with the load generator.
 */
export function serveFromWorker(server: Server): void {
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    parentPort?.postMessage({ type: 'listening', port } satisfies ServerWorkerMessage);
  });
  parentPort?.on('message', () => {
    server.close(() => parentPort?.postMessage({ type: 'closed' } satisfies ServerWorkerMessage));
    server.closeAllConnections();
  });
}

function nextMessage(worker: Worker): Promise<ServerWorkerMessage> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    const onMessage = (message: ServerWorkerMessage) => {
      cleanUp();
      resolve(message);
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
  });
}

/** In the parent: starts the module's server (`serveFromWorker`) in a worker thread and waits until it listens. */
export async function startServerWorker(moduleUrl: URL, workerData: unknown, name: string): Promise<WorkerServer> {
  const worker = startTypeScriptWorker(moduleUrl, workerData);
  const unregister = onCleanup(() => worker.terminate().then(() => undefined));
  const message = await nextMessage(worker);
  if (message.type !== 'listening') throw new Error(`the ${name} did not start`);
  return {
    url: `http://127.0.0.1:${message.port}`,
    async close() {
      unregister();
      const closed = nextMessage(worker);
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}
