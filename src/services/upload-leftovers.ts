import type { Logger } from 'pino';
import type { UploadStorage } from './upload-storage.js';

/** Waits between attempts to remove a folder the storage refused: doubling from 1 s, then every 5 minutes. */
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 5 * 60_000;

export interface LeftoverRemover {
  /**
   * Removes an upload's folder that no row names (a failed upload, a deleted image). Never throws: when the
   * storage cannot be reached the folder is tried again, later and later, until it is gone, so while the process
   * runs no file outlives its row for longer than the outage.
   */
  remove(folder: string): Promise<void>;
}

export function createLeftoverRemover(uploads: UploadStorage, logger?: Logger): LeftoverRemover {
  async function attempt(folder: string, wait: number): Promise<void> {
    try {
      await uploads.removeFolder(folder);
      if (wait > FIRST_RETRY_MS) logger?.info({ folder }, 'removed an upload folder left by an outage');
    } catch (error) {
      logger?.warn({ err: error, folder, retryInMs: wait }, 'could not remove an upload folder; will retry');
      // A retry never keeps the process alive on its own. A folder still pending at shutdown stays in the store:
      // no row names it and its name is random, so no page shows it, but its bytes stay until removed by hand.
      setTimeout(() => void attempt(folder, Math.min(wait * 2, LONGEST_RETRY_MS)), wait).unref();
    }
  }

  return { remove: (folder) => attempt(folder, FIRST_RETRY_MS) };
}
