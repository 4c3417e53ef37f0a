import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateSummary } from '../../../shared/catalog/catalog.contract.ts';
import { buildApp } from '../../app.ts';
import { loadConfig, type AppConfig } from '../../platform/config.ts';
import { S3Storage } from '../../platform/storage/s3-storage.ts';
import { startTestS3, type TestS3 } from '../../testing/test-s3.ts';

function sha256(data: Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/**
 * The whole app on S3 storage: the demo catalog is generated into the bucket on first start and its images are
 * served from there. SQLite is enough here: storage does not depend on the database.
 */
describe('template images on S3 storage', () => {
  let s3: TestS3;
  let dataDir: string;
  let config: AppConfig;
  let app: FastifyInstance;
  let animated: TemplateSummary;

  beforeAll(async () => {
    s3 = await startTestS3();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-test-s3-app-'));
    config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO_CATALOG: 'true',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...s3.env,
    });
    app = await buildApp(config);
    const page = (await app.inject('/api/catalog/templates?category=Birthday')).json<{
      items: TemplateSummary[];
    }>();
    const found = page.items.find((item) => item.animatedUrl && !item.id.includes('_'));
    if (!found) throw new Error('the demo catalog has no animated birthday template');
    animated = found;
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates the demo artwork into the bucket under catalog/templates/, nothing on local disk', async () => {
    const keys = await s3.keys();
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.every((key) => /^catalog\/templates\/[a-z0-9-]+\.webp$/.test(key))).toBe(true);
    expect(fs.existsSync(config.storageDir)).toBe(false);
  });

  it('serves the animated original byte for byte from the bucket', async () => {
    const response = await app.inject(animated.animatedUrl!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect((await sharp(response.rawPayload, { animated: true }).metadata()).pages).toBeGreaterThan(1);
    const key = (await s3.keys()).find((k) => k.includes(`-${animated.id}-animated-`));
    expect(key).toBeDefined();
    const storage = new S3Storage(config.s3!);
    try {
      expect(sha256(response.rawPayload)).toBe(sha256(await storage.read(key!)));
    } finally {
      storage.destroy();
    }
    expect(s3.operations).toContain('GetObject');
  });

  it('encodes the cover from the bucket and caches it on local disk', async () => {
    const response = await app.inject(animated.coverUrl);
    expect(response.statusCode).toBe(200);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 533]);
    expect(fs.readdirSync(path.join(config.cacheDir, 'template-images')).length).toBeGreaterThan(0);
  });

  it('answers image-not-found when the object is gone from the bucket', async () => {
    const storage = new S3Storage(config.s3!);
    try {
      const key = (await s3.keys()).find((k) => k.includes(`-${animated.id}-animated-`))!;
      await storage.delete(key);
      const response = await app.inject(animated.animatedUrl!);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'image-not-found' });
    } finally {
      storage.destroy();
    }
  });
});
