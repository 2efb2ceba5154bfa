import http, { type Server } from 'node:http';
import { isMainThread, workerData } from 'node:worker_threads';
import { serveFromWorker, startServerWorker, type WorkerServer } from './worker.js';

/**
 * The limit of the throughput comparison: node's own http server answering each page with the app's exact answer
 * to `Accept-Encoding: gzip` (status line, every header, the same gzip bytes) from memory, with no logic at all.
 * No server that does anything per request can be faster; app ÷ limit says how much of it the app's cached hit keeps.
 * Like the static server it runs in a worker thread of the bench process, with an event loop of its own.
 */
export interface RecordedAnswer {
  path: string;
  status: number;
  /** Name, value, name, value…: as node's writeHead takes them. */
  headers: string[];
  body: Uint8Array;
}

interface LimitServerData {
  role: 'limit-server';
  answers: RecordedAnswer[];
}

export type LimitServer = WorkerServer;

/** Written by node itself on every answer, or about the connection: left to node. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The app's answer to a gzip GET of `path`, as bytes on the wire (no decompression). */
export function recordAnswer(baseUrl: string, path: string): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(baseUrl + path, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] as string;
            if (!NODE_HEADERS.has(name.toLowerCase())) headers.push(name, res.rawHeaders[i + 1] as string);
          }
          const body = Buffer.concat(chunks);
          // A streamed (chunked) answer has no length header; the limit sends the whole body with one.
          if (!headers.some((name) => name.toLowerCase() === 'content-length'))
            headers.push('Content-Length', String(body.length));
          resolve({ path, status: res.statusCode ?? 0, headers, body });
        });
      })
      .on('error', reject);
  });
}

function isLimitServerData(data: unknown): data is LimitServerData {
  return typeof data === 'object' && data !== null && (data as { role?: unknown }).role === 'limit-server';
}

function serveInWorker(answers: RecordedAnswer[]): void {
  const byPath = new Map(answers.map((answer) => [answer.path, answer]));
  const server: Server = http.createServer((req, res) => {
    const answer = byPath.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  serveFromWorker(server);
}

if (!isMainThread && isLimitServerData(workerData)) serveInWorker(workerData.answers);

/** Starts the limit server on a free port, in its own worker thread, answering what was recorded. */
export async function startLimitServer(answers: RecordedAnswer[]): Promise<LimitServer> {
  const data: LimitServerData = { role: 'limit-server', answers };
  return startServerWorker(new URL(import.meta.url), data, 'limit server');
}
