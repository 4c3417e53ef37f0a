import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppConfig } from '../../platform/config.ts';
import { LocalDiskStorage } from '../../platform/storage/local-disk-storage.ts';
import { fixtureCatalogSource, writeFixtureImages } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { normalizeCatalogSource } from './catalog-source.ts';

const now = new Date('2026-11-22T12:00:00Z');

describeEachDatabase('template image route', (use) => {
  let app: FastifyInstance;
  let config: AppConfig;
  let urls: { thumbnailUrl: string; thumbnailSrcSet: string; coverUrl: string; animatedUrl: string };

  beforeAll(async () => {
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app, config } = await buildTestApp(use(), { now: () => now }));
    await writeFixtureImages(new LocalDiskStorage(config.storageDir));
    urls = (await app.inject('/api/catalog/templates/birthday-01')).json();
  });
  afterAll(() => app?.close());

  it('serves the list thumbnail as a JPEG within 400×400 at quality 80, from the first frame', async () => {
    const response = await app.inject(urls.thumbnailUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    // 3:4 artwork fits the 400×400 box without cropping (docs/decisions/0002-template-image-variants.md).
    expect([meta.width, meta.height]).toEqual([300, 400]);
    expect(meta.pages ?? 1).toBe(1);
  });

  it('offers the list picture at the size lists show it and twice that, in WebP, from the first frame', async () => {
    const candidates = urls.thumbnailSrcSet.split(', ').map((candidate) => candidate.split(' '));
    expect(candidates.map(([, width]) => width)).toEqual(['168w', '336w']);
    for (const [[url], size] of [
      [candidates[0]!, [168, 224]],
      [candidates[1]!, [336, 448]],
    ] as const) {
      const response = await app.inject(url!);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['webp', ...size, 1]);
      // A phone's picture costs a fraction of the SPEC's JPEG.
      expect(response.rawPayload.length).toBeLessThan(
        (await app.inject(urls.thumbnailUrl)).rawPayload.length,
      );
    }
  });

  it('serves the overview cover as a 400×533 WebP, from the first frame', async () => {
    const response = await app.inject(urls.coverUrl);
    expect(response.headers['content-type']).toBe('image/webp');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['webp', 400, 533, 1]);
  });

  it('takes the first frame of an animated preview image for the thumbnail', async () => {
    const { thumbnailUrl } = (await app.inject('/api/catalog/templates/thanks-1')).json();
    const thumbnail = await app.inject(thumbnailUrl);
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.format, meta.pages ?? 1]).toEqual(['jpeg', 1]);
    // The fixture animation is a blue frame then a yellow one.
    const { dominant } = await sharp(thumbnail.rawPayload).stats();
    expect(dominant.b).toBeGreaterThan(dominant.r);
  });

  it('serves the full animated original', async () => {
    const response = await app.inject(urls.animatedUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect((await sharp(response.rawPayload, { animated: true }).metadata()).pages).toBe(2);
  });

  it('caches versioned URLs forever and revalidates with the ETag', async () => {
    const response = await app.inject(urls.coverUrl);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await app.inject({ url: urls.coverUrl, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    const unversioned = await app.inject(urls.coverUrl.split('?')[0]!);
    expect(unversioned.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
  });

  it('encodes a variant once: a second request is served from the cache without the source', async () => {
    const first = await app.inject('/media/templates/wedding-3/cover');
    expect(first.statusCode).toBe(200);
    const cached = fs.readdirSync(path.join(config.cacheDir, 'template-images'));
    expect(cached.length).toBeGreaterThan(0);
    const source = path.join(config.storageDir, 'catalog/templates/fixture-still.webp');
    const moved = `${source}.away`;
    fs.renameSync(source, moved);
    try {
      const second = await app.inject('/media/templates/wedding-3/cover');
      expect(second.statusCode).toBe(200);
      expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    } finally {
      fs.renameSync(moved, source);
    }
  });

  it('answers image-not-found when the artwork file is gone from storage', async () => {
    const gone = 'media:catalog/templates/gone.webp';
    const before = await use()
      .database.db.updateTable('templates')
      .set({ previewImage: gone, animatedImage: null })
      .where('id', '=', 'wedding-5')
      .returning(['previewImage', 'animatedImage'])
      .executeTakeFirstOrThrow();
    try {
      for (const variant of ['thumb', 'thumb-1x', 'thumb-2x', 'cover', 'original']) {
        const response = await app.inject(`/media/templates/wedding-5/${variant}`);
        expect(response.statusCode, variant).toBe(404);
        expect(response.json(), variant).toMatchObject({ code: 'image-not-found' });
      }
    } finally {
      await use().database.db.updateTable('templates').set(before).where('id', '=', 'wedding-5').execute();
    }
  });

  it('answers image-not-found for unknown templates and bad variants', async () => {
    expect((await app.inject('/media/templates/nope/thumb')).json()).toMatchObject({
      code: 'image-not-found',
    });
    expect((await app.inject('/media/templates/birthday-01/huge')).statusCode).toBe(400);
    expect((await app.inject('/media/templates/wedding-2/original')).statusCode).toBe(200);
  });
});
