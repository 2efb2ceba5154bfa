import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { LOWEST_PASSWORD_HASH_COST } from '../../src/services/passwords.js';
import type { Content } from '../../src/content/index.js';
import { createSite, type Site } from '../../src/site.js';
import { createTestDatabase, databaseUrlOf } from './test-database.js';

export interface TestServer {
  url: string;
  db: Knex;
  config: Config;
  dataDir: string;
  site: Site;
  close(): Promise<void>;
}

/** The public address a production-mode test instance gets when its test names none (production requires one). */
export const TEST_SITE_URL = 'https://maplehollow.example';

/**
 * What a test instance's password hashes cost: the cheapest scrypt (1 MiB, a few ms) outside production, as a
 * file signs in dozens of times; a production-mode instance keeps the production cost, which it requires.
 */
export function testPasswordHashCost(env: Record<string, string>): Record<string, string> {
  return env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: String(LOWEST_PASSWORD_HASH_COST) };
}

/**
 * The configuration every test instance starts from: test mode, silent logs, everything inside `dataDir`, cheap
 * password hashes (test/services/password-hash-cost.test.ts checks that the default is the production cost).
 */
export function testConfig(dataDir: string, databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    LOG_LEVEL: 'silent',
    ...testPasswordHashCost(env),
    ...(env.NODE_ENV === 'production' ? { SITE_URL: TEST_SITE_URL } : {}),
    ...env,
  });
}

/**
 * The real app on a free port, with a fresh SQLite file in its own temporary folder (or a fresh PostgreSQL
 * database under `npm run test:postgres`). SQLite-specific tests pass `{ sqlite: true }`. `sameStorageAs` starts a
 * second instance on another server's database and upload directory, as several instances behind a proxy run.
 * `postgres` puts the database on that PostgreSQL server (a superuser URL) whatever the suite runs on. `port`
 * asks for that port (it rejects with EADDRINUSE when the port is taken); `content` replaces the community content.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { sqlite?: boolean; postgres?: string; sameStorageAs?: TestServer; port?: number; content?: Content } = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-site-test-'));
  const shared = options.sameStorageAs?.config;
  const database = shared
    ? { url: databaseUrlOf(shared.database), drop: async () => undefined }
    : await createTestDatabase(dataDir, options);
  const config = testConfig(dataDir, database.url, shared ? { UPLOAD_DIR: shared.uploadDir, ...env } : env);
  const site = await createSite(config, createLogger(config), options.content);
  const { db } = site;
  const release = async () => {
    await site.close();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const server = site.app.listen(options.port ?? 0, '127.0.0.1');
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    await release();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    config,
    dataDir,
    site,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await release();
    },
  };
}

/**
 * One server for several describe blocks of a file whose tests only read from it. Each block calls the returned
 * function once, in its body: that registers the block, and gives a getter for the server in its hooks and
 * tests. The first block to run starts the server; the last one's `after` closes it.
 */
export function sharedTestServer(env: Record<string, string> = {}): () => () => TestServer {
  let users = 0;
  let started: Promise<TestServer> | undefined;
  return () => {
    users += 1;
    let server: TestServer;
    before(async () => {
      started ??= startTestServer(env);
      server = await started;
    });
    after(async () => {
      users -= 1;
      if (users === 0) await (await started)?.close();
    });
    return () => server;
  };
}
