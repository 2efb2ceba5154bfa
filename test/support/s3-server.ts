import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks every request's signature against them, as S3 does. */
const ACCESS_KEY = 'S3RVER';

export interface RunningS3 {
  url: string;
  bucket: string;
  /** The environment an app instance needs to keep its uploads here, under `prefix`. */
  env(prefix?: string): Record<string, string>;
  /** Every key in the bucket (optionally under a prefix), read through the S3 API. */
  keys(prefix?: string): Promise<string[]>;
  /** From now on every connection is dropped, open ones included, as when the store is unreachable. */
  outage(): void;
  /** The store answers again. */
  recover(): void;
  /** Calls `then` once, right after the `count`th object is stored from now on. */
  afterPuts(count: number, then: () => void): void;
  stop(): Promise<void>;
}

/**
 * A real S3 API server (the npm package s3rver: objects on disk, signatures checked) on a free loopback port,
 * behind a switch that can make it unreachable mid-request.
 */
export async function startS3Server(bucket = 'site-uploads'): Promise<RunningS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const s3 = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  await s3.configureBuckets();
  const handle = s3.callback();
  let down = false;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => (down ? req.socket.destroy() : handle(req, res)));
  server.on('connection', (socket) => {
    if (down) return socket.destroy();
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: url,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  const putWatchers: Array<{ left: number; then: () => void }> = [];
  s3.on('event', (event) => {
    if (!event.Records.some((record) => record.eventName.startsWith('ObjectCreated'))) return;
    for (const watcher of [...putWatchers]) {
      watcher.left -= 1;
      if (watcher.left === 0) {
        putWatchers.splice(putWatchers.indexOf(watcher), 1);
        watcher.then();
      }
    }
  });

  return {
    url,
    bucket,
    env: (prefix) => ({
      UPLOAD_STORE: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
      AWS_ENDPOINT_URL_S3: url,
    }),
    async keys(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    outage() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    recover() {
      down = false;
    },
    afterPuts(count, then) {
      putWatchers.push({ left: count, then });
    },
    async stop() {
      client.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3.logger.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
