import { expect } from 'chai';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pruneAuditLog, recordAudit } from '../../src/services/audit-log.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('The audit trail is append-only', () => {
  it('is touched by one module of queries alone (and its migration), which has no update and one delete: by age', async () => {
    const files = [
      ...(await sourceFiles('src')),
      ...(await sourceFiles('scripts')),
      ...(await sourceFiles('tools')),
      ...(await sourceFiles('views')),
    ];
    const touching: string[] = [];
    for (const file of files) {
      if ((await fs.readFile(file, 'utf8')).includes('audit_log')) touching.push(file);
    }
    expect(touching.sort()).to.deep.equal(['src/db/audit-log.ts']);
    const queries = await fs.readFile('src/db/audit-log.ts', 'utf8');
    expect(queries).to.not.match(/\.update\(|\.merge\(|\.truncate\(|\.del\(/);
    const deletes = queries.match(/\.delete\(/g) ?? [];
    expect(deletes).to.have.length(1);
    expect(queries).to.match(
      /export function pruneAuditRowsBefore\(db: Knex, before: string\): Promise<number> \{\n\s+return db\('audit_log'\)\.where\('at', '<', before\)\.delete\(\);/,
    );
  });

  describe('pruning', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(() => server.close());

    it('removes rows older than the retention only, and the default keeps two years', async () => {
      expect(server.config.auditRetentionDays).to.equal(730);
      const now = Date.parse('2028-06-01T00:00:00.000Z');
      await recordAudit(server.db, { actor: 'a', action: 'sign-in' }, new Date(now - 731 * 86_400_000));
      await recordAudit(server.db, { actor: 'b', action: 'sign-in' }, new Date(now - 729 * 86_400_000));
      await recordAudit(server.db, { actor: 'c', action: 'sign-in' }, new Date(now - 1000));
      expect(await pruneAuditLog(server.db, 730, now)).to.equal(1);
      expect(
        await server.db('audit_log').whereIn('actor', ['a', 'b', 'c']).orderBy('actor').pluck('actor'),
      ).to.deep.equal(['b', 'c']);
    });
  });
});
