import type { AppConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** Local disk under DATA_DIR by default; the configured S3-compatible bucket when S3_* is set. */
export function createFileStorage(config: Pick<AppConfig, 'storageDir' | 's3'>): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.storageDir);
}
