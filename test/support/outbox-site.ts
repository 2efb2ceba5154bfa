import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import type { Config } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import type { OutboxTiming } from '../../src/services/lead-outbox.js';
import { createSite, type Site } from '../../src/site.js';
import type { SmtpSink } from './smtp-sink.js';
import { signIn, STAFF_ENV, type Staff } from './staff.js';
import { createTestDatabase } from './test-database.js';
import { testConfig } from './test-server.js';

/**
 * Starts one instance of the site in this process on a free port, kept in `running` until stopped (stop() is
 * idempotent), so a test can stop whatever is still running at the end.
 */
export async function startSiteInstance(
  config: Config,
  options: Parameters<typeof createSite>[3] = {},
  running = new Set<RunningSite>(),
  logger: Logger = createLogger(config),
): Promise<RunningSite> {
  const site = await createSite(config, logger, undefined, options);
  const server = site.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const instance: RunningSite = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    site,
    async stop() {
      if (!running.delete(instance)) return;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await site.close();
    },
  };
  running.add(instance);
  return instance;
}

/** A logger at `level` that keeps each line it writes, parsed, in `lines`, for a test to read. */
export function recordingLogger<Line>(level: string, lines: Line[]): Logger {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  return pino({ level }, stream);
}

/** The outbox on a short clock, so retries come in tenths of a second rather than seconds. */
export const QUICK_OUTBOX: Partial<OutboxTiming> = {
  baseDelayMs: 100,
  maxDelayMs: 400,
  pollMs: 100,
  attemptTimeoutMs: 1_000,
};

export interface RunningSite {
  url: string;
  site: Site;
  /** Stops this instance (HTTP server, outbox worker, database connection); the data stays. */
  stop(): Promise<void>;
}

export interface OutboxSiteHome {
  /** Starts an instance on the same database: run one, stop it, start another, as a restart does. */
  start(timing?: Partial<OutboxTiming>): Promise<RunningSite>;
  dispose(): Promise<void>;
}

/** A site whose data outlives one instance, with the outbox's timing given (test-server.ts keeps the defaults). */
export async function createOutboxSiteHome(
  env: Record<string, string>,
  timing: Partial<OutboxTiming> = QUICK_OUTBOX,
): Promise<OutboxSiteHome> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-site-'));
  const database = await createTestDatabase(dataDir);
  const config = testConfig(dataDir, database.url, { CONTACT_RATE_LIMIT: '0', ...env });
  const running = new Set<RunningSite>();
  return {
    async start(instanceTiming = timing) {
      return startSiteInstance(config, { outboxTiming: instanceTiming }, running);
    },
    async dispose() {
      for (const instance of [...running]) await instance.stop();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A site whose mail goes to a local SMTP server, as the lead and list tests run it, with the staff signed in. */
export interface MailedSite {
  home: OutboxSiteHome;
  site: RunningSite;
  staff: Staff;
}

/**
 * Starts `sink`, then one instance of a site home that sends to it (sales at sales@maplehollow.example, plus `env`),
 * and signs the staff account in. Should the start fail, the home is disposed of here (the test never gets it).
 */
export async function startMailedSite(sink: SmtpSink, env: Record<string, string> = {}): Promise<MailedSite> {
  await sink.start();
  const home = await createOutboxSiteHome({
    ...STAFF_ENV,
    SMTP_URL: sink.url,
    CONTACT_TO: 'sales@maplehollow.example',
    ...env,
  });
  try {
    const site = await home.start();
    return { home, site, staff: await signIn(site.url) };
  } catch (error) {
    await home.dispose();
    throw error;
  }
}
