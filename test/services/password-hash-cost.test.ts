import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.js';
import { unknownUserHash, verifyPassword } from '../../src/services/passwords.js';
import { postSignIn, STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { startTestServer } from '../support/test-server.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a session secret for the hash cost test, 48 chars',
  SITE_URL: 'https://maplehollow.example',
};

async function storedHashOf(server: Awaited<ReturnType<typeof startTestServer>>, username: string): Promise<string> {
  const row = (await server.db('users').where({ username }).first()) as { password_hash: string } | undefined;
  expect(row, `a ${username} account`).to.not.equal(undefined);
  return row!.password_hash;
}

describe('PASSWORD_HASH_COST (scrypt cost of staff passwords)', function () {
  this.timeout(60_000);

  it('is 15 (N=2^15) by default: a production site stores its staff password as scrypt$32768$8$1', async () => {
    expect(loadConfig({}).passwordHashCost).to.equal(15);
    const server = await startTestServer({ ...STAFF_ENV, ...PRODUCTION });
    try {
      const hash = await storedHashOf(server, 'staff');
      expect(hash).to.match(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword(STAFF_PASSWORD, hash)).to.equal(true);
    } finally {
      await server.close();
    }
  });

  it('refuses a cost below 15 in production, and one outside 10–15 anywhere, naming the variable', () => {
    expect(() => loadConfig({ ...PRODUCTION, PASSWORD_HASH_COST: '14' })).to.throw(
      ConfigError,
      'PASSWORD_HASH_COST: must be 15 (the default) when NODE_ENV=production',
    );
    for (const cost of ['9', '16', 'cheap'])
      expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: cost }), cost).to.throw(
        ConfigError,
        'PASSWORD_HASH_COST',
      );
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).to.equal(10);
  });

  it('outside production hashes at the cost given, and signs in against it: right password 303, wrong or unknown 401', async () => {
    const server = await startTestServer({ ...STAFF_ENV, PASSWORD_HASH_COST: '10' });
    try {
      expect(await storedHashOf(server, 'staff')).to.match(/^scrypt\$1024\$8\$1\$/);
      expect((await postSignIn(server.url, 'staff', STAFF_PASSWORD)).status, 'right password').to.equal(303);
      expect((await postSignIn(server.url, 'staff', 'not the password')).status, 'wrong password').to.equal(401);
      expect((await postSignIn(server.url, 'nobody', STAFF_PASSWORD)).status, 'unknown username').to.equal(401);
    } finally {
      await server.close();
    }
    // An unknown username is checked against a hash of the same cost as a known one, so both take the same time.
    expect(await unknownUserHash(10)).to.match(/^scrypt\$1024\$8\$1\$/);
    expect(await unknownUserHash()).to.match(/^scrypt\$32768\$8\$1\$/);
  });
});
