import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { testPasswordHashCost } from './test-server.js';
import { TYPESCRIPT_ENTRY } from './typescript-entry.js';

/** The lowest port freePort() picks: above the ports services are usually configured on. */
const LOWEST_FREE_PORT = 10_000;

/**
 * The first of the kernel's ephemeral ports, where `listen(0)` and every outgoing connection take a port from
 * (Linux's default when /proc cannot tell).
 */
function firstEphemeralPort(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(first) && first > LOWEST_FREE_PORT) return first;
  } catch {
    // not Linux: keep the default
  }
  return 32_768;
}

/** Whether nothing listens on the port now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Whether something on loopback accepts connections on the port (a server started, not yet answering). */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A port that a process started next can listen on. Chosen at random below the ephemeral range, never with
 * `listen(0)`: once the probe closes, a port from that range can be taken by any server another test file starts
 * on port 0, or by an outgoing connection, before the process started next listens on it (seen: EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const high = firstEphemeralPort() - 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST_FREE_PORT + Math.floor(Math.random() * (high - LOWEST_FREE_PORT + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between ${LOWEST_FREE_PORT} and ${high}`);
}

/**
 * `count` different free ports, for processes that will listen on them together (nginx's HTTP and HTTPS ports):
 * freePort() twice can give the same port, as nothing listens on it between the two calls (seen once: nginx then
 * took its HTTP port for HTTPS and refused the config). `pick` is freePort but in the test of this function.
 */
export async function freePorts(count: number, pick: () => Promise<number> = freePort): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await pick());
  return [...ports];
}

export interface ChildServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<number | string>;
}

/** The server as `npm start` runs it: the bundle the test run's global setup builds from src/server.ts. */
export const BUILT_SERVER = ['--enable-source-maps', 'build/server/server.js'];

/**
 * The real server as a separate process, so a test can kill it like an operator or a crash would: the built bundle,
 * which starts in a fraction of the CPU time tsx takes to compile the source. `cwd` runs another copy of the
 * project from its source (tsx), as that copy has no build of its own. Password hashes cost what they cost in
 * test-server.ts: the cheapest outside production.
 */
export async function startChildServer(
  env: Record<string, string>,
  port?: number,
  options: { cwd?: string } = {},
): Promise<ChildServer> {
  const listenPort = port ?? (await freePort());
  const args = options.cwd === undefined ? BUILT_SERVER : [...TYPESCRIPT_ENTRY, 'src/server.ts'];
  // A server given no database of its own gets a fresh one in a folder of its own, never the checkout's data/
  // (which `npm start` then finds not empty, and seeds nothing).
  const own = env.DATABASE_URL === undefined ? mkdtempSync(path.join(os.tmpdir(), 'child-server-')) : undefined;
  const ownData = own
    ? {
        DATABASE_URL: `sqlite:${path.join(own, 'site.sqlite')}`,
        DATA_DIR: own,
        UPLOAD_DIR: path.join(own, 'uploads'),
      }
    : {};
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      ...testPasswordHashCost({ NODE_ENV: 'test', ...env }),
      ...ownData,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      if (own) rmSync(own, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 60_000; // generous: a loaded machine starts tsx slowly
  while (!output.includes('is running at')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, process: child, output: () => output, exited };
}
