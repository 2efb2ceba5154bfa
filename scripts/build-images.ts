/**
 * The image step of the build: responsive variants of every sample photo and drawing, and their manifest.
 * The first build encodes a few hundred files (half a minute to two on two cores), so it says so before it starts,
 * with how long it takes, and then what it is doing as it goes, one plain line per image: readable in a terminal
 * and in a CI log alike.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  directorySink,
  writeImageVariants,
  type ImageVariants,
  type VariantSink,
} from '../src/services/image-variants.js';

export interface ImageBuild {
  /** The sample media folder; its images (icons aside) are the sources. */
  sourceDir: string;
  /** Where the variants go (served under /img). */
  outDir: string;
  manifestFile: string;
  /** Receives each progress line. */
  report: (line: string) => void;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

/** A sink that counts the files it is handed: zero means the image was already up to date. */
function countingSink(sink: VariantSink): VariantSink & { written: number } {
  const counting = {
    written: 0,
    has: (file: string) => sink.has(file),
    async put(file: string, body: Buffer) {
      counting.written += 1;
      await sink.put(file, body);
    },
  };
  return counting;
}

/**
 * CPU-seconds one sample image costs to encode: 24 sources took 32 s on two idle cores, and 110 s on two cores
 * that other work kept busy (a fresh clone's first `npm start`, before `npm install` built the site).
 */
const SECONDS_PER_SOURCE = { idle: 2.7, busy: 9.2 } as const;

/** A duration as a person says it: to the 10 seconds under a minute, to the minute above. */
function spoken(seconds: number): { count: number; unit: string } {
  if (seconds < 55) return { count: Math.max(10, Math.round(seconds / 10) * 10), unit: 'seconds' };
  const count = Math.round(seconds / 60);
  return { count, unit: count === 1 ? 'minute' : 'minutes' };
}

/** "30 seconds to 2 minutes", "10 to 30 seconds", "2 minutes". */
function durationRange(fromSeconds: number, toSeconds: number): string {
  const [from, to] = [spoken(fromSeconds), spoken(toSeconds)];
  if (from.unit === 'seconds' && to.unit !== 'seconds') return `${from.count} seconds to ${to.count} ${to.unit}`;
  return from.count === to.count ? `${to.count} ${to.unit}` : `${from.count} to ${to.count} ${to.unit}`;
}

/** The line that opens a first build, before anything is encoded: what it does and about how long it takes. */
export function firstBuildLine(sources: number, cores: number): string {
  const wallSeconds = (cost: number) => (sources * cost) / Math.min(cores, sources);
  const duration = durationRange(wallSeconds(SECONDS_PER_SOURCE.idle), wallSeconds(SECONDS_PER_SOURCE.busy));
  return (
    `First build: encoding the ${sources} sample images (AVIF, WebP, JPEG/PNG), about ${duration} ` +
    `on ${cores} ${cores === 1 ? 'core' : 'cores'}; later starts reuse them.`
  );
}

/**
 * Writes the variants that are missing and the manifest; reports "n/N name" for each image it had to encode, as it
 * is done (n is the image's place in the list). Encodes as many images at a time as the machine has cores: sharp
 * gives each encoding one thread (its default on glibc Linux), so one at a time would leave every other core idle.
 */
export async function buildImages({ sourceDir, outDir, manifestFile, report }: ImageBuild): Promise<void> {
  const sources = (await listFiles(sourceDir))
    .filter((file) => /\.(jpe?g|png)$/i.test(file) && !file.includes(`${path.sep}icons${path.sep}`))
    .sort();
  const relatives = sources.map((file) => path.relative(sourceDir, file).split(path.sep).join('/'));
  const cores = os.availableParallelism();
  report(
    // Nothing built yet: a fresh clone, or build/ removed.
    sources.length > 0 && (await listFiles(outDir).catch(() => [])).length === 0
      ? firstBuildLine(sources.length, cores)
      : `images: checking ${sources.length} sources for missing variants (AVIF, WebP, JPEG/PNG)`,
  );
  const variants: ImageVariants[] = [];
  let encoded = 0;
  const buildOne = async (index: number): Promise<void> => {
    const file = sources[index] ?? '';
    const relative = relatives[index] ?? '';
    const dir = path.posix.dirname(relative);
    const sink = countingSink(directorySink(path.join(outDir, dir)));
    const started = Date.now();
    variants[index] = await writeImageVariants(
      await fs.readFile(file),
      sink,
      path.basename(file).replace(/\.[^.]+$/, ''),
      dir === '.' ? '/img' : `/img/${dir}`,
    );
    if (sink.written > 0) {
      encoded += 1;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      report(
        `images: ${index + 1}/${sources.length} ${relative}: ${sink.written} ${sink.written === 1 ? 'file' : 'files'} in ${seconds} s`,
      );
    }
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < sources.length) await buildOne(next++);
  };
  await Promise.all(Array.from({ length: Math.min(cores, sources.length) }, worker));
  const manifest = Object.fromEntries(relatives.map((relative, index) => [`/sample/${relative}`, variants[index]]));
  await fs.writeFile(manifestFile, JSON.stringify(manifest, null, 2));
  report(
    encoded > 0
      ? `images: ${sources.length} sources, ${encoded} encoded`
      : `images: ${sources.length} sources, all up to date`,
  );
}
