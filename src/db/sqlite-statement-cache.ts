/** The part of a better-sqlite3 connection the cache wraps. */
interface PreparingConnection {
  prepare(sql: string): unknown;
}

/** How many compiled statements a connection keeps: every query the app builds, with room to spare. */
export const STATEMENTS_KEPT = 300;

/**
 * Keeps the connection's compiled statements by their SQL, so a query the app runs again is not compiled again
 * (Knex asks better-sqlite3 to prepare every query it runs; compiling was a tenth of a signed-in request's time).
 * Safe because Knex only runs a statement to its end (`all`, `run`), never leaves one open, and SQLite recompiles a
 * kept statement by itself when a migration changes the schema. The least recently used statement goes first.
 */
export function keepCompiledStatements(connection: PreparingConnection, kept = STATEMENTS_KEPT): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new Map<string, unknown>();
  connection.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (statements.size >= kept) statements.delete(statements.keys().next().value!);
    } else {
      statements.delete(sql);
    }
    statements.set(sql, statement);
    return statement;
  };
}
