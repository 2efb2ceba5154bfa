import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { setStaffPassword } from '../../src/services/staff-accounts.js';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../src/shared/staff-credentials.js';

/** `npm run admin -- set-password` and ADMIN_USERNAME share setStaffPassword: it keeps the sign-in form's limits. */
describe('Setting a staff password keeps the sign-in limits', () => {
  let dir: string;
  let db: Knex;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staff-limits-test-'));
    db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
    await migrateToLatest(db);
  });
  after(async () => {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function refusal(username: string, password: string): Promise<string> {
    try {
      await setStaffPassword(db, username, password);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  }

  it('refuses a username the sign-in form could never send, and stores nothing', async () => {
    const tooLong = 'u'.repeat(USERNAME_MAX_LENGTH + 1);
    expect(await refusal(tooLong, 'long enough password')).to.equal(
      `The username must be at most ${USERNAME_MAX_LENGTH} characters.`,
    );
    expect(await db('users').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });

  it('takes a username of exactly the limit, surrounding spaces aside', async () => {
    expect(await refusal(`  ${'u'.repeat(USERNAME_MAX_LENGTH)}  `, 'long enough password')).to.equal('accepted');
  });

  it('refuses a password longer than sign-in compares', async () => {
    expect(await refusal('sales', 'p'.repeat(PASSWORD_MAX_LENGTH + 1))).to.equal(
      `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    );
  });
});
