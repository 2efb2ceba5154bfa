import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { createOutageLog } from '../services/outage-log.js';
import { FileGone, UploadStorageUnavailable, type ByteRange, type UploadStorage } from '../services/upload-storage.js';
import { ServiceUnavailable } from './errors.js';

/** Upload files never change (names carry a content hash), so they are cached for a year as immutable. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function notFound(): Error {
  return Object.assign(new Error('Not found'), { status: 404 });
}

/** What a client is told to wait before asking again for a file the store could not give. */
export const UPLOAD_RETRY_AFTER_SECONDS = 30;

/**
 * Answers GET and HEAD <mount>/<folder>/<file> with the stored bytes, streamed, whole or one byte range (206; a
 * phone's browser plays a video only by ranges; 416 for a range past the end); a 404 for anything else (dot files
 * included). While the store is out, 503 with Retry-After (the file is not gone): logged when the outage begins and
 * when it ends.
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
    let body: Readable | undefined;
    let range: ByteRange | undefined;
    let size: number;
    try {
      const stored = await storage.open(folder, file);
      if (!stored) {
        outage.succeeded();
        return next(notFound());
      }
      size = stored.size;
      const asked = req.headers.range === undefined ? undefined : req.range(size, { combine: true });
      if (asked === -1) {
        outage.succeeded();
        res.status(416).set('Content-Range', `bytes */${size}`).set('Accept-Ranges', 'bytes').end();
        return;
      }
      // A malformed header (-2) or several ranges: the whole file, as RFC 9110 allows.
      if (Array.isArray(asked) && asked.length === 1 && asked.type === 'bytes') range = asked[0];
      if (req.method === 'GET' && size > 0) body = await stored.stream(range);
    } catch (error) {
      if (error instanceof FileGone) return next(notFound());
      if (!(error instanceof UploadStorageUnavailable)) throw error;
      outage.failed(error);
      return next(new ServiceUnavailable(error.message, UPLOAD_RETRY_AFTER_SECONDS));
    }
    outage.succeeded();
    res.set('Cache-Control', IMMUTABLE).set('Accept-Ranges', 'bytes').type(path.extname(file));
    if (range) res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.set('Content-Length', String(range ? range.end - range.start + 1 : size));
    if (!body) {
      res.end();
      return;
    }
    pipeline(body, res).catch((error: unknown) => {
      // The reader went away mid-file (a skipped video), or the store broke off: the answer is cut, nothing more.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        logger.error({ err: error, folder, file }, 'an upload stopped part way through');
      }
    });
  };
}
