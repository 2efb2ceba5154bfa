import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { testPasswordHashCost } from './test-server.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
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
  const args = options.cwd === undefined ? BUILT_SERVER : ['--import', 'tsx', 'src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      ...testPasswordHashCost({ NODE_ENV: 'test', ...env }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 60_000; // generous: a loaded machine starts tsx slowly
  while (!output.includes('is running at')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, process: child, output: () => output, exited };
}
