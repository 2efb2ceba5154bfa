import session, { type SessionData } from 'express-session';
import type { Knex } from 'knex';

type Callback<T = void> = (error?: unknown, value?: T) => void;

const DEFAULT_LIFETIME_MS = 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 15 * 60 * 1000;

/**
 * Sessions in the `sessions` table through the app's own Knex connection, so they survive restarts and never
 * grow the process's memory. Every database error goes to express-session's callback (never an unhandled
 * rejection), which answers that request with an error instead of crashing the process.
 */
export class KnexSessionStore extends session.Store {
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(private readonly db: Knex) {
    super();
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  private static expiresAt(data: SessionData): number {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + DEFAULT_LIFETIME_MS;
  }

  /**
   * Runs a query and reports to express-session's callback on a later tick, outside the promise chain (as
   * util.callbackify does): express-session runs the rest of the request inside that callback, and a throw there
   * must not turn into a second callback or an unhandled rejection. A query that throws while being built
   * (a bad row, a broken client) is reported the same way.
   */
  private run<T>(work: () => PromiseLike<T>, callback: Callback<T> | undefined): void {
    let pending: Promise<T>;
    try {
      pending = Promise.resolve(work());
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => process.nextTick(() => callback?.(undefined, value)),
      (error: unknown) => process.nextTick(() => callback?.(error)),
    );
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.run(
      () =>
        this.db('sessions')
          .where({ sid })
          .first<{ sess: string; expires_at: number | string } | undefined>()
          .then((row) => (row && Number(row.expires_at) > Date.now() ? (JSON.parse(row.sess) as SessionData) : null)),
      callback,
    );
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    this.run(() => {
      const row = { sid, sess: JSON.stringify(data), expires_at: KnexSessionStore.expiresAt(data) };
      return this.db('sessions')
        .insert(row)
        .onConflict('sid')
        .merge()
        .then(() => undefined);
    }, callback);
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    this.run(
      () =>
        this.db('sessions')
          .where({ sid })
          .update({ expires_at: KnexSessionStore.expiresAt(data) })
          .then(() => undefined),
      callback,
    );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.run(
      () =>
        this.db('sessions')
          .where({ sid })
          .delete()
          .then(() => undefined),
      callback,
    );
  }

  prune(): Promise<number> {
    return this.db('sessions').where('expires_at', '<=', Date.now()).delete();
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }
}
