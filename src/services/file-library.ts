import crypto from 'node:crypto';
import type { StaffScope } from './staff-scope.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { Knex } from 'knex';
import {
  deleteFileRow,
  findFile,
  insertFile,
  listFiles,
  replaceStoredFile,
  setCaptions,
  updateFileText,
  type FileKind,
  type LibraryFile,
  fileInScope,
} from '../db/files.js';
import { hastenUploadCleanup, keepUploadFolder, scheduleUploadCleanup } from '../db/upload-cleanups.js';
import { insertUploadedImage, takeUploadedImage } from '../db/uploaded-images.js';
import { FILE_LIMITS, formatBytes } from '../shared/file-limits.js';
import { findFileUses } from './file-uses.js';
import { ImageLibraryError, inspectUpload, MAX_ALT_LENGTH } from './image-library.js';
import { writeImageVariants } from './image-variants.js';
import type { PublicContentChanges } from './public-content.js';
import type { UploadCleanupHandle } from './upload-cleanup.js';
import { UploadStorageUnavailable, type UploadStorage } from './upload-storage.js';

export const MAX_TITLE_LENGTH = 200;

/** A change the request asked for that cannot be made; the web layer answers it with `status` (and `uses`). */
export class FileLibraryError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 413 | 503 = 400,
    readonly uses: string[] = [],
  ) {
    super(message);
  }
}

/** An uploaded file waiting on disk (multer's temporary file): large files never sit in memory. */
export interface ReceivedFile {
  path: string;
  originalName: string;
  size: number;
}

export type FileLimits = Record<FileKind, number>;

const KIND_NAMES: Record<FileKind, string> = {
  image: 'image',
  pdf: 'PDF',
  video: 'video',
  captions: 'captions file',
};

const NOT_ACCEPTED =
  'The file is not a PDF, an MP4 or WebM video, a WebVTT captions file, or a JPEG, PNG, WebP or AVIF image.';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

/** What the bytes are, by their signature: the name and the type the browser declared are never trusted. */
async function sniff(file: ReceivedFile): Promise<{ kind: FileKind; contentType: string; ext: string }> {
  if (file.size === 0) throw new FileLibraryError('The file is empty.');
  const type = await fileTypeFromFile(file.path);
  if (type?.mime === 'application/pdf') return { kind: 'pdf', contentType: type.mime, ext: 'pdf' };
  if (type?.mime === 'video/mp4' || type?.mime === 'video/webm') {
    return { kind: 'video', contentType: type.mime, ext: type.ext };
  }
  if (type && IMAGE_TYPES.has(type.mime)) return { kind: 'image', contentType: type.mime, ext: type.ext };
  if (!type || type.ext === 'vtt') {
    // WebVTT has no binary signature: a file starts with "WEBVTT" (after an optional BOM), then a space, tab or
    // line break, or ends there (W3C WebVTT §4.1).
    const handle = await fs.open(file.path, 'r');
    try {
      const head = Buffer.alloc(10);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const text = head
        .subarray(0, bytesRead)
        .toString('utf8')
        .replace(/^\uFEFF/, '');
      if (/^WEBVTT(?:[ \t\r\n]|$)/.test(text)) return { kind: 'captions', contentType: 'text/vtt', ext: 'vtt' };
    } finally {
      await handle.close();
    }
  }
  throw new FileLibraryError(NOT_ACCEPTED);
}

