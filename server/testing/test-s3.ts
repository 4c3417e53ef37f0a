import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3Server } from './s3-server.ts';

export interface TestS3 {
  /** http://127.0.0.1:{port}, path-style. */
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the app at this store (for loadConfig / buildTestApp's `env`). */
  env: Record<string, string>;
  /** Each answered request's S3 operation name, in order (PutObject, UploadPart, …). */
  operations: string[];
  /** The keys of every object in the bucket, sorted. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** A fresh S3-compatible store on a temporary folder, with one empty bucket and its own credentials. */
export async function startTestS3(): Promise<TestS3> {
  const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-test-s3-'));
  const bucket = 'winc-test';
  const accessKeyId = `TEST${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
  const server = await startS3Server({ rootDir, accessKeyId, buckets: [bucket] });
  return {
    endpoint: server.endpoint,
    bucket,
    env: {
      S3_ENDPOINT: server.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: crypto.randomBytes(24).toString('base64url'),
    },
    operations: server.operations,
    keys: () => server.keys(bucket),
    async stop() {
      await server.close();
      fs.rmSync(rootDir, { recursive: true, force: true });
    },
  };
}
