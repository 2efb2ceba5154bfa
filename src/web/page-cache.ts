import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { readSiteRevision } from '../db/site-revision.js';
import { isPreview } from './preview-router.js';
import { createOutageLog, type OutageLog } from '../services/outage-log.js';
import type { PublicContentChanges } from '../services/public-content.js';
import type { HeaderList } from './security-headers.js';

/** How often an instance checks whether another instance changed the site (several instances on PostgreSQL). */
export const REVISION_POLL_MS = 2_000;

/**
 * How long cached pages are kept while the shared revision cannot be read. A page is rendered from the database, so
 * through a short outage the cached page is the only one that can be served; past this, a change another instance
 * made meanwhile could be missing from it, so the cache is dropped at each failed poll and pages render fresh.
 */
export const STALE_LIMIT_MS = 30_000;

export interface PageCacheOptions {
  /** Told once when the revision poll starts failing, and once when it reads again. */
  logger: Pick<Logger, 'error' | 'info'>;
  staleLimitMs?: number;
  /**
   * Run when the shared revision moved, before the pages are dropped: the published content is reloaded first, so
   * no page rendered from the old revision is stored after the drop.
   */
  beforeClear?: () => Promise<void>;
}

/**
 * zlib's default, as the compression middleware uses: the render that stores a page pays it, and level 9 took twice
 * the CPU for pages 7 % smaller (tools/bench/homesites-results.md).
 */
const GZIP_LEVEL = 6;

/**
 * Brotli, a quarter smaller than gzip for these pages (the site plan: 15.0 → 10.9 KB, which puts it in the first round
 * trip of a new connection, about 14 KB). Quality 10: 11 saved another 5 % for three times the CPU (137 against 48 ms
 * for the site plan). It is made on libuv's thread pool, off the event loop, when a stored page is first served from
 * the cache to a client that takes it: a page requested once between two changes never pays for it. Until it is
 * ready the page is sent gzipped.
 */
const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
};

/**
 * How a page's route reads the query string: the part of it the page is rendered from, written one way only ('' when
 * the page reads none of it), or undefined when the request is rendered from its query in a way no bounded key
 * holds (it is then rendered for itself and not stored). Given the raw query, without the `?`. A key holds only
 * values the route accepts, so `?x=<random>` and `?status=<random>` name the page without them.
 */
export type QueryKey = (rawQuery: string) => string | undefined;

/** A page that reads no query parameter: any query string is answered with the page without one. */
export const READS_NO_QUERY: QueryKey = () => '';

/** The query string of a request URL, without the `?` ('' when there is none). */
export function rawQueryOf(url: string): string {
  const mark = url.indexOf('?');
  return mark < 0 ? '' : url.slice(mark + 1);
}

/** The cache key of a path and its query key: the path alone when the page reads nothing of the query. */
function keyOf(path: string, query: string | undefined): string | undefined {
  if (query === undefined) return undefined;
  return query === '' ? path : `${path}?${query}`;
}

/**
 * Public pages are pure functions of the content module and the database, so their HTML is rendered once and
 * served from memory until public content changes. The cache listens to "public content changed"
 * (services/public-content.ts), raised by every service that changes what public pages show, and clears at once;
 * a change made by another instance or process is seen through the shared site revision within REVISION_POLL_MS.
 * Only plain GETs are cached, keyed by the path and the query parameters the page's route reads (QueryKey), and the
 * routers are case-sensitive, so the cache is bounded by the routes and the values they accept.
 */
interface CachedPage {
  html: string;
  /** Strong validator of the HTML, for 304s. */
  etag: string;
  /** Compressed once at store time, so a hit costs no compression work. */
  gzip: Buffer;
  /** Compressed in the background from the first hit that takes brotli (BROTLI_PARAMS); sent once it is there. */
  brotli?: Buffer;
  brotliStarted?: boolean;
  /** A request header the page is rendered from: a request carrying it is never answered from the cache. */
  renderedFrom?: string;
  /** The Content-Type it is served with: HTML, or a feed's XML (feeds-router.ts). */
  type: string;
}

/** What a page is served as unless its route says otherwise. */
const HTML_TYPE = 'text/html; charset=utf-8';

