import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Metadata } from 'sharp';
import { z } from 'zod';
import {
  appendToCollection,
  deleteFromCollection,
  listCollection,
  setSortOrder,
  type ImageCollection,
} from '../db/image-collections.js';
import { hastenUploadCleanup, keepUploadFolder, scheduleUploadCleanup } from '../db/upload-cleanups.js';
import type { LibraryFile } from '../db/files.js';
import { insertUploadedImage, takeUploadedImage } from '../db/uploaded-images.js';
import { writeImageVariants } from './image-variants.js';
import { loadSharp } from './load-sharp.js';
import type { PublicContentChanges } from './public-content.js';
import type { UploadCleanupHandle } from './upload-cleanup.js';
import { UploadStorageUnavailable, type UploadStorage } from './upload-storage.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: any real photo fits; a decompression bomb (20000×20000) does not. */
export const MAX_UPLOAD_PIXELS = 40_000_000;
export const MAX_ALT_LENGTH = 300;
/**
 * Longest side over shortest side. A 2×30000 strip passes the pixel limit, but its variants cannot be encoded
 * (AVIF and WebP stop at 16383 px a side) and no layout shows it: refuse it up front with a 400.
 */
export const MAX_ASPECT_RATIO = 10;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** A change the request asked for that cannot be made; the web layer answers it with `status`. */
export class ImageLibraryError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 503 = 400,
  ) {
    super(message);
  }
}

export const reorderSchema = z
  .array(z.object({ url: z.string().min(1).max(500), order: z.number().int().min(0).max(100_000) }).strict())
  .max(1000);
export const deleteSchema = z
  .object({ url: z.string().min(1).max(500), order: z.number().int().min(0).max(100_000) })
  .strict();

/**
 * Applies a new order in one transaction. The list must name exactly the stored images, each once:
 * a stale editor (an image added or deleted meanwhile) gets a 400 instead of a half-applied order.
 * Two images may not share a position (the list would have no one order: seed-spec §3 "order (integer position)").
 */
async function reorderImages(
  db: Knex,
  collection: ImageCollection,
  items: z.infer<typeof reorderSchema>,
): Promise<void> {
  if (new Set(items.map((item) => item.order)).size !== items.length) {
    throw new ImageLibraryError('Two images were given the same position; reload the editor and try again.');
  }
  await db.transaction(async (trx) => {
    const stored = new Set((await listCollection(trx, collection)).map((row) => row.url));
    const given = new Set(items.map((item) => item.url));
    const sameSet =
      given.size === items.length && given.size === stored.size && [...given].every((url) => stored.has(url));
    if (!sameSet) {
      throw new ImageLibraryError('The list does not match the stored images; reload the editor and try again.');
    }
    // Rows are updated in one fixed order (by url), so two concurrent saves on PostgreSQL queue on the same
    // first row instead of deadlocking on each other's locks.
    const byUrl = [...items].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    for (const item of byUrl) await setSortOrder(trx, collection, item.url, item.order);
  });
}

/**
 * Deletes one image's rows from a collection and, for an uploaded image, records its folder for removal in the same
 * transaction: the files go once no row names them, whatever happens to this instance. Returns that folder.
 */
async function deleteImageRows(db: Knex, collection: ImageCollection, url: string): Promise<string | undefined> {
  return db.transaction(async (trx) => {
    const deleted = await deleteFromCollection(trx, collection, url);
    if (deleted === 0) throw new ImageLibraryError('That image is not in the list (it may already be deleted).', 404);
    // A file of the library stays in the library (and may be shown elsewhere): only its place in this list goes.
    if (await trx('files').where({ stored_url: url }).first('id')) return undefined;
    const folder = await takeUploadedImage(trx, url);
    if (folder) await scheduleUploadCleanup(trx, folder, Date.now());
    return folder;
  });
}

/**
 * How long an upload in progress keeps its folder's clean-up row from being due. Far longer than an upload takes
 * (its files are written within the storage's time limits); only an instance that stopped mid-upload leaves the row
 * to come due, and the next worker removes the half-written folder.
 */
const UNFINISHED_UPLOAD_MS = 60 * 60_000;

/** Checks the bytes themselves (never the file name) and decodes them fully, so a truncated file fails here. */
export async function inspectUpload(buffer: Buffer): Promise<void> {
  if (buffer.length === 0) throw new ImageLibraryError('The file is empty.');
  if (buffer.length > MAX_UPLOAD_BYTES) throw new ImageLibraryError('The file is larger than 10 MB.');
  const options = { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'warning' } as const;
  const sharp = await loadSharp();
  let meta: Metadata;
  const tooManyPixels = new ImageLibraryError('The image is too large (more than 40 megapixels).');
  try {
    meta = await sharp(buffer, options).metadata();
  } catch (error) {
    // sharp refuses a decompression bomb already here, from its header.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels;
    throw new ImageLibraryError('The file is not a JPEG, PNG, WebP or AVIF image.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1')) {
    throw new ImageLibraryError('The file is not a JPEG, PNG, WebP or AVIF image.');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_UPLOAD_PIXELS) throw tooManyPixels;
  if (width === 0 || height === 0 || Math.max(width, height) / Math.min(width, height) > MAX_ASPECT_RATIO) {
    throw new ImageLibraryError(`The image is too narrow or too tall (more than ${MAX_ASPECT_RATIO}:1).`);
  }
  try {
    await sharp(buffer, options).toBuffer();
  } catch {
    throw new ImageLibraryError('The image is damaged or incomplete.');
  }
}

