import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { buildImages, firstBuildLine } from '../../scripts/build-images.js';

/** The first `npm start` encodes every sample image: it must say how far it got, never sit silent for a minute. */
describe('The build, encoding images', function () {
  this.timeout(60_000);
  let dir: string;
  let sourceDir: string;
  let outDir: string;
  let manifestFile: string;

  async function build(): Promise<string[]> {
    const lines: string[] = [];
    await buildImages({ sourceDir, outDir, manifestFile, report: (line) => lines.push(line) });
    return lines;
  }

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'build-images-'));
    sourceDir = path.join(dir, 'sample');
    outDir = path.join(dir, 'img');
    manifestFile = path.join(dir, 'image-manifest.json');
    const photo = (background: string) =>
      sharp({ create: { width: 480, height: 320, channels: 3, background } })
        .jpeg()
        .toBuffer();
    await fs.mkdir(path.join(sourceDir, 'carousel'), { recursive: true });
    await fs.mkdir(path.join(sourceDir, 'icons'), { recursive: true });
    await fs.writeFile(path.join(sourceDir, 'carousel', 'one.jpg'), await photo('#2a6'));
    await fs.writeFile(path.join(sourceDir, 'carousel', 'two.jpg'), await photo('#a62'));
    await fs.writeFile(
      path.join(sourceDir, 'plan.png'),
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await fs.writeFile(path.join(sourceDir, 'icons', 'icon.png'), await photo('#000'));
  });
  after(() => dir && fs.rm(dir, { recursive: true, force: true }));

  it('says before a first build that it encodes the sample images, and about how long that takes', async () => {
    expect(firstBuildLine(24, 2)).to.equal(
      'First build: encoding the 24 sample images (AVIF, WebP, JPEG/PNG), about 30 seconds to 2 minutes on 2 cores; ' +
        'later starts reuse them.',
    );
    expect(firstBuildLine(24, 8)).to.match(/, about 10 to 30 seconds on 8 cores;/);
    expect(firstBuildLine(3, 1)).to.match(/, about 10 to 30 seconds on 1 core;/);
  });

  it('opens a first build with that line, then reports each image it encodes as "n/N name" (its place in the list)', async () => {
    const lines = await build();
    expect(lines[0]).to.equal(firstBuildLine(3, os.availableParallelism()));
    // Images are encoded a few at a time, each reported when done: in whatever order they finish.
    expect(lines.slice(1, -1).map((line) => line.replace(/: \d+ files? in [\d.]+ s$/, ''))).to.have.members([
      'images: 1/3 carousel/one.jpg',
      'images: 2/3 carousel/two.jpg',
      'images: 3/3 plan.png',
    ]);
    expect(lines[1]).to.match(/: [1-9]\d* files in \d+\.\d s$/);
    expect(lines.at(-1)).to.equal('images: 3 sources, 3 encoded');
    expect(Object.keys(JSON.parse(await fs.readFile(manifestFile, 'utf8')) as object)).to.have.members([
      '/sample/carousel/one.jpg',
      '/sample/carousel/two.jpg',
      '/sample/plan.png',
    ]);
  });

  it('says in one line that everything is up to date when nothing is missing', async () => {
    expect(await build()).to.deep.equal([
      'images: checking 3 sources for missing variants (AVIF, WebP, JPEG/PNG)',
      'images: 3 sources, all up to date',
    ]);
  });

  it('encodes (and reports) only what went missing', async () => {
    const [removed] = (await fs.readdir(path.join(outDir, 'carousel'))).filter((file) => file.startsWith('two-'));
    await fs.rm(path.join(outDir, 'carousel', removed ?? ''));
    const lines = await build();
    expect(lines[0], 'not a first build').to.equal(
      'images: checking 3 sources for missing variants (AVIF, WebP, JPEG/PNG)',
    );
    expect(lines[1]).to.match(/^images: 2\/3 carousel\/two\.jpg: 1 file in [\d.]+ s$/);
    expect(lines.at(-1)).to.equal('images: 3 sources, 1 encoded');
  });
});
