import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { readSiteRevision } from '../db/site-revision.js';
import type { PublicContentChanges } from '../services/public-content.js';

/** How often an instance checks whether another instance changed the site (several instances on PostgreSQL). */
export const REVISION_POLL_MS = 2_000;

/**
 * Public pages are pure functions of the content module and the database, so their HTML is rendered once and
 * served from memory until public content changes. The cache listens to "public content changed"
 * (services/public-content.ts), raised by every service that changes what public pages show, and clears at once;
 * a change made by another instance or process is seen through the shared site revision within REVISION_POLL_MS.
 * Only plain GETs
 * without a query string are cached, and the pages router is case-sensitive, so the cache is bounded by the routes.
 */
interface CachedPage {
  html: string;
  /** Strong validator of the HTML, for 304s. */
  etag: string;
  /** Compressed once at store time, so a hit costs no compression work. */
  gzip: Buffer;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private revision: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Raised by every clear, so a page rendered from data read before a clear is not stored after it. */
  private generation = 0;

  constructor(private readonly db: Knex) {}

  get(path: string): CachedPage | undefined {
    return this.pages.get(path);
  }

  /** The generation a render starts in; pass it to `set` so a render that straddles a change is not kept. */
  get currentGeneration(): number {
    return this.generation;
  }

  /** Stores a rendered page and returns its ETag (the page is not stored when the cache was cleared meanwhile). */
  set(path: string, html: string, renderedIn = this.generation): string {
    const etag = `"${crypto.createHash('sha1').update(html).digest('base64url')}"`;
    if (renderedIn === this.generation) this.pages.set(path, { html, etag, gzip: zlib.gzipSync(html, { level: 9 }) });
    return etag;
  }

  clear(): void {
    this.generation += 1;
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }

  /**
   * Drops the cache when the shared revision moved. The first check clears too: pages cached before this instance
   * knew the revision may predate a change another instance made meanwhile.
   */
  async checkRevision(): Promise<void> {
    const current = await readSiteRevision(this.db);
    if (current !== this.revision) this.clear();
    this.revision = current;
  }

  /** Clears on every public content change in this process, and polls the shared revision for the others. */
  startWatching(changes: PublicContentChanges): void {
    this.unsubscribe = changes.onChange(() => this.clear());
    const check = () => void this.checkRevision().catch(() => this.clear());
    check();
    this.timer = setInterval(check, REVISION_POLL_MS);
    this.timer.unref();
  }

  stopWatching(): void {
    this.unsubscribe?.();
    clearInterval(this.timer);
  }
}

/** Serves a cached page, or lets the route render it and keeps a 200 text/html answer for next time. */
export function servePageCache(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.originalUrl.includes('?')) return next();
    const hit = cache.get(req.path);
    if (hit !== undefined) {
      res.type('html').set('ETag', hit.etag).vary('Accept-Encoding');
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      // The compression middleware leaves a response alone once Content-Encoding is set.
      if (req.acceptsEncodings('gzip') === 'gzip') res.set('Content-Encoding', 'gzip').send(hit.gzip);
      else res.send(hit.html);
      return;
    }
    const renderedIn = cache.currentGeneration;
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (
        res.statusCode === 200 &&
        typeof body === 'string' &&
        /^text\/html/.test(String(res.get('Content-Type') ?? 'text/html'))
      ) {
        res.set('ETag', cache.set(req.path, body, renderedIn));
      }
      return send(body);
    };
    next();
  };
}
