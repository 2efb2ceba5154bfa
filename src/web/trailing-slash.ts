import type { RequestHandler } from 'express';

/** One URL per page: `/about/` answers 301 to `/about` (query kept). */
export const removeTrailingSlash: RequestHandler = (req, res, next) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && req.path.length > 1 && req.path.endsWith('/')) {
    const query = req.originalUrl.slice(
      req.originalUrl.indexOf('?') >= 0 ? req.originalUrl.indexOf('?') : req.originalUrl.length,
    );
    const target = req.path.replace(/\/+$/, '') || '/';
    // A path starting with // would be read as another host by the browser.
    res.redirect(301, `/${target.replace(/^\/+/, '')}${query}`);
    return;
  }
  next();
};
