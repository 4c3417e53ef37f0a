import fs from 'node:fs';
import { FileStore } from '@tus/file-store';
import type { S3Store } from '@tus/s3-store';
import type { AppConfig } from '../config.ts';

/**
 * Key prefix of everything the tus store keeps in the shared bucket (`uploads/{id}` while it is assembled,
 * `uploads/{id}.info`, `uploads/{id}.part`), so the app's own keys never mix with upload state and an operator
 * can give `uploads/` a lifecycle rule for abandoned uploads.
 */
export const UPLOADS_KEY_PREFIX = 'uploads/';

/**
 * The tus extensions both stores implement: creation, creation-with-upload, creation-defer-length, termination,
 * expiration (the expiration extension only does something when `expirationPeriodInMilliseconds` is set).
 * Neither implements `concatenation` or `checksum`.
 */
export type UploadDataStore = FileStore | S3Store;

export interface UploadDataStoreOptions {
  /** Unfinished uploads older than this are removed by `deleteExpired()`; 0 or unset keeps them. */
  expirationPeriodInMilliseconds?: number;
}

/**
 * FileStore's constructor creates its folder with a background `fs.mkdir` whose failure is thrown from the
 * callback, outside any promise: an uncaught exception that ends the process (it happened when a test removed
 * its data folder while that mkdir was still queued). The factory creates the folder synchronously before
 * constructing the store, where a failure is an ordinary startup error, so the background step is switched off.
 * The method is private in @tus/file-store 2.1; upload-store.test.ts fails if the background step comes back.
 */
class PreparedFileStore extends FileStore {}
Object.defineProperty(PreparedFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });

/**
 * Where resumable uploads are assembled: `DATA_DIR/uploads` on local disk (FileStore: the upload's bytes in
 * `{id}`, its state in `{id}.json`), or the configured S3 bucket under `uploads/` (S3Store: a multipart
 * upload per tus upload, state in `uploads/{id}.info`, completed bytes in `uploads/{id}`).
 *
 * Upload state lives in the store (S3Store's info is not cached in memory), so any instance can continue an
 * upload; the lock that keeps two requests of one upload apart is upload-locker.ts's. See
 * docs/decisions/0007-storage-backends.md and 0021-several-instances.md.
 */
export async function createUploadDataStore(
  config: Pick<AppConfig, 'uploadsDir' | 's3'>,
  options: UploadDataStoreOptions = {},
): Promise<UploadDataStore> {
  const expirationPeriodInMilliseconds = options.expirationPeriodInMilliseconds ?? 0;
  if (config.s3) {
    // The S3 client (tens of MB) loads only on a server that uses S3.
    const { createS3UploadStore } = await import('./s3-upload-store.ts');
    return createS3UploadStore(config.s3, { expirationPeriodInMilliseconds, prefix: UPLOADS_KEY_PREFIX });
  }
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  return new PreparedFileStore({ directory: config.uploadsDir, expirationPeriodInMilliseconds });
}
