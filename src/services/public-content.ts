import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { bumpSiteRevision } from '../db/site-revision.js';

/** Told at once when public content changed in this process (the page cache of this instance listens). */
export type PublicContentListener = (reason: string) => void;

/**
 * The one path every change to what public pages show takes: "public content changed". The services that change
 * public content (image library, homesites) raise it after their change is committed, whoever called them — a
 * router, a CLI, an import. Listeners in this process hear it at once; other instances and processes see the
 * shared site revision move (db/site-revision.ts) on their next poll.
 */
export class PublicContentChanges {
  private readonly listeners = new Set<PublicContentListener>();

  constructor(
    private readonly db: Knex,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  /** Subscribes a listener; returns the call that unsubscribes it. */
  onChange(listener: PublicContentListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Raised after the data change is committed, so it never fails the caller: the change is made and stays made.
   * A revision that cannot be raised is logged (other instances keep old pages until the next change gets through).
   */
  async changed(reason: string): Promise<void> {
    for (const listener of this.listeners) {
      try {
        listener(reason);
      } catch (error) {
        this.logger.error({ err: error, reason }, 'a public content listener failed');
      }
    }
    try {
      await bumpSiteRevision(this.db);
    } catch (error) {
      this.logger.error(
        { err: error, reason },
        'public content changed, but the shared site revision could not be raised; other instances keep serving old pages',
      );
    }
  }
}
