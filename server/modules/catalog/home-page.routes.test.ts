import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGES } from '../../../shared/i18n/languages.ts';
import ar from '../../../shared/i18n/locales/ar.json';
import en from '../../../shared/i18n/locales/en.json';
import ru from '../../../shared/i18n/locales/ru.json';
import { TEST_ORIGIN, TestBrowser } from '../../testing/accounts-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { normalizeCatalogSource } from './catalog-source.ts';
import { metaOf } from '../../testing/html-meta.ts';

const LOCALES = { en, ar, ru };

/**
 * Home shared in a chat (DESIGN §1.19 for the app's own front page): the server's HTML carries Open Graph and
 * Twitter tags in the page's language, with an absolute image the app serves (1200×630 JPEG, ≤ 300 KB).
 */
describeEachDatabase("home's link preview", (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const now = new Date();
    const webDir = path.join(use().dataDir, 'web-build');
    fs.mkdirSync(webDir, { recursive: true });
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="description" content="generic" /><title>Winc</title></head><body><div id="root"></div></body></html>',
    );
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN, WEB_DIST_DIR: webDir } }));
  });
  afterAll(() => app?.close());

  for (const language of LANGUAGES)
    it(`names the app and shows its image, in the page's language (${language})`, async () => {
      const home = LOCALES[language].home;
      const page = await new TestBrowser(app).get('/', { cookie: `${LANGUAGE_COOKIE}=${language}` });
      expect(page.statusCode).toBe(200);
      const html = page.body;
      expect(html).toContain(`<html lang="${language}"`);
      expect(metaOf(html, 'og:type')).toBe('website');
      expect(metaOf(html, 'og:site_name')).toBe('Winc');
      expect(metaOf(html, 'og:title')).toBe(home.heroTitle);
      expect(metaOf(html, 'og:description')).toBe(home.heroSubtitle);
      expect(metaOf(html, 'description')).toBe(home.heroSubtitle);
      expect(metaOf(html, 'og:url')).toBe(`${TEST_ORIGIN}/`);
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      // One description: the page's, not the English one of the built page.
      expect(html).not.toContain('content="generic"');

      const imageUrl = metaOf(html, 'og:image')!;
      expect(imageUrl.startsWith(`${TEST_ORIGIN}/`), imageUrl).toBe(true);
      expect(metaOf(html, 'twitter:image')).toBe(imageUrl);
      const image = await new TestBrowser(app).get(new URL(imageUrl).pathname);
      expect(image.statusCode, image.body).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const metadata = await sharp(image.rawPayload).metadata();
      expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 1200, height: 630 });
      expect(image.rawPayload.length).toBeLessThanOrEqual(300 * 1024);
    });
});
