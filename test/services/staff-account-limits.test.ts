import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { checkCredentials, setStaffPassword } from '../../src/services/staff-accounts.js';
import { LOWEST_PASSWORD_HASH_COST } from '../../src/services/passwords.js';
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

  it('signs that account in however its username is typed: spaces around it, another case, full width', async () => {
    const username = `  ${'v'.repeat(USERNAME_MAX_LENGTH)}  `;
    await setStaffPassword(db, username, 'long enough password', LOWEST_PASSWORD_HASH_COST);
    for (const typed of [username, 'V'.repeat(USERNAME_MAX_LENGTH), 'ｖ'.repeat(USERNAME_MAX_LENGTH)]) {
      const user = await checkCredentials(db, typed, 'long enough password', LOWEST_PASSWORD_HASH_COST);
      expect(user?.username, JSON.stringify(typed)).to.equal('v'.repeat(USERNAME_MAX_LENGTH));
    }
  });

  it('refuses a username that is empty once spaces are dropped, ideographic ones too', async () => {
    expect(await refusal('\u3000 \t', 'long enough password')).to.equal('The username must not be empty.');
  });

  it('refuses a password longer than sign-in compares', async () => {
    expect(await refusal('sales', 'p'.repeat(PASSWORD_MAX_LENGTH + 1))).to.equal(
      `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    );
  });
});
