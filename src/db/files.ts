import type { Knex } from 'knex';
import { narrowShared } from './staff-scope.js';
import { type StaffScope } from '../shared/staff-scope.js';

import { FILE_KINDS, type FileKind } from '../shared/file-limits.js';

export type { FileKind };

export function isFileKind(value: unknown): value is FileKind {
  return typeof value === 'string' && (FILE_KINDS as readonly string[]).includes(value);
}

/** One file of the library, as the library and its pages speak of it. */
export interface LibraryFile {
  id: number;
  kind: FileKind;
  /** The lasting address content stores: /files/<id>/<name>. */
  url: string;
  /** Where the current bytes are: /uploads/<folder>/<file> (served as immutable). */
  storedUrl: string;
  folder: string;
  originalName: string;
  /** The type sniffed from the bytes, e.g. application/pdf. */
  contentType: string;
  size: number;
  alt: string | null;
  title: string | null;
  /** A video's captions file. */
  captionsId: number | null;
  uploadedBy: string;
  uploadedAt: string;
  replacedAt: string | null;
}

interface FileRow {
  id: number;
  kind: string;
  url: string;
  stored_url: string;
  folder: string;
  original_name: string;
  content_type: string;
  size: number | string;
  alt: string | null;
  title: string | null;
  captions_id: number | null;
  uploaded_by: string;
  uploaded_at: string;
  replaced_at: string | null;
}

function toFile(row: FileRow): LibraryFile {
  return {
    id: Number(row.id),
    kind: row.kind as FileKind,
    url: row.url,
    storedUrl: row.stored_url,
    folder: row.folder,
    originalName: row.original_name,
    contentType: row.content_type,
    size: Number(row.size),
    alt: row.alt,
    title: row.title,
    captionsId: row.captions_id === null ? null : Number(row.captions_id),
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
    replacedAt: row.replaced_at,
  };
}

/** A file to add: what the library says of a file, but for what the insert decides (id, time, captions). */
export interface NewFile extends Pick<
  LibraryFile,
  'kind' | 'storedUrl' | 'folder' | 'originalName' | 'contentType' | 'size' | 'alt' | 'title' | 'uploadedBy'
> {
  /** Called with the new id: the lasting URL carries it. */
  url: (id: number) => string;
}

/** Inserts a file and gives it its lasting URL (which names its id) in the same transaction. */
export async function insertFile(trx: Knex.Transaction, file: NewFile): Promise<LibraryFile> {
  const now = new Date().toISOString();
  // A placeholder that is unique until the id is known: the URL column is unique.
  const placeholder = `pending:${file.storedUrl}`;
  const [inserted] = await trx('files')
    .insert({
      kind: file.kind,
      url: placeholder,
      stored_url: file.storedUrl,
      folder: file.folder,
      original_name: file.originalName,
      content_type: file.contentType,
      size: file.size,
      alt: file.alt,
      title: file.title,
      uploaded_by: file.uploadedBy,
      uploaded_at: now,
    })
    .returning('id');
  const id = Number(typeof inserted === 'object' ? (inserted as { id: number }).id : inserted);
  await trx('files')
    .where({ id })
    .update({ url: file.url(id) });
  return (await findFile(trx, id))!;
}

/** Whether a file exists and the scope reaches it (a builder-wide file, or one of the scope's communities). */
export async function fileInScope(db: Knex, id: number, scope: StaffScope): Promise<boolean> {
  return (await narrowShared(db('files').where({ id }), 'community_id', scope).first('id')) !== undefined;
}

export async function findFile(db: Knex, id: number): Promise<LibraryFile | undefined> {
  const row = await db<FileRow>('files').where({ id }).first();
  return row ? toFile(row) : undefined;
}

/**
 * Every file of the library, newest first, or those of one kind: what a section editor offers in its picker
 * (views/admin/FilePicker.tsx).
 */
export async function listFiles(db: Knex, scope: StaffScope, kind?: FileKind): Promise<LibraryFile[]> {
  // A builder-wide file (no community) is everyone's; a community's file only its staff's.
  const query = narrowShared(db<FileRow>('files'), 'community_id', scope).orderBy('id', 'desc');
  if (kind) query.where({ kind });
  return (await query).map(toFile);
}

export async function updateFileText(
  db: Knex,
  id: number,
  text: { alt?: string | null; title?: string | null },
): Promise<void> {
  await db('files').where({ id }).update(text);
}

export async function setCaptions(db: Knex, videoId: number, captionsId: number | null): Promise<void> {
  await db('files').where({ id: videoId }).update({ captions_id: captionsId });
}

/** Points a file at new bytes (a replacement): its lasting URL stays. */
export async function replaceStoredFile(
  trx: Knex.Transaction,
  id: number,
  stored: { storedUrl: string; folder: string; originalName: string; contentType: string; size: number },
): Promise<void> {
  await trx('files').where({ id }).update({
    stored_url: stored.storedUrl,
    folder: stored.folder,
    original_name: stored.originalName,
    content_type: stored.contentType,
    size: stored.size,
    replaced_at: new Date().toISOString(),
  });
}

export async function deleteFileRow(trx: Knex.Transaction, id: number): Promise<number> {
  return trx('files').where({ id }).delete();
}

/** The videos whose captions a file is. */
export async function videosCaptionedBy(db: Knex, captionsId: number): Promise<LibraryFile[]> {
  return (await db<FileRow>('files').where({ captions_id: captionsId })).map(toFile);
}
