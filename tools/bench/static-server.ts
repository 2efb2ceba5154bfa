import compression from 'compression';
import express from 'express';
import http from 'node:http';
import { isMainThread, workerData } from 'node:worker_threads';
import { serveFromWorker, startServerWorker, type WorkerServer } from './worker.js';

/**
 * The baseline of the throughput comparison: a tiny express.static server with the same `compression` middleware
 * as the app, serving HTML files saved from the app's own answers. It runs in a worker thread of the bench process,
 * so it has an event loop of its own, as the app has, instead of sharing one with the load generator.
 */
interface StaticServerData {
  role: 'static-server';
  root: string;
}

export type StaticServer = WorkerServer;

function isStaticServerData(data: unknown): data is StaticServerData {
  return typeof data === 'object' && data !== null && (data as { role?: unknown }).role === 'static-server';
}

/** In the worker: `/about` is served from `about.html`, `/` from `index.html`. */
function serveInWorker(root: string): void {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use(express.static(root, { extensions: ['html'], index: 'index.html' }));
  serveFromWorker(http.createServer(app));
}

if (!isMainThread && isStaticServerData(workerData)) serveInWorker(workerData.root);

/** Starts the static server on a free port, in its own worker thread, serving the files under `root`. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const data: StaticServerData = { role: 'static-server', root };
  return startServerWorker(new URL(import.meta.url), data, 'static server');
}
