import type { Knex } from 'knex';
import type { Config } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrations.js';
import { seedSampleContent } from './db/seed-sample.js';
import { setStaffPassword } from './services/staff-accounts.js';

/**
 * Connects, migrates to the latest schema, seeds the sample community into an empty database, and creates
 * the ADMIN_USERNAME account (or resets its password) when ADMIN_USERNAME and ADMIN_PASSWORD are set.
 */
export async function prepareDatabase(
  config: Pick<Config, 'database' | 'admin'>,
): Promise<{ db: Knex; seeded: boolean }> {
  const db = connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    const seeded = await seedSampleContent(db);
    if (config.admin) await setStaffPassword(db, config.admin.username, config.admin.password);
    return { db, seeded };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
