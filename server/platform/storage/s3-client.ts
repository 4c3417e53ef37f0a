import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';

/**
 * The S3 client settings shared by file storage and the tus upload store, so both reach the store the same
 * way. Path-style addressing (`{endpoint}/{bucket}/{key}`) works on every S3-compatible store without
 * wildcard DNS. Checksums only where an operation requires them: the SDK's default (a CRC32 trailer on every
 * upload, `aws-chunked` bodies) is refused by several S3-compatible stores.
 */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store fails a request in seconds instead of waiting for the OS's TCP timeout.
    requestHandler: { connectionTimeout: 10_000 },
  };
}
