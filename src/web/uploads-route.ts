import path from 'node:path';
import type { RequestHandler } from 'express';
import type { UploadStorage } from '../services/upload-storage.js';

/** Upload files never change (names carry a content hash), so they are cached for a year as immutable. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function notFound(): Error {
  return Object.assign(new Error('Not found'), { status: 404 });
}

/** Answers GET <mount>/<folder>/<file> with the stored bytes; a 404 for anything else (dot files included). */
export function serveUploads(storage: UploadStorage): RequestHandler {
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
    const body = await storage.read(folder, file);
    if (!body) return next(notFound());
    res.set('Cache-Control', IMMUTABLE).type(path.extname(file)).send(body);
  };
}
