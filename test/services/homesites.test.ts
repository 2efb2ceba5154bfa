import { loadContent } from '../../src/content/index.js';
import { expect } from 'chai';
import type { Knex } from 'knex';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { seedSampleContent } from '../../src/db/seed-sample.js';
import { homesitesToCsv, importHomesitesCsv } from '../../src/services/homesites-csv.js';
import {
  createHomesiteService,
  HomesiteConflict,
  HomesiteError,
  type HomesiteService,
} from '../../src/services/homesites.js';
import { HOMESITE_STATUSES } from '../../src/shared/homesite-rules.js';
import { firstCommunity } from '../../src/prepare-database.js';

const PLANS = ['Sweetwater II', 'Silverwood II', 'The Canyon', 'Overlook'];
const PRICE_RANGE = { min: 250_000, max: 3_000_000 };
const LOTS_ON_PLAN = new Set(Array.from({ length: 80 }, (_, index) => index + 1));

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('Homesite service', () => {
  let dir: string;
  let db: Knex;
  let service: HomesiteService;
  let published: number;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'homesites-test-'));
    db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
    await migrateToLatest(db);
    await seedSampleContent(db, loadContent(), await firstCommunity(db, loadContent()));
    published = 0;
    service = createHomesiteService({
      db,
      community: 1,
      rules: () => ({ planNames: PLANS, priceRange: PRICE_RANGE, lotsOnPlan: LOTS_ON_PLAN }),
      publicContent: {
        changed: async () => {
          published += 1;
        },
      },
    });
  });
  afterEach(async () => {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('seeds 78 homesites with every status, and plan, price and ready date on each quick move-in home', async () => {
    const rows = await service.list();
    expect(rows.map((row) => row.lot)).to.deep.equal(Array.from({ length: 78 }, (_, index) => index + 1));
    expect(new Set(rows.map((row) => row.status))).to.deep.equal(new Set(HOMESITE_STATUSES));
    for (const row of rows.filter((candidate) => candidate.status === 'quick-move-in')) {
      expect(row.plan, `lot ${row.lot}`).to.be.a('string');
      expect(row.price, `lot ${row.lot}`).to.be.a('number');
      expect(row.ready, `lot ${row.lot}`).to.match(/^\d{4}-\d{2}-\d{2}$/);
    }
    for (const row of rows.filter((candidate) => candidate.status === 'model')) expect(row.plan).to.be.a('string');
    expect(rows.filter((row) => row.status === 'available').length).to.be.within(15, 40);
  });

  it('saves a change with the current version, raises the version and records old → new', async () => {
    const before = await service.find(10);
    const after = await service.update(
      10,
      { status: 'under-contract', plan: 'Overlook', price: null, ready: null, version: before?.version },
      'counselor',
    );
    expect(after).to.include({
      lot: 10,
      status: 'under-contract',
      plan: 'Overlook',
      version: 2,
      updated_by: 'counselor',
    });
    const [change] = await service.history(10);
    expect(change).to.include({ lot: 10, by: 'counselor', source: 'edit' });
    expect(change?.changes).to.deep.equal({
      status: ['available', 'under-contract'],
      plan: [null, 'Overlook'],
      price: [before?.price, null],
    });
    expect(published).to.equal(1);
  });

  it('refuses a stale version with the stored row and changes nothing', async () => {
    await service.update(10, { status: 'sold', plan: null, price: null, ready: null, version: 1 }, 'first');
    const error = await rejection(
      service.update(10, { status: 'available', plan: null, price: 500_000, ready: null, version: 1 }, 'second'),
    );
    expect(error).to.be.instanceOf(HomesiteConflict);
    expect((error as HomesiteConflict).stored).to.include({ lot: 10, status: 'sold', version: 2, updated_by: 'first' });
    expect(await service.find(10)).to.include({ status: 'sold', version: 2 });
    expect(await service.history(10)).to.have.length(1);
  });

  it('refuses a quick move-in home without a plan or a price, naming both', async () => {
    const error = await rejection(
      service.update(10, { status: 'quick-move-in', plan: null, price: null, ready: null, version: 1 }, 'x'),
    );
    expect(error).to.be.instanceOf(HomesiteError);
    expect((error as HomesiteError).problems.join(' '))
      .to.match(/Plan: .*needs a plan/)
      .and.match(/Price: .*needs a price/);
    expect(await service.find(10)).to.include({ status: 'available', version: 1 });
  });

  it('sets a status on many lots at once, or on none when one lot cannot take it', async () => {
    const rows = await service.bulkSetStatus({ lots: [10, 17, 18], status: 'sold' }, 'manager');
    expect(rows.map((row) => [row.lot, row.status])).to.deep.equal([
      [10, 'sold'],
      [17, 'sold'],
      [18, 'sold'],
    ]);
    // Lot 24 has no plan and no price, so it cannot become a quick move-in home: nothing changes.
    const error = await rejection(service.bulkSetStatus({ lots: [5, 24], status: 'quick-move-in' }, 'manager'));
    expect((error as HomesiteError).message).to.match(/homesite 24/);
    expect(await service.find(5)).to.include({ status: 'quick-move-in', version: 1 });
    expect(await service.history(17)).to.have.length(1);
  });

  it('imports its own export unchanged, and reports a dry run without applying it', async () => {
    const exported = homesitesToCsv(await service.list());
    const same = await importHomesitesCsv(service, Buffer.from(exported), { dryRun: false, username: 'x' });
    expect(same).to.deep.include({ problems: [], changes: [] });
    const edited = exported.replace(/^"10","available"/m, '"10","sold"');
    const dry = await importHomesitesCsv(service, Buffer.from(edited), { dryRun: true, username: 'x' });
    expect(dry.changes).to.deep.equal([
      { lot: 10, line: 11, created: false, changes: { status: ['available', 'sold'] } },
    ]);
    expect(await service.find(10)).to.include({ status: 'available', version: 1 });
    const applied = await importHomesitesCsv(service, Buffer.from(edited), { dryRun: false, username: 'x' });
    expect(applied.changes).to.have.length(1);
    expect(await service.find(10)).to.include({ status: 'sold', version: 2 });
    expect(published).to.equal(1);
  });

  it('names every bad row by line and column, and applies none of the good ones', async () => {
    const csv = [
      'lot,status,plan,price,sqft,address,ready,version',
      '10,sold,,,7000,Somewhere,,1',
      '11,done,,,7000,Somewhere,,',
      '12,available,,-5,7000,Somewhere,,',
      '13,available,,,7000,=SUM(A1:A9),,',
      '14,available,Castle,,7000,Somewhere,,',
      '999,available,,,7000,Somewhere,,',
    ].join('\n');
    const result = await importHomesitesCsv(service, Buffer.from(csv), { dryRun: false, username: 'x' });
    expect(result.problems.map(({ line, column }) => `${line}:${column}`)).to.deep.equal([
      '3:status',
      '4:price',
      '5:address',
      '6:plan',
      '7:lot',
    ]);
    expect(await service.find(10)).to.include({ status: 'available' });
  });

  it('refuses a file that is not UTF-8, or has the wrong columns', async () => {
    const latin1 = Buffer.from(
      'lot,status,plan,price,sqft,address,ready,version\n10,sold,,,7000,Caf\xe9 Lane,,\n',
      'latin1',
    );
    const notUtf8 = await importHomesitesCsv(service, latin1, { dryRun: true, username: 'x' });
    expect(notUtf8.problems[0]?.message).to.match(/not UTF-8/);
    const wrong = await importHomesitesCsv(service, Buffer.from('lot,state\n10,sold\n'), {
      dryRun: true,
      username: 'x',
    });
    expect(wrong.problems.map((problem) => problem.column)).to.include.members(['status', 'state']);
  });
});
