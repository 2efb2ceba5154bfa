import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseTarget } from '../config.js';
import { keepCompiledStatements } from './sqlite-statement-cache.js';

type SqliteConnection = { pragma(sql: string): unknown; prepare(sql: string): unknown };

/**
 * One Knex instance for the whole process. SQLite runs in WAL with synchronous=FULL so an answered
 * `success` survives a crash, a busy timeout so concurrent writers queue instead of failing, foreign keys on, and
 * compiled statements kept for the next run of the same query (sqlite-statement-cache.ts).
 */
export function connectDatabase(target: DatabaseTarget): Knex {
  if (target.client === 'postgres') {
    return knexFactory({ client: 'pg', connection: target.connectionString, pool: { min: 0, max: 10 } });
  }
  if (target.filename !== ':memory:') fs.mkdirSync(path.dirname(target.filename), { recursive: true });
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: target.filename },
    useNullAsDefault: true,
    pool: {
      afterCreate(connection: SqliteConnection, done: (error: Error | null, connection: SqliteConnection) => void) {
        connection.pragma('journal_mode = WAL');
        connection.pragma('synchronous = FULL');
        connection.pragma('busy_timeout = 5000');
        connection.pragma('foreign_keys = ON');
        keepCompiledStatements(connection);
        done(null, connection);
      },
    },
  });
}

export function isSqlite(db: Knex): boolean {
  return db.client.config.client === 'better-sqlite3';
}
