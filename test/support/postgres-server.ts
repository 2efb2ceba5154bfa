import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTool } from './deploy-doc.js';
import { freePort } from './child-server.js';

/** What a test needs to start a throwaway PostgreSQL of its own when npm run test:postgres did not give one. */
export const POSTGRES_COMMANDS = process.env.TEST_POSTGRES_URL ? [] : ['initdb', 'pg_ctl', 'postgres'];

export interface RunningPostgres {
  /** A superuser URL on the server's `postgres` database, as TEST_POSTGRES_URL names one. */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * TEST_POSTGRES_URL's server under npm run test:postgres; otherwise a throwaway cluster in a temporary folder on a
 * free loopback port (as scripts/test-postgres.sh starts one), removed by stop(). PostgreSQL refuses to run as
 * root, so as root the cluster belongs to the `postgres` user.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const given = process.env.TEST_POSTGRES_URL;
  if (given) return { adminUrl: given, stop: async () => undefined };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'postgres-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot ? runTool('runuser', ['-u', 'postgres', '--', command, ...args]) : runTool(command, args);
  if (asRoot) await runTool('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const stop = async () => {
    await run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    await fs.rm(dir, { recursive: true, force: true });
  };
  const init = await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust']);
  if (init.code !== 0) throw new Error(`initdb failed:\n${init.output}`);
  const started = await run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  if (started.code !== 0) {
    await stop();
    throw new Error(`pg_ctl start failed:\n${started.output}`);
  }
  return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
