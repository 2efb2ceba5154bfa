import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import type { DatabaseTarget } from '../config.js';

const run = promisify(execFile);

export const SQLITE_BACKUP_FILE = 'site.sqlite';
export const POSTGRES_BACKUP_FILE = 'database.dump';
export const UPLOADS_BACKUP_DIR = 'uploads';

function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** The table Knex records applied migrations in: present in every database the site has started on. */
const MIGRATIONS_TABLE = 'knex_migrations';

/**
 * A backup of the wrong database is worse than none: refuse a SQLite path with no file (opening it would create
 * an empty one) and a database the site never migrated, naming DATABASE_URL.
 */
async function assertSiteDatabase(db: Knex, database: DatabaseTarget): Promise<void> {
  const where = database.client === 'sqlite' ? database.filename : 'the PostgreSQL database in DATABASE_URL';
  if (database.client === 'sqlite') {
    const exists = await fs.stat(database.filename).then(
      (stats) => stats.isFile(),
      () => false,
    );
    if (!exists) throw new Error(`No database at ${where}; check DATABASE_URL.`);
  }
  if (!(await db.schema.hasTable(MIGRATIONS_TABLE))) {
    throw new Error(`${where} is not the site's database (no ${MIGRATIONS_TABLE} table); check DATABASE_URL.`);
  }
}

/**
 * Writes a consistent online copy of the database (SQLite: VACUUM INTO, safe while the site runs;
 * PostgreSQL: pg_dump) and a copy of the uploads into `<backupRoot>/<timestamp>/`. Returns that folder.
 */
export async function createBackup(options: {
  db: Knex;
  database: DatabaseTarget;
  uploadDir: string;
  backupRoot: string;
  now?: Date;
}): Promise<string> {
  await assertSiteDatabase(options.db, options.database);
  const target = path.join(options.backupRoot, stamp(options.now ?? new Date()));
  await fs.mkdir(target, { recursive: true });
  if (options.database.client === 'sqlite') {
    await options.db.raw('VACUUM INTO ?', [path.join(target, SQLITE_BACKUP_FILE)]);
  } else {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(target, POSTGRES_BACKUP_FILE)}`,
      options.database.connectionString,
    ]);
  }
  const uploads = await fs.stat(options.uploadDir).then(
    () => true,
    () => false,
  );
  if (uploads) await fs.cp(options.uploadDir, path.join(target, UPLOADS_BACKUP_DIR), { recursive: true });
  else await fs.mkdir(path.join(target, UPLOADS_BACKUP_DIR));
  return target;
}

/**
 * Brings a backup back: the database file (or pg_restore into the database) and the uploads folder.
 * Run it with the site stopped; the current SQLite file is kept beside it as `.before-restore`.
 */
export async function restoreBackup(options: {
  backupDir: string;
  database: DatabaseTarget;
  uploadDir: string;
}): Promise<void> {
  const { backupDir, database, uploadDir } = options;
  if (database.client === 'sqlite') {
    const source = path.join(backupDir, SQLITE_BACKUP_FILE);
    await fs.access(source);
    await fs.mkdir(path.dirname(database.filename), { recursive: true });
    const current = await fs.stat(database.filename).then(
      () => true,
      () => false,
    );
    if (current) await fs.rename(database.filename, `${database.filename}.before-restore`);
    for (const suffix of ['-wal', '-shm']) await fs.rm(`${database.filename}${suffix}`, { force: true });
    await fs.copyFile(source, database.filename);
  } else {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      `--dbname=${database.connectionString}`,
      path.join(backupDir, POSTGRES_BACKUP_FILE),
    ]);
  }
  await fs.rm(uploadDir, { recursive: true, force: true });
  await fs.cp(path.join(backupDir, UPLOADS_BACKUP_DIR), uploadDir, { recursive: true });
}
