import { expect } from 'chai';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { hashPassword, LOWEST_PASSWORD_HASH_COST, verifyPassword } from '../../src/services/passwords.js';
import { checkCredentials, setStaffPassword } from '../../src/services/staff-accounts.js';
import { operatorEnvironment, operatorScript } from '../support/operator-scripts.js';

const HASH_FORMAT = /^scrypt\$32768\$8\$1\$([A-Za-z0-9+/]{22}==)\$([A-Za-z0-9+/]{86}==)$/;
/** What verifying, salting and normalising do is the same at any cost: those tests hash at the cheapest. */
const cheapHash = (password: string) => hashPassword(password, LOWEST_PASSWORD_HASH_COST);
const CHEAP_HASH_FORMAT = /^scrypt\$1024\$8\$1\$([A-Za-z0-9+/]{22}==)\$([A-Za-z0-9+/]{86}==)$/;

describe('Password hashing', () => {
  it('writes scrypt$N$r$p$salt$key with N=2^15, r=8, p=1, a 16-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('correct horse battery');
    const match = HASH_FORMAT.exec(hash);
    expect(match, hash).to.not.equal(null);
    expect(Buffer.from(match?.[1] ?? '', 'base64')).to.have.length(16);
    expect(Buffer.from(match?.[2] ?? '', 'base64')).to.have.length(64);
    expect(hash).to.not.include('correct horse battery');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await cheapHash('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).to.equal(true);
    expect(await verifyPassword('correct horse batter', hash)).to.equal(false);
    expect(await verifyPassword('Correct horse battery', hash)).to.equal(false);
    expect(await verifyPassword('', hash)).to.equal(false);
  });

  it('salts each hash: the same password twice gives two different hashes, both valid', async () => {
    const [first, second] = await Promise.all([cheapHash('same password'), cheapHash('same password')]);
    expect(first).to.not.equal(second);
    expect(CHEAP_HASH_FORMAT.exec(first)?.[1]).to.not.equal(CHEAP_HASH_FORMAT.exec(second)?.[1]);
    expect(await verifyPassword('same password', first)).to.equal(true);
    expect(await verifyPassword('same password', second)).to.equal(true);
  });

  it('treats Unicode forms of one password alike (NFKC)', async () => {
    const hash = await cheapHash('ｐａｓｓｗｏｒｄ１２３');
    expect(await verifyPassword('password123', hash)).to.equal(true);
    const composed = await cheapHash('caf\u00e9 au lait');
    expect(await verifyPassword('cafe\u0301 au lait', composed)).to.equal(true);
  });

  it('answers false, never throws, for a stored value that is not a valid hash', async () => {
    const good = await cheapHash('whatever it is');
    const [, n, r, p, salt, key] = good.split('$');
    for (const stored of [
      '',
      'plain text password',
      `bcrypt$${n}$${r}$${p}$${salt}$${key}`,
      `scrypt$${n}$${r}$${p}$${salt}$`,
      `scrypt$abc$${r}$${p}$${salt}$${key}`,
      `scrypt$3$${r}$${p}$${salt}$${key}`,
      `scrypt$${2 ** 40}$${r}$${p}$${salt}$${key}`,
      `scrypt$${n}$0$${p}$${salt}$${key}`,
    ]) {
      expect(await verifyPassword('whatever it is', stored), stored).to.equal(false);
    }
  });
});

