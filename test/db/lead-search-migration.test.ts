import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ALL_COMMUNITIES } from '../../src/services/staff-scope.js';
import type { Knex } from 'knex';
import { connectDatabase } from '../../src/db/connect.js';
import { listLeads } from '../../src/db/leads.js';
import { migrateToLatest, migrationSource } from '../../src/db/migrations.js';

const MIGRATION = '20261123000100_speed_up_lead_search';
const LEAD = { lastname: 'Ångström', email: 'zoe@example.com', phone: '(720) 555-0142', message: 'Hello' };

/** migrations/20261123000100_speed_up_lead_search.ts on a database that already holds leads. */
describe('Migration: lead search columns and index', () => {
  let dir: string;
  let db: Knex;

  const searchFor = async (q: string) =>
    (await listLeads(db, { spam: false, q, scope: ALL_COMMUNITIES }, { limit: 50, offset: 0 })).map(
      (lead) => `${lead.kind}-${lead.id}`,
    );

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lead-search-migration-'));
    db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
    await migrateToLatest(db);
    await db.migrate.down({ migrationSource, name: MIGRATION });
  });
  after(async () => {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('rolls back to tables without the search columns or index', async () => {
    expect(await db.schema.hasColumn('contact_messages', 'search_text')).to.equal(false);
    expect(await db.schema.hasColumn('tours', 'search_digits')).to.equal(false);
    expect(await db.schema.hasTable('contact_messages_search')).to.equal(false);
  });

  it('fills the search columns of the leads already stored, so the search finds them', async () => {
    const [message] = await db('contact_messages')
      .insert({ ...LEAD, firstname: 'Zoë', subject: 'Lot 9', is_spam: false })
      .returning<{ id: number }[]>('id');
    const [tour] = await db('tours')
      .insert({
        ...LEAD,
        firstname: 'Åsa',
        token: 'old-tour',
        start_at: '2026-12-01T17:00:00.000Z',
        slot_minutes: 60,
        created_at: '2026-11-20T18:00:00.000Z',
      })
      .returning<{ id: number }[]>('id');
    await migrateToLatest(db);
    expect(await searchFor('ÅNGSTRÖM')).to.have.members([`message-${message!.id}`, `tour-${tour!.id}`]);
    expect(await searchFor('zoë')).to.deep.equal([`message-${message!.id}`]);
    expect(await searchFor('7205550142')).to.have.length(2);
  });

  it('keeps the index in step with later deletions, then rolls back and up again', async () => {
    await db('tours').where({ token: 'old-tour' }).delete();
    expect(await searchFor('åsa')).to.deep.equal([]);
    await db.migrate.down({ migrationSource, name: MIGRATION });
    expect(await db.schema.hasTable('tours_search')).to.equal(false);
    await migrateToLatest(db);
    expect(await searchFor('ångström')).to.have.length(1);
  });
});
