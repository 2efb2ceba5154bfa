import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { onCleanup } from './cleanup.js';
import { sleep } from './stats.js';

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 60_000;
/** The server finishes requests in flight for up to 10 s on SIGTERM (src/server.ts); after that it is killed. */
const STOP_TIMEOUT_MS = 12_000;

export interface BenchServer {
  url: string;
  pid: number;
  /** Where the server's stdout and stderr (pino's JSON log lines) go. */
  logFile: string;
  stop(): Promise<void>;
}

export interface MemoryReading {
  /** Resident set size, VmRSS, in KiB. */
  rssKiB: number;
  /** Peak resident set size so far, VmHWM, in KiB. */
  peakRssKiB: number;
}

/** A free TCP port on the loopback interface (the OS picks it; it is released before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The production environment of the bench server, and nothing else from the caller's environment. */
function serverEnvironment(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    SESSION_SECRET: crypto.randomBytes(48).toString('base64url'),
    SITE_URL: `http://${HOST}:${port}`,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    HOST,
    PORT: String(port),
    CONTACT_RATE_LIMIT: '0',
  };
}

/**
 * Starts `node build/server/server.js` from `workDir` (a built project) with a fresh SQLite file in `dataDir`, and
 * resolves once its health check answers; `env` adds to the production environment (a staff account, say). The
 * child is killed when the bench stops, however it stops.
 */
export async function startServer(
  workDir: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['build/server/server.js'], {
    cwd: workDir,
    env: { ...serverEnvironment(dataDir, port), ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const unregister = onCleanup(() => stopChild(child));
  const url = `http://${HOST}:${port}`;
  const stop = async () => {
    unregister();
    await stopChild(child);
    process.off('exit', killOnExit);
  };
  try {
    await waitUntilHealthy(url, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error('the server process has no pid');
  return { url, pid: child.pid, logFile, stop };
}

async function waitUntilHealthy(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start-up; its log:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(200);
  }
  throw new Error(`the server did not answer ${url}/healthz within ${READY_TIMEOUT_MS / 1000} s (log: ${logFile})`);
}

/** SIGTERM (graceful shutdown), then SIGKILL if it has not exited in time. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** VmRSS and VmHWM of a process, from /proc/<pid>/status (Linux). */
export function readMemory(pid: number): MemoryReading {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rssKiB: statusField(status, 'VmRSS'), peakRssKiB: statusField(status, 'VmHWM') };
}

function statusField(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match?.[1]) throw new Error(`no ${field} in /proc/<pid>/status`);
  return Number(match[1]);
}
