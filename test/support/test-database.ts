import crypto from 'node:crypto';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseTarget } from '../../src/config.js';

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

/** `postgres` names the PostgreSQL server to use instead of TEST_POSTGRES_URL's. */
export async function createTestDatabase(
  dataDir: string,
  options: { sqlite?: boolean; postgres?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = options.postgres ?? process.env.TEST_POSTGRES_URL;
  if (!adminUrl || options.sqlite)
    return { url: `sqlite:${path.join(dataDir, 'site.sqlite')}`, drop: async () => undefined };
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
