import type { Knex } from 'knex';
import type { Config } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrations.js';
import { seedSampleContent } from './db/seed-sample.js';

/** Connects, migrates to the latest schema, and seeds the sample community into an empty database. */
export async function prepareDatabase(config: Pick<Config, 'database'>): Promise<{ db: Knex; seeded: boolean }> {
  const db = connectDatabase(config.database);
  await migrateToLatest(db);
  const seeded = await seedSampleContent(db);
  return { db, seeded };
}
