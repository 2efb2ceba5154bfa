import type { Config } from '../config.js';
import { createS3Storage } from './s3-upload-storage.js';
import { createDirectoryStorage, type UploadStorage } from './upload-storage.js';

/** Where staff uploads are stored: UPLOAD_STORE's bucket, or the directory UPLOAD_DIR. */
export function createConfiguredUploadStorage(config: Config): UploadStorage {
  return config.uploadStore ? createS3Storage(config.uploadStore) : createDirectoryStorage(config.uploadDir);
}
