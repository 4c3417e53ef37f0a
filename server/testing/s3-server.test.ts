import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from './test-s3.ts';

const MiB = 1024 * 1024;

/**
 * The test store must behave like S3 where our code depends on it, or the storage tests prove nothing. This
 * client uses the SDK's defaults (CRC32 checksums, `aws-chunked` streaming bodies), not the app's settings.
 */
describe('test S3 server', () => {
  let s3: TestS3;
  let client: S3Client;

  beforeAll(async () => {
    s3 = await startTestS3();
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
  });

  const Bucket = () => s3.bucket;

  it('decodes aws-chunked streaming bodies with checksum trailers, and keeps metadata', async () => {
    const data = crypto.randomBytes(300_000);
    await client.send(
      new PutObjectCommand({
        Bucket: Bucket(),
        Key: 'a/streamed.bin',
        Body: Readable.from([data.subarray(0, 100_000), data.subarray(100_000)]),
        ContentLength: data.length,
        ContentType: 'video/mp4',
        Metadata: { 'upload-id': 'abc' },
      }),
    );
    const got = await client.send(new GetObjectCommand({ Bucket: Bucket(), Key: 'a/streamed.bin' }));
    expect(Buffer.compare(Buffer.from(await got.Body!.transformToByteArray()), data)).toBe(0);
    expect(got.ContentType).toBe('video/mp4');
    expect(got.Metadata).toEqual({ 'upload-id': 'abc' });
  });

  it('answers ranges with 206 and unsatisfiable ones with InvalidRange', async () => {
    await client.send(
      new PutObjectCommand({ Bucket: Bucket(), Key: 'r.bin', Body: Buffer.from('0123456789') }),
    );
    const part = await client.send(
      new GetObjectCommand({ Bucket: Bucket(), Key: 'r.bin', Range: 'bytes=2-4' }),
    );
    expect(part.ContentRange).toBe('bytes 2-4/10');
    expect(await part.Body!.transformToString()).toBe('234');
    const suffix = await client.send(
      new GetObjectCommand({ Bucket: Bucket(), Key: 'r.bin', Range: 'bytes=-3' }),
    );
    expect(await suffix.Body!.transformToString()).toBe('789');
    await expect(
      client.send(new GetObjectCommand({ Bucket: Bucket(), Key: 'r.bin', Range: 'bytes=10-20' })),
    ).rejects.toMatchObject({ name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });
    await expect(client.send(new HeadObjectCommand({ Bucket: Bucket(), Key: 'nope' }))).rejects.toMatchObject(
      {
        $metadata: { httpStatusCode: 404 },
      },
    );
  });

  it('enforces the multipart rules: parts listed, 5 MiB minimum, ETags checked, abort', async () => {
    const Key = 'm/big.bin';
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: Bucket(), Key }));
    const small = crypto.randomBytes(1000);
    const big = crypto.randomBytes(5 * MiB);
    const part1 = await client.send(
      new UploadPartCommand({ Bucket: Bucket(), Key, UploadId, PartNumber: 1, Body: small }),
    );
    const part2 = await client.send(
      new UploadPartCommand({ Bucket: Bucket(), Key, UploadId, PartNumber: 2, Body: big }),
    );
    const listed = await client.send(new ListPartsCommand({ Bucket: Bucket(), Key, UploadId, MaxParts: 1 }));
    expect(listed.Parts?.map((p) => [p.PartNumber, p.Size])).toEqual([[1, 1000]]);
    expect(listed.IsTruncated).toBe(true);
    const rest = await client.send(
      new ListPartsCommand({
        Bucket: Bucket(),
        Key,
        UploadId,
        PartNumberMarker: listed.NextPartNumberMarker,
      }),
    );
    expect(rest.Parts?.map((p) => [p.PartNumber, p.Size])).toEqual([[2, 5 * MiB]]);

    const complete = (parts: { ETag?: string; PartNumber: number }[]) =>
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket: Bucket(),
          Key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    await expect(
      complete([
        { ETag: part1.ETag, PartNumber: 1 },
        { ETag: part2.ETag, PartNumber: 2 },
      ]),
    ).rejects.toMatchObject({ name: 'EntityTooSmall' });
    await expect(complete([{ ETag: '"0000"', PartNumber: 2 }])).rejects.toMatchObject({
      name: 'InvalidPart',
    });

    await client.send(new AbortMultipartUploadCommand({ Bucket: Bucket(), Key, UploadId }));
    await expect(
      client.send(new ListPartsCommand({ Bucket: Bucket(), Key, UploadId })),
    ).rejects.toMatchObject({
      name: 'NoSuchUpload',
    });
  });

  it('refuses unsigned requests, unknown keys and corrupted bodies', async () => {
    const unsigned = await fetch(`${s3.endpoint}/${s3.bucket}/r.bin`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');

    const stranger = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'SOMEONE', secretAccessKey: 'else' },
    });
    try {
      await expect(
        stranger.send(new GetObjectCommand({ Bucket: Bucket(), Key: 'r.bin' })),
      ).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
      });
    } finally {
      stranger.destroy();
    }

    await expect(
      client.send(
        new PutObjectCommand({
          Bucket: Bucket(),
          Key: 'bad.bin',
          Body: Buffer.from('hello'),
          ContentMD5: crypto.createHash('md5').update('other').digest('base64'),
        }),
      ),
    ).rejects.toMatchObject({ name: 'BadDigest' });
    expect(await s3.keys()).not.toContain('bad.bin');
  });
});
