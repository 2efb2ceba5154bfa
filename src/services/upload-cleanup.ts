import type { Knex } from 'knex';
import type { Logger } from 'pino';
import {
  claimUploadCleanup,
  dueUploadCleanups,
  findUploadCleanup,
  finishUploadCleanup,
  scheduleUploadCleanupRetry,
  type UploadCleanupRow,
} from '../db/upload-cleanups.js';
import { backoffDelay, PollingLoop } from './polling-loop.js';
import type { UploadStorage } from './upload-storage.js';

export interface UploadCleanupTiming {
  /** First retry after this long; doubles each attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  pollMs: number;
  /**
   * How long a claimed folder stays reserved for the worker that took it. Longer than one removal can take (the S3
   * client's time limits and retries); should one still overrun it, a second worker removes the same folder again,
   * which is harmless: removing a folder that is gone is no error.
   */
  leaseMs: number;
}

export const DEFAULT_UPLOAD_CLEANUP_TIMING: UploadCleanupTiming = {
  baseDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
  pollMs: 5_000,
  leaseMs: 5 * 60_000,
};

/** What the image library needs of the worker: a first attempt at a folder it has just recorded for removal. */
export interface UploadCleanupHandle {
  /**
   * Removes a recorded folder now, as the worker would, so a deleted image's files are gone before staff get their
   * answer. Never throws: when the storage is out the row stays, with its next attempt, for whichever worker comes
   * first.
   */
  removeNow(folder: string): Promise<void>;
}

/**
 * Removes upload folders no image row names (a failed upload, a deleted image). The database holds the list
 * (`upload_cleanups`, written in the same step that decides a folder must go), so the work survives a restart and
 * an outage of the storage: each instance runs this worker, claims a row with a lease (one instance wins), removes
 * the folder and deletes the row; on failure it tries again later, doubling from 1 s to every 5 minutes.
 */
export class UploadCleanup implements UploadCleanupHandle {
  private readonly timing: UploadCleanupTiming;
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Knex,
    private readonly uploads: UploadStorage,
    private readonly logger: Logger,
    timing: Partial<UploadCleanupTiming> = {},
  ) {
    this.timing = { ...DEFAULT_UPLOAD_CLEANUP_TIMING, ...timing };
    this.loop = new PollingLoop(
      () => this.removeDue(),
      this.timing.pollMs,
      (error: unknown) => this.logger.error({ err: error }, 'upload clean-up pass failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    this.loop.kick();
  }

  async removeNow(folder: string): Promise<void> {
    try {
      const row = await findUploadCleanup(this.db, folder);
      if (row) await this.removeOne(row);
    } catch (error) {
      this.logger.error({ err: error, folder }, 'upload clean-up failed; the worker will retry');
    }
  }

  /** One pass over the folders due for removal. */
  async removeDue(): Promise<void> {
    for (const row of await dueUploadCleanups(this.db, Date.now(), 20)) {
      if (this.loop.stopped) return;
      await this.removeOne(row);
    }
  }

  private async removeOne(row: UploadCleanupRow): Promise<void> {
    if (!(await claimUploadCleanup(this.db, row.folder, Date.now(), this.timing.leaseMs))) return;
    try {
      await this.uploads.removeFolder(row.folder);
    } catch (error) {
      const wait = backoffDelay(row.attempts, this.timing.baseDelayMs, this.timing.maxDelayMs);
      const reason = error instanceof Error ? error.message : String(error);
      await scheduleUploadCleanupRetry(this.db, row.folder, Date.now() + wait, reason);
      this.logger.warn(
        { folder: row.folder, retryInMs: wait, reason },
        'could not remove an upload folder; will retry',
      );
      return;
    }
    await finishUploadCleanup(this.db, row.folder);
    if (row.attempts > 0) this.logger.info({ folder: row.folder }, 'removed an upload folder left by an outage');
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }
}
