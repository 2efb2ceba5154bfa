/**
 * npm run backup [-- <backup-root>]   a consistent online copy of the database plus the uploads, in a dated folder
 * (default root: backups/). Safe while the site is running.
 */
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { createBackup } from '../src/services/backup.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const backupRoot = path.resolve(process.argv[2] ?? 'backups');
  const db = connectDatabase(config.database);
  try {
    const folder = await createBackup({ db, database: config.database, uploadDir: config.uploadDir, backupRoot });
    console.log(`Backup written to ${folder}`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
