import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTool } from './deploy-doc.js';
import { freePort, portOpen } from './child-server.js';
import { missingCommands } from './require-command.js';
import { afterRun, sharedByRunOnce, shellQuoted } from './run-shared.js';

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
 * A throwaway cluster in a temporary folder on a free loopback port (as scripts/test-postgres.sh starts one),
 * stopped and removed, with its `record`, when the run ends. PostgreSQL refuses to run as root, so as root the
 * cluster belongs to the `postgres` user.
 */
async function startCluster(record: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'postgres-'));
  const asRoot = process.getuid?.() === 0;
  const command = (name: string) => (programFolder ? path.join(programFolder, name) : name);
  const run = (name: string, args: string[]) =>
    asRoot ? runTool('runuser', ['-u', 'postgres', '--', command(name), ...args]) : runTool(command(name), args);
  if (asRoot) await runTool('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const stop = [
    ...(asRoot ? ['runuser', '-u', 'postgres', '--'] : []),
    command('pg_ctl'),
    '-D',
    data,
    '-m',
    'immediate',
  ];
  afterRun(
    `${stop.map(shellQuoted).join(' ')} stop >/dev/null 2>&1; rm -rf ${shellQuoted(dir)} ${shellQuoted(record)}`,
  );
  const init = await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust']);
  if (init.code !== 0) throw new Error(`initdb failed:\n${init.output}`);
  const started = await run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
    'start',
  ]);
  if (started.code !== 0) throw new Error(`pg_ctl start failed:\n${started.output}`);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

const sharedCluster = sharedByRunOnce('postgres', (url) => portOpen(Number(new URL(url).port)), startCluster);

/**
 * TEST_POSTGRES_URL's server under npm run test:postgres; otherwise the run's one throwaway cluster, which its
 * workers share (run-shared.ts): each test makes databases of its own on it. stop() is the run's end's to do.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const given = process.env.TEST_POSTGRES_URL;
  if (given) return { adminUrl: given, stop: async () => undefined };
  return { adminUrl: await sharedCluster(), stop: async () => undefined };
}
