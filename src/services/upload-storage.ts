import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where staff uploads live. An upload is one folder of files written once and never changed (names carry a
 * content hash), so any backend that can store, delete and serve immutable files will do: a local directory, a
 * directory shared by several app instances (NFS), or an object store behind the same calls. Serving the files over
 * HTTP is the web layer's job (web/uploads-route.ts).
 */
export interface UploadStorage {
  /** Stores one file of an upload's folder. */
  write(folder: string, file: string, body: Buffer): Promise<void>;
  /**
   * Stores one file copied from a file on disk, streamed (a 200 MB video never sits in memory); `size` is its
   * length in bytes, which an object store wants up front.
   */
  writeFromFile(folder: string, file: string, sourcePath: string, size: number): Promise<void>;
  /** Removes an upload's folder and everything in it; no error when it is already gone. */
  removeFolder(folder: string): Promise<void>;
  /** The bytes of one stored file; undefined when there is no such file or the name is not one we generate. */
  read(folder: string, file: string): Promise<Buffer | undefined>;
  /**
   * One stored file to stream, whole or a byte range of it (a video is played by ranges, and a phone's browser
   * needs them); undefined as for read.
   */
  open(folder: string, file: string): Promise<StoredFile | undefined>;
}

/** A stored file's length, and its bytes from `start` to `end` inclusive (the whole file without a range). */
export interface StoredFile {
  size: number;
  stream(range?: ByteRange): Promise<Readable>;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** The storage could not be reached or refused the call (an object store's outage); nothing about the request is wrong. */
export class UploadStorageUnavailable extends Error {
  override name = 'UploadStorageUnavailable';
}

/** Folder and file names the image pipeline generates; anything else (`..`, separators, dot files) is refused. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isSafeName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes('..');
}

export function checkedName(name: string): string {
  if (!isSafeName(name)) throw new Error(`unsafe upload name: ${JSON.stringify(name)}`);
  return name;
}

/** Uploads in a directory on disk (UPLOAD_DIR): local, or a mount every app instance shares. */
export function createDirectoryStorage(root: string): UploadStorage {
  const base = path.resolve(root);
  const folderPath = (folder: string) => path.join(base, checkedName(folder));
  return {
    async write(folder, file, body) {
      const dir = folderPath(folder);
      await fs.mkdir(dir, { recursive: true });
      // Written under a temporary name and renamed, so another instance never serves half a file.
      const target = path.join(dir, checkedName(file));
      const partial = path.join(dir, `.${checkedName(file)}.partial`);
      await fs.writeFile(partial, body);
      await fs.rename(partial, target);
    },
    async writeFromFile(folder, file, sourcePath) {
      const dir = folderPath(folder);
      await fs.mkdir(dir, { recursive: true });
      const target = path.join(dir, checkedName(file));
      const partial = path.join(dir, `.${checkedName(file)}.partial`);
      await fs.copyFile(sourcePath, partial);
      await fs.rename(partial, target);
    },
    async removeFolder(folder) {
      await fs.rm(folderPath(folder), { recursive: true, force: true });
    },
    async read(folder, file) {
      if (!isSafeName(folder) || !isSafeName(file)) return undefined;
      try {
        return await fs.readFile(path.join(base, folder, file));
      } catch (error) {
        return missingOrUnavailable(error, folder, file);
      }
    },
    async open(folder, file) {
      if (!isSafeName(folder) || !isSafeName(file)) return undefined;
      const filePath = path.join(base, folder, file);
      let size: number;
      try {
        const stats = await fs.stat(filePath);
        if (!stats.isFile()) return undefined;
        size = stats.size;
      } catch (error) {
        return missingOrUnavailable(error, folder, file);
      }
      return {
        size,
        async stream(range) {
          const stream = createReadStream(filePath, range);
          // Opened before the answer's headers go out, so a file removed meanwhile is a 404 or 503, not a cut body.
          await new Promise<void>((resolve, reject) => {
            stream.once('open', () => resolve());
            stream.once('error', reject);
          }).catch((error: unknown) => {
            if (missingOrUnavailable(error, folder, file) === undefined) throw new FileGone();
          });
          return stream;
        },
      };
    },
  };
}

/** The file went away between its length being read and its bytes (a replaced upload's folder removed). */
export class FileGone extends Error {
  override name = 'FileGone';
}

/** undefined for a file that is not there; anything else is the disk's or the shared mount's failure. */
function missingOrUnavailable(error: unknown, folder: string, file: string): undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
  // EIO, ESTALE, ETIMEDOUT: not the request's fault.
  throw new UploadStorageUnavailable(`reading ${folder}/${file} failed (${code ?? String(error)})`, { cause: error });
}
