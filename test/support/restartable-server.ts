import { ContentService } from '../../src/services/content.js';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createApp } from '../../src/app.js';
import { createConfiguredUploadStorage } from '../../src/services/configured-upload-storage.js';
import { PublicContentChanges } from '../../src/services/public-content.js';
import { UploadCleanup } from '../../src/services/upload-cleanup.js';
import { PageCache } from '../../src/web/page-cache.js';
import { loadConfig, type Config } from '../../src/config.js';
import { loadContent } from '../../src/content/index.js';
import { createLogger } from '../../src/logger.js';
import { prepareDatabase } from '../../src/prepare-database.js';
import { testPasswordHashCost } from './test-server.js';
import { CommunityDirectory } from '../../src/services/community-directory.js';

/**
 * Like test-server.ts, but the data folder (SQLite file, session secret, uploads) outlives one app instance:
 * `start()` boots a new app on it, `stop()` shuts that instance down and keeps the files, `dispose()` removes them.
 * Used to check what survives a restart.
 */
export interface RunningInstance {
  url: string;
  db: Knex;
  config: Config;
  stop(): Promise<void>;
}

export interface RestartableServer {
  dataDir: string;
  start(): Promise<RunningInstance>;
  dispose(): Promise<void>;
}

export async function createRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-site-restart-'));
  const running = new Set<RunningInstance>();
  return {
    dataDir,
    async start() {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
        DATA_DIR: dataDir,
        UPLOAD_DIR: path.join(dataDir, 'uploads'),
        LOG_LEVEL: 'silent',
        ...testPasswordHashCost(env),
        ...env,
      });
      const { db } = await prepareDatabase(config, loadContent());
      const logger = createLogger(config);
      const publicContent = new PublicContentChanges(db, logger);
      const content = new ContentService(db, publicContent, logger);
      const communities = new CommunityDirectory(db);
      await communities.load();
      await content.load();
      const pageCache = new PageCache(db, {
        logger,
        beforeClear: async () => {
          await communities.load();
          await content.reload();
        },
      });
      const uploads = await createConfiguredUploadStorage(config);
      const uploadCleanup = new UploadCleanup(db, uploads, logger);
      const app = await createApp({
        config,
        db,
        content,
        communities,
        logger,
        publicContent,
        pageCache,
        uploads,
        uploadCleanup,
      });
      pageCache.startWatching(publicContent);
      uploadCleanup.start();
      const server = app.listen(0, '127.0.0.1');
      await new Promise<void>((resolve, reject) => {
        server.once('listening', resolve);
        server.once('error', reject);
      });
      const { port } = server.address() as AddressInfo;
      const instance: RunningInstance = {
        url: `http://127.0.0.1:${port}`,
        db,
        config,
        async stop() {
          if (!running.delete(instance)) return;
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
          pageCache.stopWatching();
          await uploadCleanup.stop();
          await db.destroy();
        },
      };
      running.add(instance);
      return instance;
    },
    async dispose() {
      for (const instance of [...running]) await instance.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
