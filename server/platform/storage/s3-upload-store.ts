import type { ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/client-s3';
import type { InitializeHandler, InitializeHandlerArguments, InitializeMiddleware } from '@smithy/types';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore } from '@tus/utils';
import type { S3Settings } from '../config.ts';
import { s3ClientConfig } from './s3-client.ts';

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

/**
 * S3Store keeps each upload's info (read from `{id}.info`) in a cache, by default in this process's memory,
 * never dropped until the upload finishes here: another instance's changes (a declared length, a removal) stay
 * hidden from it, and abandoned uploads pile up. The info is read from the bucket every time instead, so any
 * instance can continue any upload (a small GET per tus request).
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
};

/** @tus/s3-store's S3Store with its objects kept under a prefix. */
class PrefixedS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0], prefix: string) {
    super(options);
    this.client.middlewareStack.add(keyPrefixMiddleware(prefix), {
      step: 'initialize',
      name: 'wincUploadKeyPrefix',
    });
  }
}

/** The tus S3 store of `createUploadDataStore`, on the configured bucket, its objects under `prefix`. */
export function createS3UploadStore(
  settings: S3Settings,
  options: { expirationPeriodInMilliseconds: number; prefix: string },
): S3Store {
  return new PrefixedS3Store(
    {
      s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
      expirationPeriodInMilliseconds: options.expirationPeriodInMilliseconds,
      // Object tags (which S3Store sets when an expiration is configured) are not supported by every
      // S3-compatible store (R2, Garage); expiry works without them, and lifecycle rules use the prefix.
      useTags: false,
      cache: noCache,
    },
    options.prefix,
  );
}
