import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../config.ts';
import { startTestS3, type TestS3 } from '../../testing/test-s3.ts';
import { createUploadDataStore, UPLOADS_KEY_PREFIX, type UploadDataStore } from './upload-store.ts';

const MiB = 1024 * 1024;

function randomBytes(size: number): Buffer {
  return crypto.randomBytes(size);
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What the tus server does on POST: a fresh id, the declared length, the client's metadata, the time. */
async function createUpload(store: UploadDataStore, size: number | undefined): Promise<string> {
  const id = crypto.randomBytes(16).toString('hex');
  await store.create(
    new Upload({
      id,
      size,
      offset: 0,
      metadata: { filetype: 'video/mp4', filename: 'clip.mp4' },
      creation_date: new Date().toISOString(),
    }),
  );
  return id;
}

const backends = [
  { name: 'local disk', s3: false, expected: FileStore },
  { name: 'S3', s3: true, expected: S3Store },
];

describe.each(backends)('tus upload datastore: $name', ({ s3: useS3, expected }) => {
  let dataDir: string;
  let s3: TestS3 | undefined;
  let config: AppConfig;
  let store: UploadDataStore;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-uploads-'));
    s3 = useS3 ? await startTestS3() : undefined;
    config = loadConfig({ DATA_DIR: dataDir, ...s3?.env });
    store = await createUploadDataStore(config);
  });
  afterAll(async () => {
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the store for the configuration, with the tus extensions the upload routes rely on', () => {
    expect(store).toBeInstanceOf(expected);
    expect(store.extensions).toEqual(
      expect.arrayContaining([
        'creation',
        'creation-with-upload',
        'creation-defer-length',
        'termination',
        'expiration',
      ]),
    );
    expect(store.hasExtension('concatenation')).toBe(false);
  });

  it.each([
    { label: 'two small chunks', first: 100_000, second: 50_000 },
    { label: 'a chunk over the 5 MiB part minimum, then the rest', first: 6 * MiB, second: MiB + 7 },
  ])('assembles an upload written in $label, resumable from another instance', async ({ first, second }) => {
    const data = randomBytes(first + second);
    const id = await createUpload(store, data.length);
    expect(await store.getUpload(id)).toMatchObject({ id, offset: 0, size: data.length });

    expect(await store.write(Readable.from([data.subarray(0, first)]), id, 0)).toBe(first);
    expect(await store.getUpload(id)).toMatchObject({ offset: first, size: data.length });
    // Upload state lives in the store, not in this object: a second instance (a restart, another server)
    // sees where to resume.
    const otherInstance = await createUploadDataStore(config);
    expect(await otherInstance.getUpload(id)).toMatchObject({
      offset: first,
      size: data.length,
      metadata: { filetype: 'video/mp4', filename: 'clip.mp4' },
    });

    expect(await otherInstance.write(Readable.from([data.subarray(first)]), id, first)).toBe(data.length);
    expect((await store.getUpload(id)).offset).toBe(data.length);
    const assembled = await collect(await store.read(id));
    expect(assembled.length).toBe(data.length);
    expect(Buffer.compare(assembled, data)).toBe(0);

    if (s3) {
      const keys = await s3.keys();
      expect(keys.every((key) => key.startsWith(UPLOADS_KEY_PREFIX))).toBe(true);
      expect(keys).toEqual(expect.arrayContaining([`uploads/${id}`, `uploads/${id}.info`]));
      expect(keys).not.toContain(`uploads/${id}.part`);
    } else {
      expect(fs.statSync(path.join(config.uploadsDir, id)).size).toBe(data.length);
    }
  });

  it("sees another instance's changes: a length it declared, an upload it removed", async () => {
    const id = await createUpload(store, undefined);
    expect((await store.getUpload(id)).sizeIsDeferred).toBe(true);
    const otherInstance = await createUploadDataStore(config);
    expect((await otherInstance.getUpload(id)).sizeIsDeferred).toBe(true);
    await store.declareUploadLength(id, 1000);
    expect(await otherInstance.getUpload(id)).toMatchObject({ size: 1000, offset: 0 });
    await store.remove(id);
    await expect(otherInstance.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
  });

  it('takes the length later when the client defers it', async () => {
    const data = randomBytes(30_000);
    const id = await createUpload(store, undefined);
    expect((await store.getUpload(id)).sizeIsDeferred).toBe(true);
    await store.declareUploadLength(id, data.length);
    expect(await store.write(Readable.from([data]), id, 0)).toBe(data.length);
    expect(Buffer.compare(await collect(await store.read(id)), data)).toBe(0);
  });

  it('removes an unfinished upload and everything it kept (termination)', async () => {
    const id = await createUpload(store, 200_000);
    await store.write(Readable.from([randomBytes(80_000)]), id, 0);
    const operationsBefore = s3?.operations.length ?? 0;
    await store.remove(id);
    await expect(store.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
    if (s3) {
      expect(s3.operations.slice(operationsBefore)).toContain('AbortMultipartUpload');
      // The `.part` object of an unfinished upload is S3Store's own to clean up; only state objects count here.
      expect(
        (await s3.keys()).filter((key) => key === `uploads/${id}` || key === `uploads/${id}.info`),
      ).toEqual([]);
    } else {
      expect(fs.existsSync(path.join(config.uploadsDir, id))).toBe(false);
    }
  });

  it('sweeps unfinished uploads older than the expiration period and keeps fresh ones', async () => {
    const expiring = await createUploadDataStore(config, { expirationPeriodInMilliseconds: 300 });
    const old = await createUpload(expiring, 100_000);
    await expiring.write(Readable.from([randomBytes(10_000)]), old, 0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const fresh = await createUpload(expiring, 100_000);
    expect(await expiring.deleteExpired()).toBeGreaterThanOrEqual(1);
    await expect((await createUploadDataStore(config)).getUpload(old)).rejects.toMatchObject({
      status_code: 404,
    });
    expect((await (await createUploadDataStore(config)).getUpload(fresh)).offset).toBe(0);
    if (s3) expect((await s3.keys()).filter((key) => key.startsWith(`uploads/${old}`))).toEqual([]);
  });
});

describe('createUploadDataStore on local disk', () => {
  it('creates the uploads folder before it returns and leaves no background work behind', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-uploads-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    await createUploadDataStore(config);
    expect(fs.statSync(config.uploadsDir).isDirectory()).toBe(true);
    // Removing the data folder at once (as a test's cleanup does) must not race a late mkdir of the store's.
    fs.rmSync(dataDir, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('fails at once, as a startup error, when the folder cannot be created', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-uploads-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'uploads'), 'a file where the folder should be');
      await expect(createUploadDataStore(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(
        /EEXIST|ENOTDIR/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
