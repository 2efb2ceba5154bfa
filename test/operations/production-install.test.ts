import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startChildServer, type ChildServer } from '../support/child-server.js';

interface LockedPackage {
  dev?: boolean;
}

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  workspaces?: string[];
}

function readPackageJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/**
 * What only the workspace tools (the bench, the sample-media generator) need: the packages their package.json files
 * name that the site itself does not depend on.
 */
function toolOnlyPackages(): string[] {
  const root = readPackageJson('package.json');
  const site = new Set(Object.keys(root.dependencies ?? {}));
  const tools = (root.workspaces ?? []).map((folder) => readPackageJson(path.join(folder, 'package.json')));
  const named = tools.flatMap((tool) => [
    ...Object.keys(tool.dependencies ?? {}),
    ...Object.keys(tool.devDependencies ?? {}),
  ]);
  return [...new Set(named)].filter((name) => !site.has(name)).sort();
}

/**
 * A copy of the project as `npm ci --omit=dev` leaves it: the source, and a node_modules holding only the packages
 * package-lock.json does not mark as dev-only (linked to this project's copies). Built files and sample media are
 * linked as they are.
 */
async function productionInstall(target: string): Promise<void> {
  const project = path.resolve('.');
  for (const entry of ['src', 'views', 'widgets', 'migrations', 'package.json', 'tsconfig.json'])
    await fs.cp(path.join(project, entry), path.join(target, entry), { recursive: true });
  for (const entry of ['static', 'build']) await fs.symlink(path.join(project, entry), path.join(target, entry));
  const lock = JSON.parse(readFileSync(path.join(project, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  for (const [key, locked] of Object.entries(lock.packages)) {
    // Top-level packages only: nested ones come along inside their parent's folder. npm links each workspace folder
    // (tools/*) even so: its source, none of its packages.
    if (locked.dev || !/^node_modules\/(@[^/]+\/)?[^/]+$/.test(key)) continue;
    const installed = path.join(project, key);
    if (!(await fs.stat(installed).catch(() => undefined))) continue; // an optional package for another platform
    await fs.mkdir(path.dirname(path.join(target, key)), { recursive: true });
    await fs.symlink(installed, path.join(target, key));
  }
}

describe('The server from a production install (npm ci --omit=dev)', function () {
  this.timeout(90_000);
  let dir: string;
  let server: ChildServer | undefined;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'production-install-'));
    await productionInstall(path.join(dir, 'app'));
  });
  after(async () => {
    server?.process.kill('SIGTERM');
    await server?.exited;
    // Removes the links, never what they point to.
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('has no dev-only package in it (the check below is not run against the full node_modules)', async () => {
    const installed = await fs.readdir(path.join(dir, 'app', 'node_modules'));
    expect(installed).to.include('express');
    expect(installed).to.not.include('mocha');
    expect(installed).to.not.include('playwright-core');
  });

  it('carries none of the packages of the bench and the sample-media generator (tools/ workspaces)', async () => {
    const toolOnly = toolOnlyPackages();
    expect(toolOnly, 'what the tools bring').to.include.members([
      'pdfkit',
      'lighthouse',
      'chrome-launcher',
      'autocannon',
    ]);
    const present: string[] = [];
    for (const name of toolOnly)
      if (await fs.stat(path.join(dir, 'app', 'node_modules', name)).catch(() => undefined)) present.push(name);
    expect(present).to.deep.equal([]);
  });

  it('starts in development (the default NODE_ENV) and serves a page', async () => {
    server = await startChildServer(
      {
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite')}`,
        DATA_DIR: dir,
        UPLOAD_DIR: path.join(dir, 'uploads'),
      },
      undefined,
      { cwd: path.join(dir, 'app') },
    );
    const response = await fetch(`${server.url}/about`);
    expect(response.status).to.equal(200);
  });
});
