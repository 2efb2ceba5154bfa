import session, { type SessionData } from 'express-session';
import type { Knex } from 'knex';

type Callback<T = void> = (error?: unknown, value?: T) => void;

const DEFAULT_LIFETIME_MS = 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 15 * 60 * 1000;

/**
 * How far a request must move a session's deadline before the row is written again. A session used again sooner
 * keeps its stored deadline, which is then at most this much earlier than the idle timeout from the last request
 * (never later): a signed-in page is not a database write every time.
 */
export const RENEW_AFTER_MS = 60 * 1000;

/** How many sessions' known deadlines are kept for their renewals (one per session in use; cleared past this). */
const DEADLINES_KEPT = 10_000;

/** The signed-in account of a session (passport keeps its id there), so its sessions can be ended together. */
function sessionUserId(data: SessionData): number | null {
  const user = (data as { passport?: { user?: unknown } }).passport?.user;
  return typeof user === 'number' && Number.isSafeInteger(user) ? user : null;
}

/**
 * Sessions in the `sessions` table through the app's own Knex connection, so they survive restarts and never
 * grow the process's memory. Every database error goes to express-session's callback (never an unhandled
 * rejection), which answers that request with an error instead of crashing the process.
 */
export class KnexSessionStore extends session.Store {
  private readonly pruneTimer: NodeJS.Timeout;
  /** Each session's stored deadline as this instance last read or wrote it, for the next touch(). */
  private readonly knownDeadlines = new Map<string, number>();

  constructor(
    private readonly db: Knex,
    private readonly renewAfterMs = RENEW_AFTER_MS,
  ) {
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
          .then((row) => {
            if (!row || Number(row.expires_at) <= Date.now()) return null;
            const data = JSON.parse(row.sess) as SessionData;
            this.remember(sid, Number(row.expires_at));
            return data;
          }),
      callback,
    );
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    this.knownDeadlines.delete(sid);
    this.run(() => {
      const row = {
        sid,
        sess: JSON.stringify(data),
        expires_at: KnexSessionStore.expiresAt(data),
        user_id: sessionUserId(data),
      };
      return this.db('sessions')
        .insert(row)
        .onConflict('sid')
        .merge()
        .then(() => undefined);
    }, callback);
  }

  /**
   * Moves the stored deadline, unless the request moves it by less than renewAfterMs from the deadline this instance
   * last read or wrote: requests of one session in flight together (a page and its widgets' calls) renew it once.
   */
  override touch(sid: string, data: SessionData, callback?: Callback): void {
    const known = this.knownDeadlines.get(sid);
    const deadline = KnexSessionStore.expiresAt(data);
    if (known !== undefined && deadline - known < this.renewAfterMs) {
      process.nextTick(() => callback?.());
      return;
    }
    this.run(
      () =>
        this.db('sessions')
          .where({ sid })
          .update({ expires_at: deadline })
          .then(() => this.remember(sid, deadline)),
      callback,
    );
  }

  private remember(sid: string, deadline: number): void {
    if (this.knownDeadlines.size >= DEADLINES_KEPT && !this.knownDeadlines.has(sid)) this.knownDeadlines.clear();
    this.knownDeadlines.set(sid, deadline);
  }

  override destroy(sid: string, callback?: Callback): void {
    this.knownDeadlines.delete(sid);
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

/** A signed-in session of one account, as its owner sees it on /admin/account. */
export interface AccountSession {
  sid: string;
  device: string;
  address: string;
  /** Milliseconds since the epoch. */
  lastSeenAt: number;
}

/**
 * The account's live sessions. Each request renews the session's expiry by the idle timeout (rolling; the row is
 * written when that moves it by RENEW_AFTER_MS or more), so its last request was that long before the expiry, or up
 * to RENEW_AFTER_MS later.
 */
export async function listAccountSessions(db: Knex, userId: number, idleMs: number): Promise<AccountSession[]> {
  const rows = await db('sessions')
    .where({ user_id: userId })
    .andWhere('expires_at', '>', Date.now())
    .select<{ sid: string; sess: string; expires_at: number | string }[]>('sid', 'sess', 'expires_at')
    .orderBy('expires_at', 'desc');
  return rows.map((row) => {
    const data = JSON.parse(row.sess) as { device?: unknown; address?: unknown };
    return {
      sid: row.sid,
      device: typeof data.device === 'string' ? data.device : '',
      address: typeof data.address === 'string' ? data.address : '',
      lastSeenAt: Number(row.expires_at) - idleMs,
    };
  });
}

/**
 * Ends every session of the account (but `keepSid`, the one asking) in one statement: the next request of each,
 * on any instance, finds no session and goes to /login.
 */
export function endAccountSessions(db: Knex | Knex.Transaction, userId: number, keepSid?: string): Promise<number> {
  const query = db('sessions').where({ user_id: userId });
  return keepSid === undefined ? query.delete() : query.andWhereNot({ sid: keepSid }).delete();
}
