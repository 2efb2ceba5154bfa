import type { Knex } from 'knex';

/** An upload folder waiting to be removed from the storage; `next_attempt_at` is epoch milliseconds. */
export interface UploadCleanupRow {
  folder: string;
  attempts: number;
  next_attempt_at: number | string;
  last_error: string | null;
  created_at: string;
}

/** Records that `folder` must go, from `dueAt` on (epoch milliseconds). */
export async function scheduleUploadCleanup(db: Knex, folder: string, dueAt: number): Promise<void> {
  await db('upload_cleanups').insert({ folder, next_attempt_at: dueAt, created_at: new Date().toISOString() });
}

/**
 * Keeps a folder after all: the upload that wrote it has finished. Succeeds only while the row is still the one its
 * upload wrote (due at `dueAt`): once a worker has claimed it, the folder may be half removed already.
 */
export async function keepUploadFolder(db: Knex, folder: string, dueAt: number): Promise<boolean> {
  return (await db('upload_cleanups').where({ folder, next_attempt_at: dueAt }).delete()) === 1;
}

/** Makes a folder's removal due now (an upload that failed). */
export async function hastenUploadCleanup(db: Knex, folder: string, now: number): Promise<void> {
  await db('upload_cleanups').where({ folder }).update({ next_attempt_at: now });
}

export async function findUploadCleanup(db: Knex, folder: string): Promise<UploadCleanupRow | undefined> {
  return db<UploadCleanupRow>('upload_cleanups').where({ folder }).first();
}

export async function dueUploadCleanups(db: Knex, now: number, limit: number): Promise<UploadCleanupRow[]> {
  return db<UploadCleanupRow>('upload_cleanups')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit);
}

/**
 * Takes a folder for `leaseMs`: only one worker (of any instance) gets it, since the update succeeds only while the
 * row is still due.
 */
export async function claimUploadCleanup(db: Knex, folder: string, now: number, leaseMs: number): Promise<boolean> {
  const updated = await db('upload_cleanups')
    .where({ folder })
    .andWhere('next_attempt_at', '<=', now)
    .update({ next_attempt_at: now + leaseMs });
  return updated === 1;
}

export async function finishUploadCleanup(db: Knex, folder: string): Promise<void> {
  await db('upload_cleanups').where({ folder }).delete();
}

export async function scheduleUploadCleanupRetry(
  db: Knex,
  folder: string,
  nextAttemptAt: number,
  error: string,
): Promise<void> {
  await db('upload_cleanups')
    .where({ folder })
    .update({ next_attempt_at: nextAttemptAt, last_error: error.slice(0, 300), attempts: db.raw('attempts + 1') });
}