/** A storage name from the uploaded name: `Features Sheet (2026).PDF` → `features-sheet-2026.pdf`. */
export function storedName(originalName: string, ext: string): string {
  const base = path
    .basename(originalName, path.extname(originalName))
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'file'}.${ext}`;
}

/** The upload's name as staff gave it, kept for the library's list (never used as a path). */
function cleanOriginalName(name: string): string {
  // Busboy gives names as latin1; browsers send UTF-8.
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return (decoded.includes('\uFFFD') ? name : decoded).replace(/[\p{Cc}]/gu, '').slice(0, 255) || 'file';
}

/** As in the image library: an upload in progress keeps its folder's clean-up row from coming due for an hour. */
const UNFINISHED_UPLOAD_MS = 60 * 60_000;
/**
 * How long the bytes a replacement superseded stay stored: a page fetched before the replacement (a cached page
 * naming an old carousel image, a video half watched) keeps working for a day.
 */
export const REPLACED_KEPT_MS = 24 * 60 * 60_000;

export const STORAGE_UNAVAILABLE =
  'The file storage could not be reached, so the file was not saved. Please try again in a few minutes.';

interface StoredBytes {
  kind: FileKind;
  folder: string;
  storedUrl: string;
  contentType: string;
  size: number;
  /** The lasting URL's file name. */
  name: string;
  /** The row to insert in uploaded_images (an image's responsive variants). */
  insertVariants?: (trx: Knex.Transaction) => Promise<void>;
}

export interface FileLibraryDeps {
  db: Knex;
  uploads: UploadStorage;
  publicContent: PublicContentChanges;
  cleanup: UploadCleanupHandle;
  limits?: Partial<FileLimits>;
  /** The library's images as pages draw them (services/library-images.ts): read again when one is added or replaced. */
  images?: { reload(): Promise<void> };
}

/**
 * The file library (decision 038): images, PDFs, videos and their captions, each sniffed from its bytes, stored
 * in the upload storage, listed with where each is used; a used file cannot be deleted; a replacement keeps the
 * file's lasting URL, so every page that links it shows the new bytes.
 */
export function createFileLibrary(deps: FileLibraryDeps) {
  const { db, uploads, publicContent, cleanup } = deps;
  const limits: FileLimits = { ...FILE_LIMITS, ...deps.limits };

  /** Checks and stores the bytes in a new folder whose clean-up row is pending; the caller writes the rows. */
  async function store(file: ReceivedFile, alt: string | null, expected?: FileKind): Promise<StoredBytes> {
    const sniffed = await sniff(file);
    if (expected && sniffed.kind !== expected) {
      throw new FileLibraryError(
        `This file is a ${KIND_NAMES[expected]}; replace it with a ${KIND_NAMES[expected]}, not a ${KIND_NAMES[sniffed.kind]}.`,
      );
    }
    if (file.size > limits[sniffed.kind]) {
      throw new FileLibraryError(
        `The ${KIND_NAMES[sniffed.kind]} is larger than ${formatBytes(limits[sniffed.kind])}.`,
        413,
      );
    }
    if (sniffed.kind === 'image' && alt !== null && alt === '') {
      throw new FileLibraryError('Describe the image in the alt text field.');
    }
    let buffer: Buffer | undefined;
    if (sniffed.kind === 'image') {
      buffer = await fs.readFile(file.path);
      try {
        await inspectUpload(buffer);
      } catch (error) {
        if (error instanceof ImageLibraryError) throw new FileLibraryError(error.message);
        throw error;
      }
    }
    const folder = crypto.randomBytes(12).toString('hex');
    const base = `/uploads/${folder}`;
    const name = storedName(file.originalName, sniffed.ext === 'jpeg' ? 'jpg' : sniffed.ext);
    const dueAt = Date.now() + UNFINISHED_UPLOAD_MS;
    await scheduleUploadCleanup(db, folder, dueAt);
    try {
      if (buffer) {
        const sink = {
          has: async () => false,
          put: (stored: string, body: Buffer) => uploads.write(folder, stored, body),
        };
        const variants = await writeImageVariants(buffer, sink, 'image', base);
        const ext = path.extname(variants.fallbackSrc);
        return {
          kind: 'image',
          folder,
          storedUrl: variants.fallbackSrc,
          contentType: ext === '.png' ? 'image/png' : 'image/jpeg',
          size: file.size,
          name: storedName(file.originalName, ext.slice(1)),
          insertVariants: async (trx) => {
            if (!(await keepUploadFolder(trx, folder, dueAt)))
              throw new UploadStorageUnavailable('upload outlasted its wait');
            await insertUploadedImage(trx, folder, variants);
          },
        };
      }
      await uploads.writeFromFile(folder, name, file.path, file.size);
      return {
        kind: sniffed.kind,
        folder,
        storedUrl: `${base}/${name}`,
        contentType: sniffed.contentType,
        size: file.size,
        name,
        insertVariants: async (trx) => {
          if (!(await keepUploadFolder(trx, folder, dueAt)))
            throw new UploadStorageUnavailable('upload outlasted its wait');
        },
      };
    } catch (error) {
      await abandon(folder);
      throw translated(error);
    }
  }

  /** A failed upload's folder goes at once (or, with the database out too, when its wait is over). */
  async function abandon(folder: string): Promise<void> {
    await hastenUploadCleanup(db, folder, Date.now()).catch(() => undefined);
    await cleanup.removeNow(folder);
  }

  function translated(error: unknown): unknown {
    if (error instanceof FileLibraryError) return error;
    if (error instanceof UploadStorageUnavailable) return new FileLibraryError(STORAGE_UNAVAILABLE, 503);
    if (error instanceof Error && /Input|unsupported|corrupt|pixel/i.test(error.message)) {
      return new FileLibraryError('The image could not be processed.');
    }
    return error;
  }

  async function existing(id: number): Promise<LibraryFile> {
    const file = await findFile(db, id);
    if (!file) throw new FileLibraryError('There is no such file (it may have been deleted).', 404);
    return file;
  }

  async function videoToCaption(id: number): Promise<LibraryFile> {
    const video = await findFile(db, id);
    if (!video || video.kind !== 'video') throw new FileLibraryError('Captions belong to a video of the library.');
    return video;
  }

  function checkedText(input: { alt?: string; title?: string }, kind: FileKind | undefined) {
    const alt = input.alt?.trim() ?? '';
    const title = input.title?.trim() ?? '';
    if (alt.length > MAX_ALT_LENGTH)
      throw new FileLibraryError(`The alt text must be at most ${MAX_ALT_LENGTH} characters.`);
    if (title.length > MAX_TITLE_LENGTH)
      throw new FileLibraryError(`The title must be at most ${MAX_TITLE_LENGTH} characters.`);
    if (kind === 'image' && alt === '') throw new FileLibraryError('Describe the image in the alt text field.');
    return { alt, title };
  }

  return {
    limits,

    /** The files the account reaches: builder-wide ones and its communities' (staff-scope.ts). */
    list: (scope: StaffScope, kind?: FileKind) => listFiles(db, scope, kind),
    /** Whether the account reaches a file: one of another community is no file to it (404). */
    reaches: (id: number, scope: StaffScope) => fileInScope(db, id, scope),

    get: existing,

    uses: async (id: number) => findFileUses(db, await existing(id)),

    /** Adds a file; an image needs its alt text; captions may name the video they belong to. */
    async add(
      file: ReceivedFile,
      input: { alt?: string; title?: string; captionsFor?: number },
      by: string,
    ): Promise<LibraryFile> {
      const text = checkedText(input, undefined);
      const video = input.captionsFor === undefined ? undefined : await videoToCaption(input.captionsFor);
      const stored = await store(file, text.alt);
      if (video && stored.kind !== 'captions') {
        await abandon(stored.folder);
        throw new FileLibraryError('Only a WebVTT captions file can be linked to a video as its captions.');
      }
      try {
        return await db
          .transaction(async (trx) => {
            await stored.insertVariants?.(trx);
            const added = await insertFile(trx, {
              kind: stored.kind,
              url: (id) => `/files/${id}/${stored.name}`,
              storedUrl: stored.storedUrl,
              folder: stored.folder,
              originalName: cleanOriginalName(file.originalName),
              contentType: stored.contentType,
              size: stored.size,
              alt: stored.kind === 'image' ? text.alt : text.alt || null,
              title: text.title || null,
              uploadedBy: by,
            });
            if (video) await setCaptions(trx, video.id, added.id);
            return added;
          })
          .then(async (added) => {
            if (added.kind === 'image') await deps.images?.reload();
            return added;
          });
      } catch (error) {
        await abandon(stored.folder);
        throw translated(error);
      }
    },

    /**
     * New bytes for a file, of the same kind. Its lasting URL stays (content keeps linking it); the carousel and
     * galleries, which store an image's stored URL for its responsive variants, are pointed at the new one in the
     * same transaction. The old bytes stay REPLACED_KEPT_MS for pages fetched before.
     */
    async replace(id: number, file: ReceivedFile, by: string): Promise<LibraryFile> {
      const before = await existing(id);
      const stored = await store(file, null, before.kind);
      try {
        await db.transaction(async (trx) => {
          await stored.insertVariants?.(trx);
          await replaceStoredFile(trx, id, {
            storedUrl: stored.storedUrl,
            folder: stored.folder,
            originalName: cleanOriginalName(file.originalName),
            contentType: stored.contentType,
            size: stored.size,
          });
          if (before.kind === 'image') {
            await takeUploadedImage(trx, before.storedUrl);
            for (const table of ['homepage_images', 'floorplan_images']) {
              await trx(table).where({ url: before.storedUrl }).update({ url: stored.storedUrl });
            }
          }
          await scheduleUploadCleanup(trx, before.folder, Date.now() + REPLACED_KEPT_MS);
        });
      } catch (error) {
        await abandon(stored.folder);
        throw translated(error);
      }
      if (before.kind === 'image') await deps.images?.reload();
      await publicContent.changed(`${by} replaced file ${id}`);
      return existing(id);
    },

    /** Alt text and title; an image's alt text also changes in the carousel and galleries that show it. */
    async describe(
      id: number,
      input: { alt?: string; title?: string; captions?: number | null },
    ): Promise<LibraryFile> {
      const file = await existing(id);
      const text = checkedText(input, file.kind);
      if (input.captions !== undefined && input.captions !== null) {
        const captions = await findFile(db, input.captions);
        if (file.kind !== 'video' || !captions || captions.kind !== 'captions') {
          throw new FileLibraryError('Captions must be a WebVTT file of the library, linked to a video.');
        }
      }
      let shown = 0;
      await db.transaction(async (trx) => {
        await updateFileText(trx, id, { alt: text.alt || null, title: text.title || null });
        if (input.captions !== undefined && file.kind === 'video') await setCaptions(trx, id, input.captions);
        if (file.kind === 'image') {
          for (const table of ['homepage_images', 'floorplan_images']) {
            shown += await trx(table).where({ url: file.storedUrl }).update({ alt: text.alt });
          }
        }
      });
      if (shown > 0) await publicContent.changed(`changed the alt text of file ${id}`);
      return existing(id);
    },

    /**
     * Deletes a file nothing uses; a used one is refused (409) naming every use. The uses are looked up inside the
     * transaction that deletes the row, and the stored bytes are removed through the upload clean-up's list.
     */
    /** Deletes an unused file; `audit` writes its audit row in the same transaction. */
    async remove(
      id: number,
      audit?: (trx: Knex.Transaction, file: { url: string; originalName: string }) => Promise<void>,
    ): Promise<void> {
      const folder = await db.transaction(async (trx) => {
        const file = await findFile(trx, id);
        if (!file) throw new FileLibraryError('There is no such file (it may already be deleted).', 404);
        const uses = await findFileUses(trx, file);
        if (uses.length > 0) {
          throw new FileLibraryError(`This file is still used, so it was not deleted: ${uses.join('; ')}.`, 409, uses);
        }
        if (file.kind === 'image') await takeUploadedImage(trx, file.storedUrl);
        await deleteFileRow(trx, id);
        await audit?.(trx, file);
        await scheduleUploadCleanup(trx, file.folder, Date.now());
        return file.folder;
      });
      await cleanup.removeNow(folder);
    },

    /** Where a lasting URL's bytes are now, for GET /files/<id>/<name>. */
    async storedUrlOf(id: number, name: string): Promise<string | undefined> {
      const file = await findFile(db, id);
      return file && file.url === `/files/${id}/${name}` ? file.storedUrl : undefined;
    },
  };
}

export type FileLibrary = ReturnType<typeof createFileLibrary>;
