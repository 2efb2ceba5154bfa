import crypto from 'node:crypto';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Knex } from 'knex';
import { countHit, forgetEndedWindows, forgetHits, readHits, uncountHit } from '../db/rate-limit-hits.js';

/**
 * Where each limiter keeps its counts: undefined for express-rate-limit's memory store (one instance), or a store
 * in the shared database. `name` tells the limiters apart; each limiter needs a store of its own.
 */
export type RateLimitStores = (name: string) => Store | undefined;

/**
 * express-rate-limit's start-up checks for every limiter of the site. Off: X-Forwarded-For (the client address
 * comes from req.ip, which honours TRUST_PROXY; a spoofed header is simply ignored), and the check that a limiter is
 * not made inside a request handler (every limiter is made once, as the app is built): it reads a stack trace, and
 * with source maps on, as `npm start` runs the server, the first one parses the whole server's source map, about
 * 0.2 s of CPU at every start.
 */
export const RATE_LIMIT_VALIDATION = { xForwardedForHeader: false, creationStack: false } as const;

/** Counts in each process's memory: right for one instance on SQLite, the default. */
export const memoryRateLimitStores: RateLimitStores = () => undefined;

/**
 * express-rate-limit's store over the rate_limit_hits table, so several app instances on one PostgreSQL database
 * count one client's requests together (contract, "Scale-out"). Each hit is one atomic upsert.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private lastSweep = 0;

  constructor(
    private readonly db: Knex,
    name: string,
  ) {
    this.prefix = `${name}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  /** The row's key: a hash, so no address or tried username is stored in clear, and of a fixed length. */
  private rowKey(key: string): string {
    return `${this.prefix}${crypto.createHash('sha256').update(key).digest('base64url')}`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const count = await readHits(this.db, this.rowKey(key), Date.now());
    return count && { totalHits: count.hits, resetTime: new Date(count.resetAt) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = Date.now();
    const count = await countHit(this.db, this.rowKey(key), now, this.windowMs);
    await this.sweep(now);
    return { totalHits: count.hits, resetTime: new Date(count.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await uncountHit(this.db, this.rowKey(key), Date.now());
  }

  async resetKey(key: string): Promise<void> {
    await forgetHits(this.db, this.rowKey(key));
  }

  /** Once a window, the rows of ended windows go (clients that never came back), without a timer to stop. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    await forgetEndedWindows(this.db, now);
  }
}

/** Shared counts on PostgreSQL (several instances may run), memory on SQLite (one instance owns the file). */
export function rateLimitStoresFor(db: Knex, client: 'sqlite' | 'postgres'): RateLimitStores {
  return client === 'postgres' ? (name) => new DatabaseRateLimitStore(db, name) : memoryRateLimitStores;
}
