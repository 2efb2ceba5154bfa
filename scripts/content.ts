/**
 * Content commands, for moving content between installs or keeping it in version control.
 *   npm run content -- export FILE             every section's published document, as JSON
 *   npm run content -- import FILE [--dry-run] checks FILE and saves each changed section as a draft (never published)
 * Uses DATABASE_URL like the site; the site may be running.
 */
import fs from 'node:fs/promises';
import { loadConfig } from '../src/config.js';
import { loadContent } from '../src/content/index.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { firstCommunity } from '../src/prepare-database.js';
import { createLogger } from '../src/logger.js';
import { ContentService } from '../src/services/content.js';
import { exportContent, importContent } from '../src/services/content-transfer.js';
import { PublicContentChanges } from '../src/services/public-content.js';
import { isSectionId, SECTION_INFO } from '../src/content/sections.js';
import { labelOfPath } from '../src/shared/content-form.js';

/**
 * A problem as an operator reads it: the section and field in the editor's words, then where it is in the file
 * ("Tour hours › Closed date 1 (tours.closedDates.0): must be a real date").
 */
function describeProblem(problem: { section: string; path: string; message: string }): string {
  const where = `${problem.section}${problem.path ? `.${problem.path}` : ''}`;
  if (!isSectionId(problem.section)) return `${where}: ${problem.message}`;
  const title = SECTION_INFO[problem.section].title;
  const label = problem.path ? `${title} › ${labelOfPath(problem.path)}` : title;
  return `${label} (${where}): ${problem.message}`;
}

const USAGE = 'Usage: npm run content -- export FILE | import FILE [--dry-run]';

async function main(): Promise<number> {
  const [command, file, ...flags] = process.argv.slice(2);
  const dryRun = flags.includes('--dry-run');
  if (!file || (command !== 'export' && command !== 'import') || flags.some((flag) => flag !== '--dry-run')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger(config);
  const db = connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    // A database the site never started on gets the sample first, as `npm start` would give it.
    const sample = loadContent();
    await ContentService.seed(db, sample, await firstCommunity(db, sample));
    if (command === 'export') {
      await fs.writeFile(file, `${JSON.stringify(await exportContent(db), null, 2)}\n`);
      console.log(`Content written to ${file}`);
      return 0;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await fs.readFile(file, 'utf8'));
    } catch (error) {
      console.error(`${file} could not be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    const service = new ContentService(db, new PublicContentChanges(db, logger), logger);
    await service.load();
    const outcome = await importContent(service, parsed, { dryRun, by: 'import' });
    if (outcome.problems.length > 0) {
      console.error(`${file} has ${outcome.problems.length} problem(s); nothing was saved:`);
      for (const problem of outcome.problems) console.error(`  ${describeProblem(problem)}`);
      return 1;
    }
    if (outcome.changed.length === 0) {
      console.log('Every section already says what the file says: nothing to import.');
    } else if (dryRun) {
      console.log(`Valid. These sections would become drafts: ${outcome.changed.join(', ')} (dry run: nothing saved).`);
    } else {
      const saved = Object.entries(outcome.saved).map(([id, version]) => `${id} (draft ${version})`);
      console.log(`Saved as drafts, not published: ${saved.join(', ')}. Review and publish them at /admin/content.`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
