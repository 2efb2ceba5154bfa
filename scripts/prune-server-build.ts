import fs from 'node:fs/promises';
import path from 'node:path';

/** The files of the last two different server builds, kept in the server bundle's folder. */
export const SERVER_BUILD_RECORD = 'build-outputs.json';

interface BuildRecord {
  /** The files of the last build. */
  current: string[];
  /** The files of the build before it that wrote other files. */
  previous: string[];
}

const isNames = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((name) => typeof name === 'string');

async function readRecord(file: string): Promise<BuildRecord | undefined> {
  try {
    const record = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<BuildRecord>;
    return isNames(record.current) && isNames(record.previous)
      ? { current: record.current, previous: record.previous }
      : undefined;
  } catch {
    return undefined;
  }
}

const sameFiles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((name, index) => name === [...b].sort()[index]);

/**
 * Removes from the server bundle's folder the files neither this build (`outputs`, names in `dir`) nor the last
 * build that wrote other files has, and records both. The bundle's chunks are content-hashed, so each build whose
 * code changed adds new ones beside the old; the previous build's stay, as a server started from it and not yet
 * restarted may still load one of its lazy chunks. A build that writes the same files as the last changes nothing.
 * Without a record (the first build since this was added) nothing is removed. Returns the names removed.
 */
export async function pruneServerBuild(dir: string, outputs: readonly string[]): Promise<string[]> {
  const recordFile = path.join(dir, SERVER_BUILD_RECORD);
  const record = await readRecord(recordFile);
  const current = [...outputs].sort();
  if (record && sameFiles(record.current, current)) return [];
  const previous = record?.current ?? [];
  const removed: string[] = [];
  if (record) {
    const keep = new Set([...previous, ...current, SERVER_BUILD_RECORD]);
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (!entry.isFile() || keep.has(entry.name)) continue;
      await fs.rm(path.join(dir, entry.name), { force: true });
      removed.push(entry.name);
    }
  }
  await fs.writeFile(recordFile, `${JSON.stringify({ current, previous }, null, 1)}\n`);
  return removed.sort();
}
