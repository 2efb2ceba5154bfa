import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { scheduleUploadCleanup } from '../../src/db/upload-cleanups.js';
import { UploadCleanup } from '../../src/services/upload-cleanup.js';
import type { UploadStorage } from '../../src/services/upload-storage.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { startSiteInstance, type RunningSite } from '../support/outbox-site.js';
import { startS3Server, type RunningS3 } from '../support/s3-server.js';
import { waitFor } from '../support/smtp-sink.js';
import { signIn, STAFF_ENV, uploadCarouselPhoto } from '../support/staff.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { testConfig, testPasswordHashCost } from '../support/test-server.js';

/**
 * Issue 15, deploy guide §8: the upload folders to remove after an S3 outage are kept in the database, so an
 * instance that stops before S3 is back leaves the work to the next one instead of orphan objects in the bucket.
 */
const PREFIX = 'maplehollow';
/** Quick retries, so a test waits for S3 in seconds; the policy itself is the production one. */
const QUICK = { pollMs: 200, baseDelayMs: 200, maxDelayMs: 1_000 };

describe('Upload clean-up across a restart (S3, one database)', function () {
  this.timeout(90_000);
  let s3: RunningS3;
  let dataDir: string;
  let database: TestDatabase;
  const running = new Set<RunningSite>();

  const instanceEnv = () => ({
    ...STAFF_ENV,
    ...s3.env(PREFIX),
    ...testPasswordHashCost({}),
    SESSION_SECRET: 'one session secret shared by every instance, 48 chars',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
  });
  /**
   * The instance that meets the outage: the built server in a process of its own, so that stopping it ends whatever
   * it still had in memory, as on a real machine.
   */
  let first: ChildServer | undefined;
  async function stopFirst(): Promise<void> {
    first?.process.kill('SIGTERM');
    await first?.exited;
    first = undefined;
  }
  /** Rows of upload_cleanups, read on a connection of the test's own. */
  async function cleanupRows(): Promise<number> {
    const db = connectDatabase(testConfig(dataDir, database.url).database);
    try {
      return (await db('upload_cleanups').pluck('folder')).length;
    } finally {
      await db.destroy();
    }
  }

  /** The next instance on the shared database and bucket, in this process; stop() ends it and keeps both. */
  function startInstance(): Promise<RunningSite> {
    const config = testConfig(dataDir, database.url, instanceEnv());
    return startSiteInstance(config, { uploadCleanupTiming: QUICK }, running);
  }

  beforeEach(async () => {
    s3 = await startS3Server();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-cleanup-'));
    database = await createTestDatabase(dataDir);
  });
  afterEach(async () => {
    await stopFirst();
    for (const instance of [...running]) await instance.stop();
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    await s3?.stop();
  });

  it('an outage mid-upload, the instance stopped, S3 back: the next instance removes the orphan objects and the row', async () => {
    first = await startChildServer(instanceEnv());
    const a = first;
    const staff = await signIn(a.url);
    s3.afterPuts(2, () => s3.outage());
    const response = await uploadCarouselPhoto(a.url, staff, {
      alt: 'Never saved',
      background: '#a26',
      name: 'a.png',
    });
    expect(response.status).to.equal(503);
    expect(await cleanupRows(), 'the folder to remove is recorded').to.equal(1);
    await stopFirst();

    s3.recover();
    expect(await s3.keys(`${PREFIX}/`), 'orphans left by the stopped instance').to.have.length(2);
    await startInstance();
    await waitFor(async () => (await s3.keys(`${PREFIX}/`)).length === 0, 20_000);
    await waitFor(async () => (await cleanupRows()) === 0, 5_000);
  });

  it('a deleted image during an outage, the instance stopped, S3 back: the next instance removes its objects and the row', async () => {
    first = await startChildServer(instanceEnv());
    const a = first;
    const staff = await signIn(a.url);
    const uploaded = await uploadCarouselPhoto(a.url, staff, {
      alt: 'Deleted during an outage',
      background: '#62a',
      name: 'b.png',
    });
    expect(uploaded.status).to.equal(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(await cleanupRows(), 'a stored upload leaves no row').to.equal(0);
    s3.outage();
    const deleted = await fetch(`${a.url}/admin/delete/homepageimage`, {
      method: 'POST',
      headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url, order: 0 }),
    });
    expect(deleted.status).to.equal(200);
    expect(await cleanupRows()).to.equal(1);
    await stopFirst();

    s3.recover();
    expect(await s3.keys(`${PREFIX}/`), 'the deleted image’s objects are still there').to.have.length.greaterThan(5);
    await startInstance();
    await waitFor(async () => (await s3.keys(`${PREFIX}/`)).length === 0, 20_000);
    await waitFor(async () => (await cleanupRows()) === 0, 5_000);
  });
});

describe('Upload clean-up workers sharing one database', function () {
  this.timeout(60_000);
  let dataDir: string;
  let database: TestDatabase;

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-cleanup-'));
    database = await createTestDatabase(dataDir);
  });
  after(async () => {
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('two workers on their own connections remove each due folder once: the lease gives every row to one of them', async () => {
    const config = testConfig(dataDir, database.url);
    const connections = [connectDatabase(config.database), connectDatabase(config.database)];
    try {
      await migrateToLatest(connections[0]!);
      const folders = Array.from({ length: 12 }, (_, index) => `f01der${String(index).padStart(2, '0')}`);
      for (const folder of folders) await scheduleUploadCleanup(connections[0]!, folder, Date.now());
      const removed: string[] = [];
      const storage: UploadStorage = {
        write: async () => undefined,
        writeFromFile: async () => undefined,
        read: async () => undefined,
        open: async () => undefined,
        async removeFolder(folder) {
          removed.push(folder);
          // Long enough that the other worker reaches the same rows while this one still holds them.
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      };
      const silent = pino({ level: 'silent' });
      const workers = connections.map((db) => new UploadCleanup(db, storage, silent));
      await Promise.all(workers.map((worker) => worker.removeDue()));
      expect([...removed].sort()).to.deep.equal(folders);
      expect(await connections[1]!('upload_cleanups').pluck('folder')).to.deep.equal([]);
    } finally {
      for (const db of connections) await db.destroy();
    }
  });
});
