/**
 * npm run restore -- <backup-folder>   brings back a backup made by `npm run backup` (database and uploads).
 * Stop the site first; start it again afterwards (migrations run at start).
 */
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { restoreBackup } from '../src/services/backup.js';

async function main(): Promise<void> {
  const backupDir = process.argv[2];
  if (!backupDir) {
    console.error('Usage: npm run restore -- <backup-folder>');
    process.exit(2);
  }
  const config = loadConfig();
  await restoreBackup({ backupDir: path.resolve(backupDir), database: config.database, uploadDir: config.uploadDir });
  console.log(`Restored ${backupDir}. Start the site again.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
