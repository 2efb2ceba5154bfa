import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { deleteSpamMessagesBefore, deleteSpamToursBefore } from '../db/old-spam.js';
import { pruneAuditLog } from './audit-log.js';

/** How long spam is kept, so a genuine lead caught by mistake can still be found; the privacy notice says so. */
export const SPAM_RETENTION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export interface PurgedSpam {
  messages: number;
  tours: number;
}

/** Deletes the contact messages and tours flagged as spam that were stored more than SPAM_RETENTION_DAYS ago. */
export async function purgeOldSpam(db: Knex, now: number = Date.now()): Promise<PurgedSpam> {
  const cutoff = new Date(now - SPAM_RETENTION_DAYS * DAY_MS);
  const messages = await deleteSpamMessagesBefore(db, cutoff);
  const tours = await deleteSpamToursBefore(db, cutoff);
  return { messages, tours };
}

/**
 * Runs purgeOldSpam at start and then every `intervalMs` (hourly), logging what it deleted. Several instances
 * may run it at once: a delete of rows already gone deletes nothing.
 */
export class SpamPurge {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly options: { intervalMs?: number; now?: () => number; auditRetentionDays?: number } = {},
  ) {}

  /** Starts the hourly passes; resolves once the first one is done (it never rejects: a failure is logged). */
  start(): Promise<void> {
    this.stopped = false;
    return this.run();
  }

  private run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const now = this.options.now ?? Date.now;
    const { auditRetentionDays } = this.options;
    this.running = purgeOldSpam(this.db, now())
      .then(async ({ messages, tours }) => {
        if (messages + tours > 0) {
          this.logger.info({ messages, tours, olderThanDays: SPAM_RETENTION_DAYS }, 'old spam deleted');
        }
        if (auditRetentionDays === undefined) return;
        const pruned = await pruneAuditLog(this.db, auditRetentionDays, now());
        if (pruned > 0) this.logger.info({ pruned, olderThanDays: auditRetentionDays }, 'old audit rows pruned');
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'spam purge failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        this.timer = setTimeout(() => void this.run(), this.options.intervalMs ?? 3600_000);
        this.timer.unref();
      });
    return this.running;
  }

  /** Stops the timer and waits for a pass under way, so the database can be closed after. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
