import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import knexFactory from 'knex';
import { startTestServer } from '../support/test-server.js';

const run = promisify(execFile);

describe('npm run backup / npm run restore', function () {
  this.timeout(120_000);

  it('backs up the running site (database and uploads) and restores exactly that state', async () => {
    const server = await startTestServer({}, { sqlite: true });
    const backupRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'backups-'));
    const env = {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(server.dataDir, 'site.sqlite')}`,
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

      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', backupRoot], { env });
      const folder = /Backup written to (.+)/.exec(stdout)?.[1]?.trim() ?? '';
      expect(await fs.readdir(folder)).to.have.members(['site.sqlite', 'uploads']);

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
      await fs.rm(path.join(server.config.uploadDir, 'abc'), { recursive: true });
      await server.site.close();

      await run(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', folder], { env });
      const db = knexFactory({
        client: 'better-sqlite3',
        connection: { filename: path.join(server.dataDir, 'site.sqlite') },
        useNullAsDefault: true,
      });
      try {
        const subjects = (await db('contact_messages').select('subject')).map(
          (row: { subject: string }) => row.subject,
        );
        expect(subjects).to.deep.equal(['Before backup']);
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
  });
});
