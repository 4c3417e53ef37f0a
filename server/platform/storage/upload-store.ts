import fs from 'node:fs';
import type { ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/client-s3';
import type { InitializeHandler, InitializeHandlerArguments, InitializeMiddleware } from '@smithy/types';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { AppConfig } from '../config.ts';
import { s3ClientConfig } from './s3-client.ts';

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

type KeyedInput = {
  Key?: unknown;
  Prefix?: unknown;
  KeyMarker?: unknown;
  Delete?: { Objects?: { Key?: string }[] };
};
type ListedOutput = { Uploads?: { Key?: string }[]; NextKeyMarker?: string };

/**
 * Puts every object key the tus S3 store uses under `prefix`. @tus/s3-store 2 has no prefix option (its source
 * carries a TODO for one), so this is done on its S3 client: keys in requests get the prefix, and the one
 * listing it reads back (`ListMultipartUploads`, used by `deleteExpired`) is limited to the prefix and has it
 * removed again, so the store keeps working with bare upload ids.
 */
function keyPrefixMiddleware(prefix: string): InitializeMiddleware<ServiceInputTypes, ServiceOutputTypes> {
  const withPrefix = (key: unknown) => (typeof key === 'string' ? `${prefix}${key}` : key);
  const withoutPrefix = (key: string | undefined) =>
    key?.startsWith(prefix) ? key.slice(prefix.length) : key;
  return (next: InitializeHandler<ServiceInputTypes, ServiceOutputTypes>, context) =>
    async (args: InitializeHandlerArguments<ServiceInputTypes>) => {
      const input: KeyedInput = { ...(args.input as KeyedInput) };
      if ('Key' in input) input.Key = withPrefix(input.Key);
      if (input.Delete?.Objects) {
        input.Delete = {
          ...input.Delete,
          Objects: input.Delete.Objects.map((object) => ({
            ...object,
            Key: withPrefix(object.Key) as string,
          })),
        };
      }
      const listing = context.commandName === 'ListMultipartUploadsCommand';
      if (listing) {
        input.Prefix = `${prefix}${typeof input.Prefix === 'string' ? input.Prefix : ''}`;
        if ('KeyMarker' in input) input.KeyMarker = withPrefix(input.KeyMarker);
      }
      const result = await next({ ...args, input: input as ServiceInputTypes });
      if (listing) {
        const output = result.output as unknown as ListedOutput;
        output.Uploads = output.Uploads?.map((upload) => ({ ...upload, Key: withoutPrefix(upload.Key) }));
        output.NextKeyMarker = withoutPrefix(output.NextKeyMarker);
      }
      return result;
    };
}

/** @tus/s3-store's S3Store with its objects kept under {@link UPLOADS_KEY_PREFIX}. */
class PrefixedS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0], prefix: string) {
    super(options);
    this.client.middlewareStack.add(keyPrefixMiddleware(prefix), {
      step: 'initialize',
      name: 'wincUploadKeyPrefix',
    });
  }
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
 * Upload state lives in the store, so any instance can resume an upload; tus locks do not (the tus server's
 * default locker is in memory, per instance): see docs/decisions/0007-storage-backends.md.
 */
export function createUploadDataStore(
  config: Pick<AppConfig, 'uploadsDir' | 's3'>,
  options: UploadDataStoreOptions = {},
): UploadDataStore {
  const expirationPeriodInMilliseconds = options.expirationPeriodInMilliseconds ?? 0;
  if (config.s3) {
    return new PrefixedS3Store(
      {
        s3ClientConfig: { ...s3ClientConfig(config.s3), bucket: config.s3.bucket },
        expirationPeriodInMilliseconds,
        // Object tags (which S3Store sets when an expiration is configured) are not supported by every
        // S3-compatible store (R2, Garage); expiry works without them, and lifecycle rules use the prefix.
        useTags: false,
      },
      UPLOADS_KEY_PREFIX,
    );
  }
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  return new PreparedFileStore({ directory: config.uploadsDir, expirationPeriodInMilliseconds });
}
