import type { AppConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';

/**
 * Local disk under DATA_DIR by default; the configured S3-compatible bucket when S3_* is set. The S3 client
 * (tens of MB) loads only on a server that uses it.
 */
export async function createFileStorage(config: Pick<AppConfig, 'storageDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return new LocalDiskStorage(config.storageDir);
  const { S3Storage } = await import('./s3-storage.ts');
  return new S3Storage(config.s3);
}
