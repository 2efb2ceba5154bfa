import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { connectDatabase } from '../../src/db/connect.js';
import { POSTGRES_BACKUP_FILE, SQLITE_BACKUP_FILE, UPLOADS_BACKUP_DIR } from '../../src/services/backup.js';
import { itWithCommands } from '../support/require-command.js';
import { databaseUrlOf, testsRunOnPostgres } from '../support/test-database.js';
import { startTestServer } from '../support/test-server.js';
import { operatorScript } from '../support/operator-scripts.js';

const run = promisify(execFile);
/** PostgreSQL is backed up and restored with its own client tools; SQLite needs none. */
const BACKUP_TOOLS = testsRunOnPostgres() ? ['pg_dump', 'pg_restore'] : [];

describe('npm run backup / npm run restore', function () {
  this.timeout(120_000);

  // SQLite (VACUUM INTO) under npm test; PostgreSQL (pg_dump / pg_restore) under npm run test:postgres.
  itWithCommands(
    BACKUP_TOOLS,
    'backs up the running site (database and uploads) and restores exactly that state',
    async () => {
      const server = await startTestServer();
      const backupRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'backups-'));
      const { database } = server.config;
      const env = {
        ...process.env,
        DATABASE_URL: databaseUrlOf(database),
        UPLOAD_DIR: server.config.uploadDir,
      };
      try {
        await fs.mkdir(path.join(server.config.uploadDir, 'abc'), { recursive: true });
        await fs.writeFile(path.join(server.config.uploadDir, 'abc', 'image-400.x.jpg'), 'uploaded bytes');
        const post = await fetch(`${server.url}/contact/submit`, {
          method: 'POST',
          body: new URLSearchParams({
            firstname: 'Bo',
            lastname: 'Ng',
            email: 'bo@example.com',
            phone: '(970) 555-0123',
            subject: 'Before backup',
            message: 'Kept',
          }),
        });
        expect(await post.text()).to.equal('success');
        // Content and its history are in the backup too: a publish before it is kept, one after it is undone.
        const retag = async (tagline: string) => {
          const view = (await server.site.content.view('community'))!;
          const data = { ...(view.published.data as object), tagline };
          const saved = await server.site.content.saveDraft('community', data, view.published.version, 'staff');
          if (!saved.ok) throw new Error('draft refused');
          await server.site.content.publish('community', saved.value.version, { username: 'staff' });
        };
        await retag('Published before the backup');

        const { stdout } = await run(process.execPath, [...operatorScript('backup'), backupRoot], { env });
        const folder = /Backup written to (.+)/.exec(stdout)?.[1]?.trim() ?? '';
        expect(await fs.readdir(folder)).to.have.members([
          database.client === 'sqlite' ? SQLITE_BACKUP_FILE : POSTGRES_BACKUP_FILE,
          UPLOADS_BACKUP_DIR,
        ]);

        // Changes after the backup, which the restore must undo.
        await fetch(`${server.url}/contact/submit`, {
          method: 'POST',
          body: new URLSearchParams({
            firstname: 'Al',
            lastname: 'Ng',
            email: 'al@example.com',
            phone: '(970) 555-0124',
            subject: 'After backup',
            message: 'Gone',
          }),
        });
        await retag('Published after the backup');
        await fs.rm(path.join(server.config.uploadDir, 'abc'), { recursive: true });
        await server.site.close();

        await run(process.execPath, [...operatorScript('restore'), folder], { env });
        const db = connectDatabase(database);
        try {
          const subjects = (await db('contact_messages').select('subject')).map(
            (row: { subject: string }) => row.subject,
          );
          expect(subjects).to.deep.equal(['Before backup']);
          const published = (await db('content_versions')
            .where({ section: 'community' })
            .whereNotNull('published_at')
            .orderBy('version')
            .select('data')) as { data: string }[];
          expect(published.map((row) => (JSON.parse(row.data) as { tagline: string }).tagline)).to.deep.equal([
            "Homes From The Mid 500's",
            'Published before the backup',
          ]);
        } finally {
          await db.destroy();
        }
        expect(await fs.readFile(path.join(server.config.uploadDir, 'abc', 'image-400.x.jpg'), 'utf8')).to.equal(
          'uploaded bytes',
        );
      } finally {
        await fs.rm(backupRoot, { recursive: true, force: true });
        await server.close();
      }
    },
  );

  it('refuses to back up a database that is not there, creating nothing', async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'backups-'));
    const missing = path.join(scratch, 'nowhere', 'site.sqlite');
    try {
      const failure = await run(process.execPath, [...operatorScript('backup'), path.join(scratch, 'out')], {
        env: { ...process.env, DATABASE_URL: `sqlite:${missing}`, UPLOAD_DIR: path.join(scratch, 'uploads') },
      }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).to.equal(1);
      expect(failure?.stderr).to.include(`No database at ${missing}; check DATABASE_URL.`);
      expect(await fs.readdir(scratch), 'no backup folder').to.not.include('out');
      expect(
        await fs.stat(missing).then(
          () => true,
          () => false,
        ),
        'no empty database created',
      ).to.equal(false);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  });
});
