import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest, rollbackAll } from '../../src/db/migrations.js';

const TABLES = [
  'homepage_images',
  'floorplan_images',
  'contact_messages',
  'users',
  'sessions',
  'uploaded_images',
  'site_revision',
  'homesites',
  'homesite_changes',
  'lead_deliveries',
  'upload_cleanups',
];

async function existing(db: Knex): Promise<string[]> {
  const present: string[] = [];
  for (const table of TABLES) if (await db.schema.hasTable(table)) present.push(table);
  return present;
}

describe('Migrations', () => {
  let dir: string;
  let db: Knex;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
  });
  after(async () => {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('creates every table on an empty database', async () => {
    await migrateToLatest(db);
    expect(await existing(db)).to.deep.equal(TABLES);
  });

  it('rolls every migration back down to an empty schema', async () => {
    await rollbackAll(db);
    expect(await existing(db)).to.deep.equal([]);
  });

  it('migrates up again after a full rollback, keeping the delivery columns', async () => {
    await migrateToLatest(db);
    expect(await existing(db)).to.deep.equal(TABLES);
    expect(await db.schema.hasColumn('contact_messages', 'delivery_status')).to.equal(true);
  });
});
