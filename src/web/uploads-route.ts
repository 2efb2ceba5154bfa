import path from 'node:path';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { createOutageLog } from '../services/outage-log.js';
import { UploadStorageUnavailable, type UploadStorage } from '../services/upload-storage.js';
import { ServiceUnavailable } from './errors.js';

/** Upload files never change (names carry a content hash), so they are cached for a year as immutable. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function notFound(): Error {
  return Object.assign(new Error('Not found'), { status: 404 });
}

/** What a client is told to wait before asking again for a file the store could not give. */
export const UPLOAD_RETRY_AFTER_SECONDS = 30;

/**
 * Answers GET <mount>/<folder>/<file> with the stored bytes; a 404 for anything else (dot files included). While
 * the store is out, 503 with Retry-After (the file is not gone): logged when the outage begins and when it ends.
 */
export function serveUploads(storage: UploadStorage, logger: Pick<Logger, 'error' | 'info'>): RequestHandler {
  const outage = createOutageLog(logger, {
    down: 'the upload store is unavailable; uploads are answered 503 until it answers again',
    up: 'the upload store answers again',
  });
  return async (req, res, next) => {
    const match = /^\/([^/]+)\/([^/]+)$/.exec(req.path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !match) return next(notFound());
    let folder: string;
    let file: string;
    try {
      folder = decodeURIComponent(match[1]!);
      file = decodeURIComponent(match[2]!);
    } catch {
      return next(notFound());
    }
    let body: Buffer | undefined;
    try {
      body = await storage.read(folder, file);
    } catch (error) {
      if (!(error instanceof UploadStorageUnavailable)) throw error;
      outage.failed(error);
      return next(new ServiceUnavailable(error.message, UPLOAD_RETRY_AFTER_SECONDS));
    }
    outage.succeeded();
    if (!body) return next(notFound());
    res.set('Cache-Control', IMMUTABLE).type(path.extname(file)).send(body);
  };
}
