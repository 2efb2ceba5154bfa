import type { Express } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { loadContent, type Content } from './content/index.js';
import { prepareDatabase } from './prepare-database.js';
import { LeadOutbox, type OutboxTiming } from './services/lead-outbox.js';
import { createConfiguredUploadStorage } from './services/configured-upload-storage.js';
import { PublicContentChanges } from './services/public-content.js';
import { ContentService } from './services/content.js';
import { CommunityDirectory } from './services/community-directory.js';
import { SitePlanFiles } from './services/site-plan-files.js';
import { readStoredOutlinesFrom } from './content/lot-outlines.js';
import { LibraryImages } from './services/library-images.js';
import { SpamPurge } from './services/spam-purge.js';
import { StaffMailer } from './services/staff-mail.js';
import type { StaffPasswordChange } from './services/staff-accounts.js';
import { UploadCleanup, type UploadCleanupTiming } from './services/upload-cleanup.js';
import { PageCache } from './web/page-cache.js';

export interface Site {
  app: Express;
  db: Knex;
  /** The published content and its drafts, schedules and history. */
  content: ContentService;
  /** The install's communities (decision 050). */
  communities: CommunityDirectory;
  seeded: boolean;
  /** What ADMIN_USERNAME and ADMIN_PASSWORD did at start, when set, and how many staff accounts there are. */
  staffChange: StaffPasswordChange | undefined;
  staffAccounts: number;
  /** The lead outbox's worker, when e-mail or the CRM webhook is configured. */
  outbox: LeadOutbox | undefined;
  /** "Public content changed": raised by the services that change what public pages show. */
  publicContent: PublicContentChanges;
  /** The public pages' HTML cache; listens to publicContent and polls the shared site revision. */
  pageCache: PageCache;
  /** Deletes spam older than 30 days, at start and hourly. */
  spamPurge: SpamPurge;
  /** Removes upload folders no image names any more (failed uploads, deleted images), across restarts. */
  uploadCleanup: UploadCleanup;
  /** Sends staff e-mails (invitations, password resets) when SMTP_URL is set. */
  staffMailer: StaffMailer | undefined;
  /**
   * Stops the page cache's watch, the outbox's and the upload clean-up's workers and the spam purge, and closes the
   * database (after the HTTP server has stopped).
   */
  close(): Promise<void>;
}

/**
 * Everything the process runs besides the listening socket: database, app, the upload clean-up's worker, and the
 * lead outbox's worker when e-mail or the webhook is configured. Tests may shorten the workers' timing.
 */
export async function createSite(
  config: Config,
  logger: Logger,
  /** The sample an empty database is seeded with (tests pass their own fixture). */
  sample: Content = loadContent(),
  options: { outboxTiming?: Partial<OutboxTiming>; uploadCleanupTiming?: Partial<UploadCleanupTiming> } = {},
): Promise<Site> {
  const { db, seeded, staffChange, staffAccounts } = await prepareDatabase(config, sample);
  const publicContent = new PublicContentChanges(db, logger);
  const content = new ContentService(db, publicContent, logger);
  const libraryImages = new LibraryImages(db, logger);
  const communities = new CommunityDirectory(db);
  const sitePlanFiles = new SitePlanFiles(db);
  readStoredOutlinesFrom((path) => sitePlanFiles.get(path)?.body);
  try {
    await communities.load();
    await sitePlanFiles.load();
    await content.load();
    await libraryImages.load();
    // A schedule whose time passed while no instance ran is published before the first page is served.
    await content.runDueSchedules();
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const outbox =
    config.mail || config.leadWebhook
      ? new LeadOutbox(
          db,
          {
            mail: config.mail,
            webhook: config.leadWebhook,
            content,
            siteUrl: config.siteUrl,
            timing: options.outboxTiming,
          },
          logger,
        )
      : undefined;
  // Another instance's publish (or file replacement) moves the shared revision: the content and the library's
  // images are read again before the pages are dropped.
  const pageCache = new PageCache(db, {
    logger,
    beforeClear: async () => {
      await communities.load();
      await sitePlanFiles.load();
      await content.reload();
      await libraryImages.reload();
    },
  });
  content.onNewDay(() => pageCache.clear());
  // The hourly purge also prunes audit rows older than AUDIT_RETENTION_DAYS (by age only).
  const spamPurge = new SpamPurge(db, logger, { auditRetentionDays: config.auditRetentionDays });
  const staffMailer = config.staffMail ? new StaffMailer(db, config.staffMail, logger) : undefined;
  const uploads = await createConfiguredUploadStorage(config);
  const uploadCleanup = new UploadCleanup(db, uploads, logger, options.uploadCleanupTiming);
  try {
    const app = await createApp({
      config,
      db,
      content,
      communities,
      sitePlanFiles,
      logger,
      outbox,
      publicContent,
      pageCache,
      libraryImages,
      uploads,
      uploadCleanup,
      staffMailer,
    });
    pageCache.startWatching(publicContent);
    content.startSchedules();
    outbox?.start();
    staffMailer?.start();
    uploadCleanup.start();
    // Awaited, so a site that has started holds no spam older than the limit.
    await spamPurge.start();
    return {
      app,
      db,
      content,
      communities,
      seeded,
      staffChange,
      staffAccounts,
      outbox,
      publicContent,
      pageCache,
      spamPurge,
      uploadCleanup,
      staffMailer,
      async close() {
        pageCache.stopWatching();
        await content.stopSchedules();
        await outbox?.stop();
        await staffMailer?.stop();
        await uploadCleanup.stop();
        await spamPurge.stop();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
