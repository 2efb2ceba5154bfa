import compression from 'compression';
import express from 'express';
import type { Server } from 'node:http';
import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads';
import { onCleanup } from './cleanup.js';
import { startTypeScriptWorker } from './worker.js';

/**
 * The baseline of the throughput comparison: a tiny express.static server with the same `compression` middleware
 * as the app, serving HTML files saved from the app's own answers. It runs in a worker thread of the bench process,
 * so it has an event loop of its own, as the app has, instead of sharing one with the load generator.
 */
interface StaticServerData {
  role: 'static-server';
  root: string;
}

type WorkerMessage = { type: 'listening'; port: number } | { type: 'closed' };

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

function isStaticServerData(data: unknown): data is StaticServerData {
  return typeof data === 'object' && data !== null && (data as { role?: unknown }).role === 'static-server';
}

/** In the worker: `/about` is served from `about.html`, `/` from `index.html`. */
function serveInWorker(root: string): void {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use(express.static(root, { extensions: ['html'], index: 'index.html' }));
  const server: Server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    parentPort?.postMessage({ type: 'listening', port } satisfies WorkerMessage);
  });
  parentPort?.on('message', () => {
    server.close(() => parentPort?.postMessage({ type: 'closed' } satisfies WorkerMessage));
    server.closeAllConnections();
  });
}

if (!isMainThread && isStaticServerData(workerData)) serveInWorker(workerData.root);

function nextMessage(worker: Worker): Promise<WorkerMessage> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    const onMessage = (message: WorkerMessage) => {
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

/** Starts the static server on a free port, in its own worker thread, serving the files under `root`. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const data: StaticServerData = { role: 'static-server', root };
  const worker = startTypeScriptWorker(new URL(import.meta.url), data);
  const unregister = onCleanup(() => worker.terminate().then(() => undefined));
  const message = await nextMessage(worker);
  if (message.type !== 'listening') throw new Error('the static server did not start');
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
