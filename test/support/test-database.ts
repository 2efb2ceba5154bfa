import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseTarget } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';

/**
 * Where a test server's database lives: a fresh SQLite file by default, or, when TEST_POSTGRES_URL names a
 * PostgreSQL server (npm run test:postgres), a fresh database created on it and dropped afterwards.
 */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** True under npm run test:postgres, when test servers get their databases from TEST_POSTGRES_URL. */
export function testsRunOnPostgres(): boolean {
  return Boolean(process.env.TEST_POSTGRES_URL);
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * An SQLite file with every migration run and nothing else, made once per process: a test database starts as a
 * copy of it. Migrating costs about half a second of disk syncs (synchronous=FULL), paid once instead of at every
 * server start; the server still runs its migrations (none left to run) and seeds the copy as it would a new file.
 */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'community-site-template-'));
    process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    const filename = path.join(folder, 'migrated.sqlite');
    const db = connectDatabase({ client: 'sqlite', filename });
    try {
      await migrateToLatest(db);
    } finally {
      // The last connection to close checkpoints the write-ahead log into the file.
      await db.destroy();
    }
    return filename;
  })();
  return sqliteTemplate;
}

/** `postgres` names the PostgreSQL server to use instead of TEST_POSTGRES_URL's. */
export async function createTestDatabase(
  dataDir: string,
  options: { sqlite?: boolean; postgres?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = options.postgres ?? process.env.TEST_POSTGRES_URL;
  if (!adminUrl || options.sqlite) {
    const filename = path.join(dataDir, 'site.sqlite');
    await fs.promises.copyFile(await migratedSqliteFile(), filename);
    return { url: `sqlite:${filename}`, drop: async () => undefined };
  }
  const name = `site_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`CREATE DATABASE ${name}`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
      try {
        await cleanup.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.destroy();
      }
    },
  };
}

/** The application's tables on either database (SQLite's catalogue or PostgreSQL's information schema). */
export async function tableNames(db: Knex): Promise<string[]> {
  const names =
    db.client.config.client === 'pg'
      ? await db('information_schema.tables')
          .whereRaw('table_schema = current_schema()')
          .andWhere({ table_type: 'BASE TABLE' })
          .pluck('table_name')
      : await db('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').pluck('name');
  return (names as string[]).sort();
}

/** DATABASE_URL for a parsed database target, to hand to another process or instance. */
export function databaseUrlOf(target: DatabaseTarget): string {
  return target.client === 'sqlite' ? `sqlite:${target.filename}` : target.connectionString;
}
