import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Settings } from '../config.ts';
import {
  assertSafeKey,
  assertValidRange,
  StoredObjectNotFoundError,
  type ByteRange,
  type FileStorage,
  type StoredObject,
} from './file-storage.ts';
import { s3ClientConfig } from './s3-client.ts';

/** S3's smallest multipart part; streams shorter than one part go up in a single PutObject. */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts in flight at once: a streamed write holds at most this many parts (plus one being filled) in memory. */
const PARTS_IN_FLIGHT = 2;

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** A missing object, as opposed to a missing bucket (a configuration error that must surface). */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || statusOf(error) === 404;
}

/**
 * File storage in one bucket of an S3-compatible store (AWS, MinIO, Garage, R2, …). Keys map 1:1 to object
 * keys. The store's own atomic PUT (and multipart completion) means a reader never sees a partial object.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.client = new S3Client(s3ClientConfig(settings));
    this.bucket = settings.bucket;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    const body = await this.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async openRead(key: string, range?: ByteRange): Promise<Readable> {
    if (range) assertValidRange(range);
    return this.get(key, range);
  }

  private async get(key: string, range?: ByteRange): Promise<Readable> {
    assertSafeKey(key);
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // On Node the SDK's body is the HTTP response itself, an IncomingMessage.
      if (!(response.Body instanceof Readable)) throw new Error(`S3 returned no body for ${key}`);
      return response.Body;
    } catch (error) {
      if (isMissingObject(error)) throw new StoredObjectNotFoundError(key);
      if (range && statusOf(error) === 416) {
        throw new RangeError(`Range ${range.start}-${range.end} starts past the end of ${key}`);
      }
      throw error;
    }
  }

  async write(key: string, data: Buffer, contentType?: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
      }),
    );
  }

  /**
   * One PutObject for short streams, a multipart upload in 5 MiB parts for longer ones; a failed multipart
   * upload is aborted, so no object appears.
   */
  async writeStream(key: string, source: Readable, contentType?: string): Promise<{ size: number }> {
    assertSafeKey(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    // Both must settle before we answer: after a failed source, the upload is still aborting its parts.
    const [piped, uploaded] = await Promise.allSettled([
      pipeline(source, counted),
      upload.done().catch((error: unknown) => {
        // Nobody reads the rest of the source any more: stop it instead of leaving the pipeline waiting.
        counted.destroy(error as Error);
        throw error;
      }),
    ]);
    if (piped.status === 'rejected') throw piped.reason;
    if (uploaded.status === 'rejected') throw uploaded.reason;
    return { size };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async probe(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Closes the client's pooled connections. */
  destroy(): void {
    this.client.destroy();
  }
}
