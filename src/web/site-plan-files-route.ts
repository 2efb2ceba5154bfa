import type { RequestHandler } from 'express';
import type { SitePlanFiles } from '../services/site-plan-files.js';

/** Serves the site-plan files kept in the database at their paths (GET and HEAD); anything else passes on. */
export function serveSitePlanFiles(files: SitePlanFiles): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = files.get(req.path);
    if (!file) return next();
    res
      .type(file.content_type)
      .set('Cache-Control', 'public, max-age=300')
      .set('Last-Modified', new Date(file.updated_at).toUTCString())
      .send(file.encoding === 'base64' ? Buffer.from(file.body, 'base64') : file.body);
  };
}
