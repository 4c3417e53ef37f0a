import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Settings } from '../config.ts';
import { startTestS3, type TestS3 } from '../../testing/test-s3.ts';
import { createFileStorage } from './create-file-storage.ts';
import { StoredObjectNotFoundError, type FileStorage } from './file-storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { s3ClientConfig } from './s3-client.ts';
import { S3Storage } from './s3-storage.ts';

const MiB = 1024 * 1024;

/** Deterministic bytes that differ at every position, so an off-by-one range shows. */
function patternBytes(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

/** A stream of `data` in small pieces, optionally failing after `failAfter` bytes. */
function chunked(data: Buffer, failAfter = Infinity): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += 64 * 1024) {
        if (offset >= failAfter) throw new Error('the client went away');
        yield data.subarray(offset, offset + 64 * 1024);
      }
    })(),
  );
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sha256(data: Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

interface Backend {
  storage: FileStorage;
  /** Everything the backend holds, to prove nothing half-written was left behind. */
  leftovers(): Promise<string[]>;
  s3?: TestS3;
}

const backends: { name: string; start(): Promise<Backend & { stop(): Promise<void> }> }[] = [
  {
    name: 'local disk',
    async start() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-storage-'));
      return {
        storage: new LocalDiskStorage(root),
        async leftovers() {
          return (await fs.promises.readdir(root, { recursive: true, withFileTypes: true }))
            .filter((entry) => entry.isFile())
            .map((entry) =>
              path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
            );
        },
        async stop() {
          fs.rmSync(root, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'S3',
    async start() {
      const s3 = await startTestS3();
      const storage = new S3Storage(loadConfig(s3.env).s3!);
      return {
        storage,
        s3,
        leftovers: () => s3.keys(),
        async stop() {
          storage.destroy();
          await s3.stop();
        },
      };
    },
  },
];

describe.each(backends)('FileStorage contract: $name', ({ start }) => {
  let backend: Backend & { stop(): Promise<void> };
  let storage: FileStorage;

  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });
  afterAll(() => backend?.stop());

  it('writes, reads, stats, overwrites and deletes an object', async () => {
    const key = 'catalog/templates/contract-a.webp';
    const first = patternBytes(3000, 1);
    const before = Date.now();
    await storage.write(key, first, 'image/webp');
    expect(Buffer.compare(await storage.read(key), first)).toBe(0);
    const stat = await storage.stat(key);
    expect(stat).toMatchObject({ key, size: 3000 });
    // S3 keeps whole seconds.
    expect(stat!.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);

    const second = patternBytes(10, 2);
    await storage.write(key, second);
    expect(Buffer.compare(await storage.read(key), second)).toBe(0);
    expect((await storage.stat(key))?.size).toBe(10);

    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.read(key)).rejects.toBeInstanceOf(StoredObjectNotFoundError);
  });

  it('answers a missing key with null from stat, StoredObjectNotFoundError from reads, and a quiet delete', async () => {
    const key = 'cards/videos/guest/missing.mp4';
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.read(key)).rejects.toMatchObject({
      name: 'StoredObjectNotFoundError',
      code: 'ENOENT',
      key,
    });
    await expect(storage.openRead(key)).rejects.toBeInstanceOf(StoredObjectNotFoundError);
    await expect(storage.openRead(key, { start: 0, end: 10 })).rejects.toBeInstanceOf(
      StoredObjectNotFoundError,
    );
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('streams a whole object and inclusive byte ranges, clamping the end to the last byte', async () => {
    const key = 'cards/images/u1/ranges.bin';
    const data = patternBytes(1000, 3);
    await storage.write(key, data);
    expect(Buffer.compare(await collect(await storage.openRead(key)), data)).toBe(0);
    const slice = async (start: number, end: number) => collect(await storage.openRead(key, { start, end }));
    expect(Buffer.compare(await slice(0, 0), data.subarray(0, 1))).toBe(0);
    expect(Buffer.compare(await slice(10, 19), data.subarray(10, 20))).toBe(0);
    expect(Buffer.compare(await slice(999, 999), data.subarray(999))).toBe(0);
    expect(Buffer.compare(await slice(990, 5000), data.subarray(990))).toBe(0);
    await expect(storage.openRead(key, { start: 1000, end: 1001 })).rejects.toBeInstanceOf(RangeError);
    await expect(storage.openRead(key, { start: 20, end: 10 })).rejects.toBeInstanceOf(RangeError);
    await expect(storage.openRead(key, { start: -1, end: 10 })).rejects.toBeInstanceOf(RangeError);
  });

  it('streams a multi-megabyte upload of unknown length in, and serves ranges across its parts', async () => {
    const key = 'cards/videos/u1/1700000000000-abc.mp4';
    const data = patternBytes(11 * MiB + 123, 4);
    const operationsBefore = backend.s3?.operations.length ?? 0;
    await expect(storage.writeStream(key, chunked(data), 'video/mp4')).resolves.toEqual({
      size: data.length,
    });
    expect((await storage.stat(key))?.size).toBe(data.length);
    expect(sha256(await collect(await storage.openRead(key)))).toBe(sha256(data));
    const start = 5 * MiB - 10;
    const across = await collect(await storage.openRead(key, { start, end: start + 19 }));
    expect(Buffer.compare(across, data.subarray(start, start + 20))).toBe(0);
    if (backend.s3) {
      // Sent in parts as it arrived, never as one buffered body.
      const operations = backend.s3.operations.slice(operationsBefore);
      expect(operations.filter((operation) => operation === 'UploadPart')).toHaveLength(3);
      expect(operations).toContain('CompleteMultipartUpload');
      expect(operations).not.toContain('PutObject');
    }
  });

  it('stores a short stream as one object and reports its size', async () => {
    const key = 'cards/audio/u1/voice.webm';
    const data = patternBytes(70_000, 5);
    await expect(storage.writeStream(key, chunked(data))).resolves.toEqual({ size: 70_000 });
    expect(Buffer.compare(await storage.read(key), data)).toBe(0);
    await expect(storage.writeStream('cards/audio/u1/empty.webm', Readable.from([]))).resolves.toEqual({
      size: 0,
    });
    expect((await storage.stat('cards/audio/u1/empty.webm'))?.size).toBe(0);
  });

  it('leaves no partial object when a streamed write fails, and keeps the previous one', async () => {
    const key = 'cards/videos/u1/replace.mp4';
    const previous = patternBytes(500, 6);
    await storage.write(key, previous);
    const before = await backend.leftovers();
    const operationsBefore = backend.s3?.operations.length ?? 0;
    await expect(storage.writeStream(key, chunked(patternBytes(7 * MiB, 7), 6 * MiB))).rejects.toThrow(
      'the client went away',
    );
    // The first 5 MiB part was already sent: the multipart upload is aborted, not left to linger.
    if (backend.s3) expect(backend.s3.operations.slice(operationsBefore)).toContain('AbortMultipartUpload');
    expect(Buffer.compare(await storage.read(key), previous)).toBe(0);
    expect(await backend.leftovers()).toEqual(before);
    const fresh = 'cards/videos/u1/never.mp4';
    await expect(storage.writeStream(fresh, chunked(patternBytes(200_000, 8), 100_000))).rejects.toThrow();
    expect(await storage.stat(fresh)).toBeNull();
    expect(await backend.leftovers()).toEqual(before);
  });

  it('keeps nested keys with spaces and non-ASCII letters apart', async () => {
    const keys = ['profileImages/a b.webp', 'profileImages/ü/ß.webp', 'profileImages/a+b.webp'];
    for (const [index, key] of keys.entries()) await storage.write(key, Buffer.from(`file ${index}`));
    for (const [index, key] of keys.entries()) {
      expect((await storage.read(key)).toString()).toBe(`file ${index}`);
    }
  });

  it.each(['', '/etc/passwd', '../outside', 'a/../../b', 'a//b', 'a/./b', 'a\\b', 'a/\0b', 'a/'])(
    'refuses the unsafe key %j in every operation',
    async (key) => {
      await expect(storage.stat(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.read(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.openRead(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.write(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.writeStream(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        /Unsafe storage key/,
      );
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
    },
  );
});

describe('S3Storage specifics', () => {
  let s3: TestS3;
  let settings: S3Settings;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startTestS3();
    settings = loadConfig(s3.env).s3!;
    storage = new S3Storage(settings);
  });
  afterAll(async () => {
    storage?.destroy();
    await s3?.stop();
  });

  it('maps keys 1:1 to object keys and keeps the content type', async () => {
    await storage.write('catalog/templates/x.webp', Buffer.from('webp'), 'image/webp');
    await storage.writeStream('cards/videos/u/y.mp4', Readable.from([Buffer.from('mp4')]), 'video/mp4');
    expect(await s3.keys()).toEqual(['cards/videos/u/y.mp4', 'catalog/templates/x.webp']);
    const client = new S3Client(s3ClientConfig(settings));
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: 'catalog/templates/x.webp' }),
      );
      expect(head.ContentType).toBe('image/webp');
      const video = await client.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: 'cards/videos/u/y.mp4' }),
      );
      expect(video.ContentType).toBe('video/mp4');
    } finally {
      client.destroy();
    }
  });

  it('surfaces a missing bucket as an error, not as a missing object', async () => {
    const wrong = new S3Storage({ ...settings, bucket: 'no-such-bucket' });
    try {
      await expect(wrong.read('a/b')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      wrong.destroy();
    }
  });

  it('surfaces wrong credentials as an error', async () => {
    const wrong = new S3Storage({ ...settings, accessKeyId: 'WRONG' });
    try {
      await expect(wrong.write('a/b', Buffer.from('x'))).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
      });
    } finally {
      wrong.destroy();
    }
  });
});

describe('createFileStorage', () => {
  it('uses local disk without S3 settings and the S3 store with them', async () => {
    expect(await createFileStorage(loadConfig({ DATA_DIR: '/tmp/winc-factory' }))).toBeInstanceOf(
      LocalDiskStorage,
    );
    const config = loadConfig({
      DATA_DIR: '/tmp/winc-factory',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'winc',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    const storage = await createFileStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    (storage as S3Storage).destroy();
  });
});
