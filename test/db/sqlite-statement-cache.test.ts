import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { connectDatabase } from '../../src/db/connect.js';
import { keepCompiledStatements } from '../../src/db/sqlite-statement-cache.js';

/** What the tests use of a better-sqlite3 connection. */
interface SqliteConnection {
  prepare(sql: string): { all(): unknown[]; run(): unknown };
}

/** A plain better-sqlite3 connection (no statements kept) from a Knex instance of the test's own. */
async function plainConnection(): Promise<{ connection: SqliteConnection; close(): Promise<void> }> {
  const knex: Knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: ':memory:' },
    useNullAsDefault: true,
  });
  const connection = (await knex.client.acquireConnection()) as SqliteConnection;
  return {
    connection,
    async close() {
      await knex.client.releaseConnection(connection);
      await knex.destroy();
    },
  };
}

describe('SQLite: compiled statements kept for the next run of the same query', () => {
  it('compiles a query once, and again only after it was the least recently used of a full cache', async () => {
    const { connection: db, close } = await plainConnection();
    try {
      expect(db.prepare('select 1')).to.not.equal(db.prepare('select 1'));
      keepCompiledStatements(db, 2);
      const first = db.prepare('select 1');
      expect(db.prepare('select 1')).to.equal(first);
      const second = db.prepare('select 2');
      db.prepare('select 1'); // now the most recently used
      db.prepare('select 3'); // full: "select 2" goes
      expect(db.prepare('select 1')).to.equal(first);
      expect(db.prepare('select 2')).to.not.equal(second);
    } finally {
      await close();
    }
  });

  it('answers a kept query with the table as it is now, after a migration changed it', async () => {
    const { connection: db, close } = await plainConnection();
    try {
      keepCompiledStatements(db);
      db.prepare('create table homes (id integer primary key)').run();
      db.prepare('insert into homes (id) values (1)').run();
      expect(db.prepare('select * from homes').all()).to.deep.equal([{ id: 1 }]);
      db.prepare("alter table homes add column status text not null default 'available'").run();
      expect(db.prepare('select * from homes').all()).to.deep.equal([{ id: 1, status: 'available' }]);
    } finally {
      await close();
    }
  });

  it('is what the app’s connections do: the same query twice compiles once, with each run’s own values', async () => {
    const knex = connectDatabase({ client: 'sqlite', filename: ':memory:' });
    try {
      const connection = (await knex.client.acquireConnection()) as SqliteConnection;
      try {
        expect(connection.prepare('select 1 as one')).to.equal(connection.prepare('select 1 as one'));
      } finally {
        await knex.client.releaseConnection(connection);
      }
      expect(await knex.raw('select ? as n', [5])).to.deep.equal([{ n: 5 }]);
      expect(await knex.raw('select ? as n', [6])).to.deep.equal([{ n: 6 }]);
    } finally {
      await knex.destroy();
    }
  });
});
