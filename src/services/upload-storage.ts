import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { serveImmutableFiles } from '../web/static-files.js';

/**
 * Where staff uploads live. An upload is one folder of files written once and never changed (names carry a
 * content hash), so any backend that can store, delete and serve immutable files will do: a local directory, a
 * directory shared by several app instances (NFS), or an object store behind the same three calls.
 */
export interface UploadStorage {
  /** Stores one file of an upload's folder. */
  write(folder: string, file: string, body: Buffer): Promise<void>;
  /** Removes an upload's folder and everything in it; no error when it is already gone. */
  removeFolder(folder: string): Promise<void>;
  /** Answers GET <mount>/<folder>/<file> with the stored bytes, cached for a year; 404 for anything else. */
  serve(): RequestHandler;
}

/** Folder and file names the image pipeline generates; anything else (`..`, separators, dot files) is refused. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function checkedName(name: string): string {
  if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`unsafe upload name: ${JSON.stringify(name)}`);
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
    async removeFolder(folder) {
      await fs.rm(folderPath(folder), { recursive: true, force: true });
    },
    serve: () => serveImmutableFiles(base),
  };
}
