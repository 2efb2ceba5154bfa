import fs from 'node:fs/promises';
import path from 'node:path';

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

/** Both lists sorted (the record is written sorted). */
const sameFiles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, index) => name === b[index]);

/**
 * Removes from a build's output folder (the server bundle's, the widget bundles') the files neither this build
 * (`outputs`, names in `dir`) nor the last build that wrote other files has, and records both in `recordFile`
 * (outside a served folder). Their names are content-hashed, so each build whose code changed adds new files beside
 * the old; the previous build's stay, as a server started from it and not yet restarted may still load one of its
 * chunks or link its pages' scripts and styles. A build that writes the same files as the last changes nothing.
 * Without a record (the first build since this was added) nothing is removed. Returns the names removed.
 * Decision 063.
 */
export async function pruneBuildOutputs(options: {
  dir: string;
  outputs: readonly string[];
  recordFile: string;
}): Promise<string[]> {
  const { dir, outputs, recordFile } = options;
  const record = await readRecord(recordFile);
  const current = [...outputs].sort();
  if (record && sameFiles(record.current, current)) return [];
  const previous = record?.current ?? [];
  const removed: string[] = [];
  if (record) {
    const keep = new Set([...previous, ...current, path.basename(recordFile)]);
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (!entry.isFile() || keep.has(entry.name)) continue;
      await fs.rm(path.join(dir, entry.name), { force: true });
      removed.push(entry.name);
    }
  }
  await fs.writeFile(recordFile, `${JSON.stringify({ current, previous }, null, 1)}\n`);
  return removed.sort();
}
