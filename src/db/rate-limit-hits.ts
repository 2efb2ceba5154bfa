import type { Knex } from 'knex';

export interface RateLimitCount {
  hits: number;
  /** When the current window ends, in epoch milliseconds. */
  resetAt: number;
}

/**
 * Counts one hit for `key` in one statement: a new window starts when there is no row or its window has ended,
 * else the count goes up. The upsert takes the row's lock, so hits arriving at once on several instances are each
 * counted, never lost to a read-then-write race.
 */
export async function countHit(db: Knex, key: string, now: number, windowMs: number): Promise<RateLimitCount> {
  const result = await db.raw<{ rows: Array<{ hits: number; reset_at: string | number }> }>(
    `INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (?, 1, ?)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_hits.reset_at <= ? THEN 1 ELSE rate_limit_hits.hits + 1 END,
       reset_at = CASE WHEN rate_limit_hits.reset_at <= ? THEN excluded.reset_at ELSE rate_limit_hits.reset_at END
     RETURNING hits, reset_at`,
    [key, now + windowMs, now, now],
  );
  const row = result.rows[0]!;
  return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
}

/** The current window's count for `key`, if one is running. */
export async function readHits(db: Knex, key: string, now: number): Promise<RateLimitCount | undefined> {
  const row = await db('rate_limit_hits')
    .where({ key })
    .andWhere('reset_at', '>', now)
    .first<{ hits: number; reset_at: string | number } | undefined>('hits', 'reset_at');
  return row ? { hits: Number(row.hits), resetAt: Number(row.reset_at) } : undefined;
}

/** Takes back one hit of the current window (a request that turned out not to count). */
export async function uncountHit(db: Knex, key: string, now: number): Promise<void> {
  await db('rate_limit_hits')
    .where({ key })
    .andWhere('hits', '>', 0)
    .andWhere('reset_at', '>', now)
    .decrement('hits', 1);
}

export async function forgetHits(db: Knex, key: string): Promise<void> {
  await db('rate_limit_hits').where({ key }).delete();
}

/** Drops the rows of windows that have ended. */
export async function forgetEndedWindows(db: Knex, now: number): Promise<void> {
  await db('rate_limit_hits').where('reset_at', '<=', now).delete();
}
