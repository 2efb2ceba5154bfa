import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ALL_COMMUNITIES } from '../../src/services/staff-scope.js';
import type { Knex } from 'knex';
import { connectDatabase } from '../../src/db/connect.js';
import { countLeads, LEAD_KINDS, LEAD_TABLES, listLeads, type LeadFilter } from '../../src/db/leads.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { minutesBefore, seedMessage, seedTour } from '../support/leads.js';

interface Statement {
  sql: string;
  bindings: readonly Knex.RawBinding[];
}

/**
 * How SQLite answers the inbox's lists and counts (src/db/leads.ts): which index each statement reads and whether
 * it sorts, so that the inbox stays within its budget at 100,000 leads (tools/bench/leads.ts) on a database that
 * has never run ANALYZE, as a live one has not.
 */
describe('SQLite plans of the inbox list and its counts', () => {
  let dir: string;
  let db: Knex;

  /** The statements `run` sends, each with its query plan's lines. */
  async function plansOf(run: () => Promise<unknown>): Promise<{ sql: string; plan: string[] }[]> {
    const statements: Statement[] = [];
    const record = (query: Statement) => statements.push({ sql: query.sql, bindings: query.bindings });
    db.on('query', record);
    try {
      await run();
    } finally {
      db.off('query', record);
    }
    return Promise.all(
      statements.map(async ({ sql, bindings }) => ({
        sql,
        plan: ((await db.raw(`explain query plan ${sql}`, bindings)) as { detail: string }[]).map((row) => row.detail),
      })),
    );
  }

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lead-list-plans-'));
    db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
    await migrateToLatest(db);
    for (let index = 0; index < 30; index += 1) {
      const at = minutesBefore('2026-11-20T18:00:00.000Z', index);
      const fields = { lastname: index % 10 === 0 ? 'Rarely' : 'Garcia', lead_status: 'new' };
      if (index % 3 === 0) await seedTour(db, at, '2026-12-01T17:00:00.000Z', fields);
      else await seedMessage(db, at, fields);
    }
  });
  after(async () => {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("counts a search's matches in one statement per kind, each match looked up in the id-led index", async () => {
    const statements = await plansOf(() =>
      countLeads(db, { spam: false, q: 'garcia', status: 'new', scope: ALL_COMMUNITIES }),
    );
    expect(statements.map((statement) => statement.sql)).to.have.length(LEAD_KINDS.length);
    for (const { sql, plan } of statements) {
      const table = Object.values(LEAD_TABLES)
        .map((entry) => entry.table)
        .find((name) => new RegExp(`\\b${name}\\b`).test(sql))!;
      expect(plan.join('\n'), sql).to.match(new RegExp(`USING COVERING INDEX ${table}_id_filters \\(id=\\?`));
    }
  });

  it("reads a rare search's few matches by id, and walks the arrival order for a common one without sorting", async () => {
    const filter: LeadFilter = { spam: false, q: 'rarely', scope: ALL_COMMUNITIES };
    const few = await plansOf(async () =>
      listLeads(db, filter, { limit: 50, offset: 0 }, await countLeads(db, filter)),
    );
    const rare = few.find((statement) => statement.sql.includes('union all'))!;
    expect(rare.plan.join('\n')).to.match(/contact_messages_id_filters \(id=\?/);
    expect(rare.plan.join('\n')).to.match(/tours_id_filters \(id=\?/);
    const many = await plansOf(() =>
      listLeads(
        db,
        { spam: false, q: 'garcia', scope: ALL_COMMUNITIES },
        { limit: 50, offset: 0 },
        {
          total: 100_000,
          unread: 0,
          byKind: { message: 60_000, tour: 40_000 },
        },
      ),
    );
    const common = many.find((statement) => statement.sql.includes('union all'))!;
    expect(common.plan.join('\n')).to.match(/COVERING INDEX contact_messages_spam_arrival/);
    expect(common.plan.join('\n')).to.not.include('TEMP B-TREE');
  });

  it('finds a deep page from index entries alone, merged without a sort, then reads only its rows', async () => {
    const statements = await plansOf(() =>
      listLeads(db, { spam: false, scope: ALL_COMMUNITIES }, { limit: 5, offset: 20 }),
    );
    const [keys, ...rows] = statements;
    expect(keys!.plan.join('\n')).to.match(/MERGE \(UNION ALL\)/);
    expect(keys!.plan.join('\n')).to.match(/COVERING INDEX contact_messages_spam_arrival/);
    expect(keys!.plan.join('\n')).to.match(/COVERING INDEX tours_spam_arrival/);
    expect(keys!.plan.join('\n')).to.not.include('TEMP B-TREE');
    for (const { plan } of rows) expect(plan.join('\n')).to.match(/INTEGER PRIMARY KEY \(rowid=\?\)/);
  });
});
