import type { Knex } from 'knex';
import type { Config } from './config.js';
import { connectDatabase, isSqlite } from './db/connect.js';
import { communityRowFromContent, insertCommunity, listCommunities } from './db/communities.js';
import { migrateToLatest } from './db/migrations.js';
import { slugFromName } from './shared/community-slug.js';
import { seedSampleContent } from './db/seed-sample.js';
import { seedSampleCommunities } from './services/sample-communities.js';
import type { Content } from './content/index.js';
import { ContentService } from './services/content.js';
import { countStaffAccounts, setStaffPassword, type StaffPasswordChange } from './services/staff-accounts.js';

/** An arbitrary fixed key for PostgreSQL's advisory lock that serialises instance start-up. */
const STARTUP_LOCK_KEY = 7_810_078;

interface PgConnection {
  query(sql: string, values: unknown[]): Promise<unknown>;
}

/**
 * Several instances starting together on one PostgreSQL database take turns: each holds a session advisory lock
 * while it migrates and seeds, so the second sees the first one's schema and content instead of racing it.
 * (SQLite is one instance per file; Knex's own migration lock covers a second process there.)
 */
async function oneStartAtATime<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  if (isSqlite(db)) return work();
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/**
 * The first community's id: the one an upgrade made of an existing install, or, on an empty database, the sample
 * community, created here.
 */
export async function firstCommunity(db: Knex, sample: Content): Promise<number> {
  const [existing] = await listCommunities(db);
  if (existing) return existing.id;
  const at = new Date().toISOString();
  return insertCommunity(db, communityRowFromContent(slugFromName(sample.community.name), sample.community, at, null));
}

export interface PreparedDatabase {
  db: Knex;
  seeded: boolean;
  /** What ADMIN_USERNAME and ADMIN_PASSWORD did, when set. */
  staffChange: StaffPasswordChange | undefined;
  staffAccounts: number;
}

/**
 * Connects, migrates to the latest schema, seeds the sample community into an empty database, and creates
 * the ADMIN_USERNAME account (or resets its password) when ADMIN_USERNAME and ADMIN_PASSWORD are set.
 */
export async function prepareDatabase(
  config: Pick<Config, 'database' | 'admin' | 'passwordHashCost'> & Partial<Pick<Config, 'sampleCommunities'>>,
  sample: Content,
): Promise<PreparedDatabase> {
  const db = connectDatabase(config.database);
  try {
    return await oneStartAtATime(db, async () => {
      await migrateToLatest(db);
      const community = await firstCommunity(db, sample);
      // Sections the database lacks come from the sample: all of them on an empty database, a new one after an upgrade.
      await ContentService.seed(db, sample, community);
      const seeded = await seedSampleContent(db, sample, community);
      const sampleCommunities = config.sampleCommunities ?? 1;
      if (seeded && sampleCommunities > 1) await seedSampleCommunities(db, sample, sampleCommunities);
      const staffChange = config.admin
        ? await setStaffPassword(
            db,
            config.admin.username,
            config.admin.password,
            config.passwordHashCost,
            'ADMIN_PASSWORD',
          )
        : undefined;
      return { db, seeded, staffChange, staffAccounts: await countStaffAccounts(db) };
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
