import type { Config } from '../config.js';
import { createDirectoryStorage, type UploadStorage } from './upload-storage.js';

/**
 * Where staff uploads are stored: UPLOAD_STORE's bucket, or the directory UPLOAD_DIR. The S3 client is loaded only
 * for a bucket: an install that keeps uploads on disk never loads the AWS SDK (about a seventh of a start's CPU).
 */
export async function createConfiguredUploadStorage(config: Config): Promise<UploadStorage> {
  if (!config.uploadStore) return createDirectoryStorage(config.uploadDir);
  const { createS3Storage } = await import('./s3-upload-storage.js');
  return createS3Storage(config.uploadStore);
}
