import { createReadStream } from 'node:fs';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type PutObjectCommandInput,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Target } from '../config.js';
import { Readable } from 'node:stream';
import { checkedName, FileGone, isSafeName, UploadStorageUnavailable, type UploadStorage } from './upload-storage.js';

/** The same year-long cache the site serves uploads with, kept on each object for anyone reading the bucket directly. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt',
};

function contentType(file: string): string {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/**
 * The S3 client for UPLOAD_STORE. A non-AWS endpoint (MinIO, Ceph, R2, s3rver) is addressed path-style, as most of
 * them expect. Time limits keep a hung store from holding a staff upload open for ever; the SDK's own retries
 * (three attempts) ride out a blip.
 */
export function createS3Client(target: S3Target): S3Client {
  return new S3Client({
    region: target.region,
    ...(target.endpoint && { endpoint: target.endpoint, forcePathStyle: true }),
    ...(target.credentials && { credentials: target.credentials }),
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    // By default the SDK sends a stream body (a library file's) aws-chunked with a trailing CRC32, which several
    // S3-compatible stores do not decode (they would store the chunk framing); checksums only where S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/** A failure of the store itself, naming the call and the store's reason. */
function unavailable(what: string, error: unknown): UploadStorageUnavailable {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new UploadStorageUnavailable(`S3 ${what} failed (${reason})`, { cause: error });
}

async function call<T>(what: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    throw unavailable(what, error);
  }
}

/**
 * Uploads in S3-compatible storage (UPLOAD_STORE=s3://BUCKET[/PREFIX]): one object per file, keyed
 * PREFIX/FOLDER/FILE, so every app instance reads the same files. An object appears whole or not at all, so no
 * instance serves half a file.
 */
export function createS3Storage(target: S3Target, client: S3Client = createS3Client(target)): UploadStorage {
  const { bucket, prefix } = target;
  const folderKey = (folder: string) => `${prefix}${checkedName(folder)}/`;
  /** One object, typed by its file name and cached as immutable. */
  const put = (folder: string, file: string, body: Pick<PutObjectCommandInput, 'Body' | 'ContentLength'>) => {
    const key = `${folderKey(folder)}${checkedName(file)}`;
    return call(`put ${key}`, () =>
      client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          ...body,
          ContentType: contentType(file),
          CacheControl: IMMUTABLE,
        }),
      ),
    );
  };
  return {
    async write(folder, file, body) {
      await put(folder, file, { Body: body });
    },

    async writeFromFile(folder, file, sourcePath, size) {
      // One PutObject streams the file (S3 takes up to 5 GB so); the length must be known, as for any stream body.
      // Each attempt of the SDK's retries would need a fresh stream, so the call is made here once per stream.
      await put(folder, file, { Body: createReadStream(sourcePath), ContentLength: size });
    },

    async removeFolder(folder) {
      const folderPrefix = folderKey(folder);
      // Listed again after each batch: DeleteObjects takes at most 1,000 keys, and a folder holds about a dozen.
      for (;;) {
        const listed = await call(`list ${folderPrefix}`, () =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: folderPrefix, MaxKeys: 1000 })),
        );
        const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length === 0) return;
        const deleted = await call(`delete ${folderPrefix}`, () =>
          client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } })),
        );
        const refused = deleted.Errors ?? [];
        if (refused.length > 0) {
          const first = refused[0];
          throw new UploadStorageUnavailable(
            `S3 delete ${folderPrefix} refused ${refused.length} object(s) (${first?.Code ?? ''}: ${first?.Message ?? ''})`,
          );
        }
      }
    },

    async read(folder, file) {
      if (!isSafeName(folder) || !isSafeName(file)) return undefined;
      const key = `${prefix}${folder}/${file}`;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw unavailable(`get ${key}`, error);
      }
    },

    async open(folder, file) {
      if (!isSafeName(folder) || !isSafeName(file)) return undefined;
      const key = `${prefix}${folder}/${file}`;
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        size = head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error) || (error instanceof S3ServiceException && error.name === 'NotFound')) return undefined;
        throw unavailable(`head ${key}`, error);
      }
      return {
        size,
        async stream(range) {
          try {
            const object = await client.send(
              new GetObjectCommand({
                Bucket: bucket,
                Key: key,
                ...(range && { Range: `bytes=${range.start}-${range.end}` }),
              }),
            );
            if (!(object.Body instanceof Readable)) throw new Error('the object store sent no body');
            return object.Body;
          } catch (error) {
            if (isMissing(error)) throw new FileGone();
            throw unavailable(`get ${key}`, error);
          }
        },
      };
    },
  };
}