describe('Staff accounts', () => {
  let dir: string;
  let db: Knex;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staff-accounts-test-'));
    db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
    await migrateToLatest(db);
  });
  after(async () => {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('stores a normalised username and only a hash', async () => {
    await setStaffPassword(db, '  Office.Manager ', 'long enough password');
    const row = await db('users').where({ username: 'office.manager' }).first();
    expect(row).to.not.equal(undefined);
    expect(row.password_hash).to.match(HASH_FORMAT);
    expect((await checkCredentials(db, 'OFFICE.MANAGER', 'long enough password'))?.username).to.equal('office.manager');
    expect(await checkCredentials(db, 'office.manager', 'wrong password here')).to.equal(undefined);
    expect(await checkCredentials(db, 'nobody', 'long enough password')).to.equal(undefined);
  });

  it('refuses a password under 12 characters and an empty username', async () => {
    let error: unknown;
    await setStaffPassword(db, 'shorty', 'seven77').catch((caught: unknown) => (error = caught));
    expect(String(error)).to.match(/at least 12 characters/);
    error = undefined;
    await setStaffPassword(db, '   ', 'long enough password').catch((caught: unknown) => (error = caught));
    expect(String(error)).to.match(/must not be empty/);
    expect(await db('users').whereIn('username', ['shorty', '']).first()).to.equal(undefined);
  });

  it('refuses over-long credentials without looking them up', async () => {
    await setStaffPassword(db, 'longpass', 'long enough password');
    expect(await checkCredentials(db, 'longpass', 'x'.repeat(5000))).to.equal(undefined);
    expect(await checkCredentials(db, 'l'.repeat(65), 'long enough password')).to.equal(undefined);
  });
});

describe('npm run admin -- set-password <user>', () => {
  let dir: string;
  let databaseFile: string;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-script-test-'));
    databaseFile = path.join(dir, 'site.sqlite');
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  /** Runs scripts/admin.ts as `npm run admin` does, with a password piped on standard input. */
  function runAdmin(args: string[], stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const env = operatorEnvironment({ DATABASE_URL: `sqlite:${databaseFile}`, DATA_DIR: dir });
      const child = spawn(process.execPath, [...operatorScript('admin'), ...args], {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
  }

  async function hashOf(username: string): Promise<string | undefined> {
    const db = connectDatabase({ client: 'sqlite', filename: databaseFile });
    try {
      return ((await db('users').where({ username }).first()) as { password_hash: string } | undefined)?.password_hash;
    } finally {
      await db.destroy();
    }
  }

  it('creates the account from a piped password, then resets it on a second run', async function () {
    this.timeout(60_000);
    const created = await runAdmin(['set-password', 'Sales'], 'first password 1\n');
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.include('The password of Sales is set.');
    expect(created.stdout + created.stderr).to.not.include('first password 1');
    const firstHash = await hashOf('sales');
    expect(firstHash).to.match(HASH_FORMAT);
    expect(await verifyPassword('first password 1', firstHash as string)).to.equal(true);

    const reset = await runAdmin(['set-password', 'sales'], 'second password 2\nignored third line\n');
    expect(reset.code, reset.stderr).to.equal(0);
    const secondHash = await hashOf('sales');
    expect(secondHash).to.not.equal(firstHash);
    expect(await verifyPassword('second password 2', secondHash as string)).to.equal(true);
    expect(await verifyPassword('first password 1', secondHash as string)).to.equal(false);

    const db = connectDatabase({ client: 'sqlite', filename: databaseFile });
    try {
      expect(await db('users').count({ count: '*' }).first()).to.deep.equal({ count: 1 });
    } finally {
      await db.destroy();
    }
  });

  it('exits 1 with a message and changes nothing for a password under 12 characters', async function () {
    this.timeout(60_000);
    const before = await hashOf('sales');
    const result = await runAdmin(['set-password', 'sales'], 'short\n');
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/at least 12 characters/);
    expect(await hashOf('sales')).to.equal(before);
  });

  it('exits 1 for empty standard input and creates no account', async function () {
    this.timeout(60_000);
    const result = await runAdmin(['set-password', 'nobody-yet'], '');
    expect(result.code).to.equal(1);
    expect(await hashOf('nobody-yet')).to.equal(undefined);
  });

  it('exits 2 with the usage line when the username or command is missing', async function () {
    this.timeout(60_000);
    for (const args of [['set-password'], ['reset', 'sales']]) {
      const result = await runAdmin(args, 'whatever password\n');
      expect(result.code, args.join(' ')).to.equal(2);
      expect(result.stderr).to.include('Usage: npm run admin -- set-password <username>');
    }
  });
});
