import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { pruneBuildOutputs } from '../../scripts/prune-build-outputs.js';

/**
 * A build's output folder (the server bundle's, the widget bundles'): each build adds content-hashed files beside the
 * old ones (scripts/build.ts). The record lives outside the folder, as the widget bundles' folder is served.
 */
describe('A build keeps its own files and the previous build’s, no older ones', () => {
  let root: string;
  let dir: string;
  let recordFile: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'build-outputs-'));
    dir = path.join(root, 'assets');
    recordFile = path.join(root, 'asset-outputs.json');
    await fs.mkdir(dir);
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  /** Writes a build's files, then prunes as the build does; returns what it removed. */
  async function build(names: string[]): Promise<string[]> {
    for (const name of names) await fs.writeFile(path.join(dir, name), name);
    return pruneBuildOutputs({ dir, outputs: names, recordFile });
  }
  const files = async () => (await fs.readdir(dir)).sort();

  it('removes nothing on the first build with no record of the one before, and records it', async () => {
    await fs.writeFile(path.join(dir, 'start-server-OLD.js'), '');
    expect(await build(['server.js', 'start-server-A.js'])).to.deep.equal([]);
    expect(await files()).to.deep.equal(['server.js', 'start-server-A.js', 'start-server-OLD.js']);
    expect(JSON.parse(await fs.readFile(recordFile, 'utf8'))).to.deep.equal({
      current: ['server.js', 'start-server-A.js'],
      previous: [],
    });
  });

  it('keeps the build before (a server not yet restarted still uses its files), removes the older ones', async () => {
    await build(['server.js', 'start-server-A.js', 'start-server-A.js.map', 'chunk-1.js']);
    await fs.writeFile(path.join(dir, 'stray.js'), '');
    expect(await build(['server.js', 'start-server-B.js', 'start-server-B.js.map', 'chunk-1.js'])).to.deep.equal([
      'stray.js',
    ]);
    expect(await build(['server.js', 'start-server-C.js', 'start-server-C.js.map', 'chunk-1.js'])).to.deep.equal([
      'start-server-A.js',
      'start-server-A.js.map',
    ]);
    expect(await files()).to.deep.equal([
      'chunk-1.js',
      'server.js',
      'start-server-B.js',
      'start-server-B.js.map',
      'start-server-C.js',
      'start-server-C.js.map',
    ]);
    // The same build again (nothing changed): B is still the build before, and stays.
    expect(await build(['server.js', 'start-server-C.js', 'start-server-C.js.map', 'chunk-1.js'])).to.deep.equal([]);
    expect(await files()).to.include('start-server-B.js');
    expect(await build(['server.js', 'start-server-D.js', 'chunk-1.js'])).to.deep.equal([
      'start-server-B.js',
      'start-server-B.js.map',
    ]);
  });

  it('treats an unreadable record as none: it removes nothing and writes a good one', async () => {
    await fs.writeFile(recordFile, '{not json');
    await fs.writeFile(path.join(dir, 'start-server-OLD.js'), '');
    expect(await build(['server.js', 'start-server-A.js'])).to.deep.equal([]);
    expect(await files()).to.deep.equal(['server.js', 'start-server-A.js', 'start-server-OLD.js']);
    // The next build that writes other files keeps this one's and its own.
    expect(await build(['server.js', 'start-server-B.js'])).to.deep.equal(['start-server-OLD.js']);
  });
});