/** Whether a cached page may answer this request: not when the request carries a header the page depends on. */
function answers(page: CachedPage, headers: IncomingHttpHeaders): boolean {
  return page.renderedFrom === undefined || headers[page.renderedFrom] === undefined;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private revision: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Raised by every clear, so a page rendered from data read before a clear is not stored after it. */
  private generation = 0;
  /** When the shared revision was last read (undefined before the first read). */
  private checkedAt: number | undefined;
  private readonly pollOutage: OutageLog;
  private readonly staleLimitMs: number;
  private readonly beforeClear: (() => Promise<void>) | undefined;
  private readonly logger: PageCacheOptions['logger'];
  /** Brotli compressions still running, so tests can wait for them. */
  private readonly compressing = new Set<Promise<void>>();
  /**
   * How each stored page's route reads a query, by path, so a hit with a query string is found before Express
   * routes it. Learnt from the pages stored, bounded by them, and kept across clears: it is the routes', not content.
   */
  private readonly queryKeys = new Map<string, QueryKey>();

  constructor(
    private readonly db: Knex,
    options: PageCacheOptions,
  ) {
    this.staleLimitMs = options.staleLimitMs ?? STALE_LIMIT_MS;
    this.beforeClear = options.beforeClear;
    this.logger = options.logger;
    this.pollOutage = createOutageLog(options.logger, {
      down: 'the page cache cannot read the shared site revision or what it names; cached pages are kept for a while, then dropped at each poll',
      up: 'the page cache reads the shared site revision again',
    });
  }

  /** The page stored under `key`: a path, or a path and the query its route reads (`/site-plan?status=sold`). */
  get(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  /**
   * The key a raw request URL is stored under, or undefined when it has none: its query names nothing the page
   * can be stored for, or no page of its path was stored yet (the request then goes to Express, which routes it).
   */
  keyFor(url: string): string | undefined {
    const mark = url.indexOf('?');
    if (mark < 0) return url;
    const path = url.slice(0, mark);
    const query = this.queryKeys.get(path);
    return query && keyOf(path, query(url.slice(mark + 1)));
  }

  /** Remembers how the route of `path` reads a query (servePageCache tells it with each page it stores). */
  readsQuery(path: string, query: QueryKey): void {
    this.queryKeys.set(path, query);
  }

  /** The generation a render starts in; pass it to `set` so a render that straddles a change is not kept. */
  get currentGeneration(): number {
    return this.generation;
  }

  /**
   * Stores a rendered page and returns its ETag (the page is not stored when the cache was cleared meanwhile).
   * `renderedFrom` names a request header the page depends on: the stored page answers only requests without it.
   */
  set(key: string, html: string, renderedIn = this.generation, renderedFrom?: string, type = HTML_TYPE): string {
    // Encoded once for both: hashing and compressing a string would each encode the whole page again.
    const bytes = Buffer.from(html);
    const etag = `"${crypto.createHash('sha1').update(bytes).digest('base64url')}"`;
    if (renderedIn === this.generation) {
      this.pages.set(key, { html, etag, gzip: zlib.gzipSync(bytes, { level: GZIP_LEVEL }), renderedFrom, type });
    }
    return etag;
  }

  /** Resolves when every brotli compression started so far has finished. */
  async brotliSettled(): Promise<void> {
    await Promise.all([...this.compressing]);
  }

  /**
   * A hit's coding and bytes: the coding the client weighs highest among those the page has (pageCoding), or
   * undefined when it takes neither. The first hit that would take brotli starts the page's brotli compression.
   */
  encodedFor(page: CachedPage, acceptEncoding: string | undefined): { coding: PageCoding; body: Buffer } | undefined {
    const weights = codingWeights(acceptEncoding);
    if (!page.brotliStarted && preferredCoding(weights, true) === 'br') this.compressWithBrotli(page);
    const coding = preferredCoding(weights, page.brotli !== undefined);
    if (coding === undefined) return undefined;
    return { coding, body: coding === 'br' && page.brotli ? page.brotli : page.gzip };
  }

  private compressWithBrotli(page: CachedPage): void {
    page.brotliStarted = true;
    const bytes = Buffer.from(page.html);
    const params = { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    const done = new Promise<void>((resolve) => {
      zlib.brotliCompress(bytes, { params }, (error, brotli) => {
        // A page replaced or cleared meanwhile keeps its own (or no) brotli bytes.
        if (error) this.logger.error({ err: error }, 'brotli compression of a cached page failed; it is sent gzipped');
        else page.brotli = brotli;
        resolve();
      });
    });
    this.compressing.add(done);
    void done.then(() => this.compressing.delete(done));
  }

  clear(): void {
    this.generation += 1;
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }

  /**
   * Drops the cache when the shared revision moved, once what it names (content, communities, images) is read
   * again. The first check clears too: pages cached before this instance knew the revision may predate a change
   * another instance made meanwhile. Never throws (it runs on a timer, where a rejection would end the process): a
   * failed read, of the revision or of what it names, keeps the cache until it is staleLimitMs past the last good
   * read, and drops it at every failed poll from then on; the revision is not taken as seen, so the next poll
   * reads again.
   */
  async checkRevision(): Promise<void> {
    let current: number;
    try {
      current = await readSiteRevision(this.db);
      if (current !== this.revision) await this.beforeClear?.();
    } catch (error) {
      this.pollOutage.failed(error);
      if (this.checkedAt === undefined || Date.now() - this.checkedAt >= this.staleLimitMs) this.clear();
      return;
    }
    this.pollOutage.succeeded();
    this.checkedAt = Date.now();
    if (current !== this.revision) this.clear();
    this.revision = current;
  }

  /** Clears on every public content change in this process, and polls the shared revision for the others. */
  startWatching(changes: PublicContentChanges): void {
    this.unsubscribe = changes.onChange(() => this.clear());
    const check = () => void this.checkRevision();
    check();
    this.timer = setInterval(check, REVISION_POLL_MS);
    this.timer.unref();
  }

  stopWatching(): void {
    this.unsubscribe?.();
    clearInterval(this.timer);
  }
}

export type PageCoding = 'br' | 'gzip';

/**
 * The coding a cached page is sent in: of the ones it has (brotli once compressed, gzip always), the one the client's
 * Accept-Encoding gives the highest q above 0, by name or through `*`, brotli on a tie; undefined when the client
 * takes neither (the page is then sent as it is, through the full chain).
 */
export function pageCoding(acceptEncoding: string | undefined, hasBrotli: boolean): PageCoding | undefined {
  return preferredCoding(codingWeights(acceptEncoding), hasBrotli);
}

/** Accept-Encoding's q of each coding it names (lower case; the first mention counts), read once per request. */
function codingWeights(acceptEncoding: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding?.split(',') ?? []) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim());
    const q = params.find((param) => /^q=/i.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const coding = name.toLowerCase();
    if (coding && !weights.has(coding)) weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/** pageCoding's choice from weights already read. */
function preferredCoding(weights: Map<string, number>, hasBrotli: boolean): PageCoding | undefined {
  const weightOf = (coding: PageCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const offered: PageCoding[] = hasBrotli ? ['br', 'gzip'] : ['gzip'];
  let best: PageCoding | undefined;
  for (const coding of offered)
    if (weightOf(coding) > 0 && (best === undefined || weightOf(coding) > weightOf(best))) best = coding;
  return best;
}

/**
 * Whether a conditional GET may be answered 304, as Express's `req.fresh` decides for a response with this ETag
 * and no Last-Modified (the `fresh` package): If-None-Match lists it (weak or strong) or is `*`, and the client did
 * not ask for an end-to-end reload with Cache-Control: no-cache.
 */
export function isFresh(headers: IncomingHttpHeaders, etag: string): boolean {
  const noneMatch = headers['if-none-match'];
  if (!noneMatch) return false;
  if (/(?:^|,)\s*?no-cache\s*?(?:,|$)/.test(headers['cache-control'] ?? '')) return false;
  if (noneMatch === '*') return true;
  return noneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === etag || tag === `W/${etag}` || `W/${tag}` === etag);
}

export interface CachedHitOptions {
  /** The headers every response carries (security-headers.ts), sent with each hit as they are. */
  headers: HeaderList;
  /** Writes the request's log line (request-log.ts). */
  served(req: IncomingMessage, status: number, startedAt: number): void;
}

/** Answers a request from the cache and says so, or says it did not (the request goes on to Express). */
export type CachedHitAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * A GET or HEAD of a page in the cache is answered here, before Express and its middleware see the request,
 * with the same headers and the same log line they would have given it (decision 018: Express's own per-request
 * set-up costs more than node's whole answer). Only the two answers a browser gets are written here: 304 to a
 * matching If-None-Match, and the compressed page; anything else (a client that takes neither coding, a query the
 * page is not stored for, a page not cached yet) goes down the full chain, where `servePageCache` answers it. The
 * cache's keys are the routes' paths (plus the query parameters a route reads), so the raw path is looked up as it
 * is: `/about/` or `/About` are not keys and take the full chain (redirect, 404); `/about?utm_source=x` is `/about`.
 * No session is read or written: public pages never depend on one.
 */
export function answerCachedHits(cache: PageCache, options: CachedHitOptions): CachedHitAnswer {
  const shared = options.headers.flat();
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (isPreview(req)) return false;
    const key = cache.keyFor(req.url ?? '');
    const hit = key === undefined ? undefined : cache.get(key);
    if (hit === undefined || !answers(hit, req.headers)) return false;
    const startedAt = Date.now();
    const common = [...shared, 'Content-Type', hit.type, 'ETag', hit.etag, 'Vary', 'Accept-Encoding'];
    if (isFresh(req.headers, hit.etag)) {
      res.writeHead(304, common).end();
      options.served(req, 304, startedAt);
      return true;
    }
    const encoded = cache.encodedFor(hit, req.headers['accept-encoding']);
    if (encoded === undefined) return false;
    // Node leaves the body out of a HEAD answer and keeps Content-Length, as Express does.
    res.writeHead(200, [...common, 'Content-Encoding', encoded.coding, 'Content-Length', String(encoded.body.length)]);
    res.end(encoded.body);
    options.served(req, 200, startedAt);
    return true;
  };
}

/**
 * Serves a cached page, or lets the route render it and keeps a 200 text/html answer for next time, under the path
 * and what `query` keys of the query string (by default nothing: `?utm_source=…` gets the page without it). A page
 * rendered from a request header (`renderedFrom`, lower case: e.g. the contact form's visit fields from the Referer)
 * is cached only from, and served only to, requests without that header.
 */
export function servePageCache(
  cache: PageCache,
  options: { renderedFrom?: string; query?: QueryKey; type?: 'html' | 'xml' } = {},
): RequestHandler {
  const { renderedFrom, query = READS_NO_QUERY } = options;
  const type = options.type === 'xml' ? 'application/xml; charset=utf-8' : HTML_TYPE;
  const stores = options.type === 'xml' ? /^application\/xml/ : /^text\/html/;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isPreview(req)) return next();
    if (renderedFrom !== undefined && req.headers[renderedFrom] !== undefined) return next();
    const rawQuery = rawQueryOf(req.originalUrl);
    // The whole path: a community's router sees its pages' paths without the community's address before them.
    const path = `${req.baseUrl}${req.path === '/' && req.baseUrl !== '' ? '' : req.path}`;
    const key = rawQuery === '' ? path : keyOf(path, query(rawQuery));
    if (key === undefined) return next();
    const hit = cache.get(key);
    if (hit !== undefined) {
      res.type(hit.type).set('ETag', hit.etag).vary('Accept-Encoding');
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      // The compression middleware leaves a response alone once Content-Encoding is set.
      const encoded = cache.encodedFor(hit, req.headers['accept-encoding']);
      if (encoded === undefined) res.send(hit.html);
      else res.set('Content-Encoding', encoded.coding).send(encoded.body);
      return;
    }
    const renderedIn = cache.currentGeneration;
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (
        res.statusCode === 200 &&
        typeof body === 'string' &&
        stores.test(String(res.get('Content-Type') ?? 'text/html'))
      ) {
        const etag = cache.set(key, body, renderedIn, renderedFrom, type);
        cache.readsQuery(path, query);
        res.type(type).set('ETag', etag);
        // The page was just compressed to be stored: that answers this request too, instead of the compression
        // middleware compressing it a second time (on a 1,000-lot site plan, as long as the whole render).
        const stored = cache.get(key);
        if (stored?.etag === etag && pageCoding(req.headers['accept-encoding'], false) === 'gzip') {
          res.set('Content-Encoding', 'gzip').vary('Accept-Encoding');
          return send(stored.gzip);
        }
      }
      return send(body);
    };
    next();
  };
}
