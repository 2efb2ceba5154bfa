/**
 * The cost the team adds to a staff request: the permission check (the table), the account read on every request
 * (role, state, two-factor) and one audit row. `npm run bench:team`; SQLite in a temporary folder.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { accountState } from '../../src/db/users.js';
import { recordAudit } from '../../src/services/audit-log.js';
import { mayVisit } from '../../src/shared/permissions.js';

const RUNS = 2000;
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-team-'));
const db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
try {
  await migrateToLatest(db);
  const [user] = await db('users').insert({ username: 'bench', password_hash: 'x', role: 'sales' }).returning('id');
  const id = typeof user === 'object' ? (user as { id: number }).id : Number(user);
  const time = async (label: string, work: (index: number) => unknown) => {
    for (let index = 0; index < 200; index += 1) await work(index);
    const started = process.hrtime.bigint();
    for (let index = 0; index < RUNS; index += 1) await work(index);
    const perRun = Number(process.hrtime.bigint() - started) / RUNS / 1e6;
    console.log(`${label.padEnd(44)} ${perRun.toFixed(4)} ms`);
  };
  await time('permission check (mayVisit)', (index) =>
    mayVisit('sales', index % 2 ? '/admin/homesites/12' : '/admin/team'),
  );
  await time('account read per request (accountState)', () => accountState(db, id));
  await time('audit write (recordAudit)', (index) =>
    recordAudit(db, {
      actor: 'bench',
      action: 'homesite.change',
      target: `homesite/${index}`,
      ip: '127.0.0.1',
      details: { status: ['available', 'sold'] },
    }),
  );
} finally {
  await db.destroy();
  await fs.rm(dir, { recursive: true, force: true });
}
