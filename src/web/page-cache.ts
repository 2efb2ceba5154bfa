import type { RequestHandler } from 'express';

/**
 * Public pages are pure functions of the content module and the database, so their HTML is rendered once and
 * served from memory until staff change something (see `invalidateOnStaffChange`). Only plain GETs without a
 * query string are cached; the set of cacheable paths is fixed by the routes, so the cache cannot grow unbounded.
 */
export class PageCache {
  private readonly pages = new Map<string, string>();

  get(path: string): string | undefined {
    return this.pages.get(path);
  }

  set(path: string, html: string): void {
    this.pages.set(path, html);
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}

/** Serves a cached page, or lets the route render it and keeps a 200 text/html answer for next time. */
export function servePageCache(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.originalUrl.includes('?')) return next();
    const hit = cache.get(req.path);
    if (hit !== undefined) {
      res.type('html').send(hit);
      return;
    }
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (res.statusCode === 200 && typeof body === 'string' && /^text\/html/.test(String(res.get('Content-Type') ?? 'text/html'))) {
        cache.set(req.path, body);
      }
      return send(body);
    };
    next();
  };
}

/** After any successful state change by staff, every cached page is dropped, so no page shows old images. */
export function invalidateOnStaffChange(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.on('finish', () => {
        if (res.statusCode < 400) cache.clear();
      });
    }
    next();
  };
}