export const STORAGE_UNAVAILABLE =
  'The image storage could not be reached, so the image was not saved. Please try again in a few minutes.';

/**
 * Adds an uploaded image at the end of a collection: sniffed, re-encoded to the site's responsive sizes with
 * metadata stripped, stored in the upload storage under a generated folder name. Files first, rows after: a row
 * never names a file that is not stored. The folder's clean-up row is written before its first file and deleted in
 * the transaction that stores the image's rows; on any failure it becomes due at once, so no file outlives a failed
 * upload, across an outage of the storage and a restart.
 */
async function addUploadedImage(
  db: Knex,
  uploads: UploadStorage,
  cleanup: UploadCleanupHandle,
  collection: ImageCollection,
  upload: { buffer: Buffer; alt: string },
): Promise<string> {
  const alt = upload.alt.trim();
  if (alt === '') throw new ImageLibraryError('Describe the image in the alt text field.');
  if (alt.length > MAX_ALT_LENGTH)
    throw new ImageLibraryError(`The alt text must be at most ${MAX_ALT_LENGTH} characters.`);
  await inspectUpload(upload.buffer);
  const directory = crypto.randomBytes(12).toString('hex');
  const unfinishedUntil = Date.now() + UNFINISHED_UPLOAD_MS;
  await scheduleUploadCleanup(db, directory, unfinishedUntil);
  const sink = { has: async () => false, put: (file: string, body: Buffer) => uploads.write(directory, file, body) };
  try {
    const variants = await writeImageVariants(upload.buffer, sink, 'image', `/uploads/${directory}`);
    await db.transaction(async (trx) => {
      if (!(await keepUploadFolder(trx, directory, unfinishedUntil))) {
        throw new UploadStorageUnavailable(`the upload into ${directory} outlasted its clean-up row's wait`);
      }
      await insertUploadedImage(trx, directory, variants);
      await appendToCollection(trx, collection, variants.fallbackSrc, alt);
    });
    return variants.fallbackSrc;
  } catch (error) {
    // Should the database be out too, the row comes due when UNFINISHED_UPLOAD_MS is over instead.
    await hastenUploadCleanup(db, directory, Date.now()).catch(() => undefined);
    await cleanup.removeNow(directory);
    if (error instanceof ImageLibraryError) throw error;
    if (error instanceof UploadStorageUnavailable) throw new ImageLibraryError(STORAGE_UNAVAILABLE, 503);
    if (error instanceof Error && /Input|unsupported|corrupt|pixel/i.test(error.message)) {
      throw new ImageLibraryError('The image could not be processed.');
    }
    throw error;
  }
}

function collectionName(collection: ImageCollection): string {
  return collection.kind === 'homepage' ? 'homepage images' : `${collection.floorplan} gallery`;
}

export interface ImageLibraryDeps {
  db: Knex;
  uploads: UploadStorage;
  publicContent: PublicContentChanges;
  /** The worker that removes the folders this library records as no longer needed. */
  cleanup: UploadCleanupHandle;
}

/**
 * The staff-managed image lists: reorder, delete, upload. Each committed change raises "public content changed",
 * whoever calls it (the staff pages, a script).
 */
export function createImageLibrary(deps: ImageLibraryDeps) {
  const { db, uploads, publicContent, cleanup } = deps;
  return {
    async reorder(collection: ImageCollection, items: z.infer<typeof reorderSchema>): Promise<void> {
      await reorderImages(db, collection, items);
      await publicContent.changed(`reordered the ${collectionName(collection)}`);
    },
    /** An uploaded image's files go too, once the rows are gone and no page shows it any more. */
    async remove(collection: ImageCollection, url: string): Promise<void> {
      const folder = await deleteImageRows(db, collection, url);
      await publicContent.changed(`deleted an image from the ${collectionName(collection)}`);
      if (folder) await cleanup.removeNow(folder);
    },
    /**
     * Adds an image of the file library at the end of a collection, by its stored address (a replacement in the
     * library moves it, a new alt text there changes it). Its alt text is the library's, or `alt` where it has none.
     */
    async addFromLibrary(collection: ImageCollection, file: LibraryFile, alt: string): Promise<string> {
      if (file.kind !== 'image') throw new ImageLibraryError('Choose an image of the file library.');
      const text = (file.alt ?? '').trim() || alt.trim();
      if (text === '') throw new ImageLibraryError('Describe the image in the alt text field.');
      if (text.length > MAX_ALT_LENGTH)
        throw new ImageLibraryError(`The alt text must be at most ${MAX_ALT_LENGTH} characters.`);
      await db.transaction(async (trx) => {
        const shown = await listCollection(trx, collection);
        if (shown.some((row) => row.url === file.storedUrl)) {
          throw new ImageLibraryError('That image is already in the list.', 409);
        }
        await appendToCollection(trx, collection, file.storedUrl, text);
      });
      await publicContent.changed(`added a library image to the ${collectionName(collection)}`);
      return file.storedUrl;
    },
    async add(collection: ImageCollection, upload: { buffer: Buffer; alt: string }): Promise<string> {
      const url = await addUploadedImage(db, uploads, cleanup, collection, upload);
      await publicContent.changed(`added an image to the ${collectionName(collection)}`);
      return url;
    },
  };
}

export type ImageLibrary = ReturnType<typeof createImageLibrary>;
