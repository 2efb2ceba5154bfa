import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTool } from './deploy-doc.js';
import { freePort } from './child-server.js';
import { missingCommands } from './require-command.js';

const SERVER_PROGRAMS = ['initdb', 'pg_ctl', 'postgres'];

/** Debian's postgresql package keeps its server programs off the PATH, in /usr/lib/postgresql/<version>/bin. */
function debianServerPrograms(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((x, y) => Number(x) - Number(y)) : [];
  const bin = versions.map((version) => path.join(root, version, 'bin')).at(-1);
  return bin && existsSync(path.join(bin, 'initdb')) ? bin : undefined;
}

/** Where this machine's initdb, pg_ctl and postgres are: '' for the PATH. */
const programFolder = missingCommands(SERVER_PROGRAMS).length === 0 ? '' : debianServerPrograms();

/** What a test needs to start a throwaway PostgreSQL of its own when npm run test:postgres did not give one. */
export const POSTGRES_COMMANDS = process.env.TEST_POSTGRES_URL || programFolder !== undefined ? [] : SERVER_PROGRAMS;

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
  const run = (name: string, args: string[]) => {
    const command = programFolder ? path.join(programFolder, name) : name;
    return asRoot ? runTool('runuser', ['-u', 'postgres', '--', command, ...args]) : runTool(command, args);
  };
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
