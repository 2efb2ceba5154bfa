/**
 * npm run dev: builds the client once, then rebuilds it when widgets/ or static/css change, and runs the server
 * from source with `tsx watch` (restarted on every server change; source maps on).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { ConfigError } from '../src/config.js';
import { loadStartSettings } from '../src/start-settings.js';

const CLIENT_SOURCES = ['widgets', 'static/css', 'src/shared'];

function buildClient(): Promise<void> {
  return new Promise((resolve) => {
    const build = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--client-only'], {
      stdio: 'inherit',
    });
    build.on('exit', () => resolve());
  });
}

let building: Promise<void> | undefined;
let again = false;
let server: ChildProcess | undefined;
let restarting = false;

function rebuildSoon(): void {
  if (building) {
    again = true;
    return;
  }
  building = buildClient().then(() => {
    building = undefined;
    // The server reads the asset manifest at start: restart it so pages link the new bundles.
    restarting = true;
    server?.kill('SIGTERM');
    if (again) {
      again = false;
      rebuildSoon();
    }
  });
}

function startServer(): void {
  server = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      '--import',
      'tsx',
      'node_modules/tsx/dist/cli.mjs',
      'watch',
      '--clear-screen=false',
      'src/server.ts',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
    },
  );
  server.on('exit', () => {
    if (!restarting) process.exit(0);
    restarting = false;
    startServer();
  });
}

async function main(): Promise<void> {
  // The settings first, as `npm start` does: a refused ADMIN_PASSWORD stops here, before the build.
  try {
    loadStartSettings({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' });
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  await buildClient();
  for (const dir of CLIENT_SOURCES) fs.watch(dir, { recursive: true }, () => rebuildSoon());
  startServer();
  process.on('SIGINT', () => {
    server?.removeAllListeners('exit');
    server?.kill('SIGINT');
    process.exit(0);
  });
}

void main();
