import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { TEST_ORIGIN, TestBrowser, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { adminUploads, generateDemoSample, type DemoSample } from '../../testing/production-artwork.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { adminApi, cardsApi, catalogApi } from '../../../shared/api-paths.ts';
import { LANGUAGE_HEADER } from '../../../shared/i18n/languages.ts';
import { metaOf } from '../../testing/html-meta.ts';

const ADMIN_EMAIL = 'operator@example.com';

/** Where a left-to-right preview draws the cover (72 px in, centred on 630 px, 390×520), less its rounded corners. */
const COVER_REGION = { left: 72 + 24, top: 55 + 24, width: 390 - 48, height: 520 - 48 };

/** A region's pixels, averaged down to a small grid: what is drawn there, without JPEG noise. */
async function regionPixels(image: Buffer, region: typeof COVER_REGION): Promise<Buffer> {
  return sharp(image).extract(region).resize(19, 26, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/** The mean difference (0–255) of two pictures' pixels. */
function meanDifference(a: Buffer, b: Buffer): number {
  return a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
}

/**
 * Link previews (DESIGN §1.19): the share link's HTML carries Open Graph and Twitter tags for a paid card,
 * in its language, with a 1200×630 preview image under 300 KB showing the recipient's name in any script;
 * nothing private; an unpaid or unknown card gets the generic preview; the page itself counts no view.
 */
describeEachDatabase('the share link page and its preview', (use) => {
  let app: FastifyInstance;
  let storageDir: string;
  let admin: TestBrowser;
  let demo: DemoSample;
  /** Templates whose artwork an admin uploaded, as a GIF and as a PNG. */
  const uploaded = { gif: '', png: '' };

  beforeAll(async () => {
    const now = new Date();
    const webDir = path.join(use().dataDir, 'web-build');
    fs.mkdirSync(webDir, { recursive: true });
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="description" content="generic" /><title>Winc</title></head><body><div id="root"></div></body></html>',
    );
    let config;
    ({ app, config } = await buildTestApp(use(), {
      env: { PUBLIC_ORIGIN: TEST_ORIGIN, WEB_DIST_DIR: webDir, ADMIN_EMAILS: ADMIN_EMAIL },
    }));
    storageDir = config.storageDir;
    // The catalog a fresh install seeds (a sample of it), plus a template whose only artwork is the
    // animated WebP, as an imported catalog may have.
    demo = await generateDemoSample(await createFileStorage(config), now);
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(
        {
          ...demo.source,
          templates: [
            ...demo.source.templates,
            {
              id: 'animated-only',
              name: 'Only Animated',
              categoryId: 'birthday',
              fileUrl: demo.animatedImage,
            },
          ],
        },
        now,
      ),
    );
    // And artwork uploaded in the admin area.
    ({ browser: admin } = await signUpAndVerify(app, use(), { email: ADMIN_EMAIL }));
    const files = await adminUploads();
    for (const [format, bytes] of [
      ['gif', files.gif],
      ['png', files.png],
    ] as const) {
      const created = await admin.post(adminApi.templates, {
        name: `Uploaded ${format}`,
        description: 'Artwork from the admin area',
        translations: { name: {}, description: {} },
        tags: ['birthday'],
        categoryId: 'birthday',
        styleId: 'playful',
        isActive: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      uploaded[format] = created.json<{ id: string }>().id;
      const artwork = await admin.request({
        method: 'PUT',
        url: adminApi.templateArtwork(uploaded[format]),
        payload: bytes,
        headers: { 'content-type': `image/${format}` },
      });
      expect(artwork.statusCode, artwork.body).toBe(200);
    }
  });
  afterAll(() => app?.close());

  async function paidCard(draft: object, language = 'en'): Promise<{ card: Card; owner: TestBrowser }> {
    const { browser } = await signUpAndVerify(app, use());
    const created = await browser.post(
      cardsApi.create,
      { ...cardDraft, templateId: demo.stillId, ...draft },
      { [LANGUAGE_HEADER]: language },
    );
    expect(created.statusCode, created.body).toBe(201);
    const card = cardSchema.parse(created.json());
    expect((await browser.post(cardsApi.unlock(card.id))).statusCode).toBe(200);
    return { card, owner: browser };
  }

  async function previewOf(url: string) {
    const image = await new TestBrowser(app).get(new URL(url).pathname);
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(image.rawPayload).metadata();
    return {
      image: image.rawPayload,
      bytes: image.rawPayload.length,
      width: metadata.width,
      height: metadata.height,
      format: metadata.format,
    };
  }

  /** The template's cover as the overview shows it (the image route's `cover`), at the size the preview draws. */
  async function coverAsDrawn(templateId: string): Promise<Buffer> {
    const { coverUrl } = (await app.inject(catalogApi.template(templateId))).json<{ coverUrl: string }>();
    const cover = await app.inject(coverUrl);
    expect(cover.statusCode).toBe(200);
    return sharp(cover.rawPayload).resize(390, 520, { fit: 'cover' }).toBuffer();
  }

  it("answers a paid card's link with its Open Graph and Twitter tags, and nothing private", async () => {
    const { card, owner } = await paidCard({ message: 'A private message only Alex should read' });
    const page = await new TestBrowser(app).get(`/c/${card.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(metaOf(html, 'og:title')).toBe('A WINC for Alex');
    expect(metaOf(html, 'twitter:title')).toBe('A WINC for Alex');
    expect(metaOf(html, 'og:description')).toContain('Sam made something for you');
    expect(metaOf(html, 'og:locale')).toBe('en_US');
    expect(metaOf(html, 'og:url')).toBe(`${TEST_ORIGIN}/c/${card.id}`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaOf(html, 'og:image')!;
    expect(image).toMatch(new RegExp(`^${TEST_ORIGIN}/media/previews/cards/${card.id}/[\\w-]{16}\\.jpg$`));
    expect(metaOf(html, 'twitter:image')).toBe(image);
    expect(html).toContain(
      `<link rel="preload" as="image" href="${card.templateImageUrl}" fetchpriority="high" />`,
    );
    // The browser asks for the card with the page (a crawler loads no subresource, so counts nothing).
    expect(html).toContain(
      `<link rel="preload" as="fetch" href="/api/public/cards/${card.id}" crossorigin="anonymous" />`,
    );
    expect(html).not.toContain('<title>Winc</title>');
    expect(html).not.toContain('A private message');
    expect(html).not.toContain(owner.cookieHeader());

    expect(await previewOf(image)).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    expect((await previewOf(image)).bytes).toBeLessThan(300 * 1024);
    // The page is for crawlers too: it counts no view.
    expect(cardSchema.parse((await owner.get(cardsApi.card(card.id))).json()).viewCount).toBe(0);
  });

  it('draws the cover of artwork made as production makes it: demo WebP, animated WebP, admin GIF and PNG', async () => {
    const placeholder = await previewOf(`${TEST_ORIGIN}/media/previews/generic/en.jpg`);
    for (const templateId of [demo.stillId, demo.animatedId, 'animated-only', uploaded.gif, uploaded.png]) {
      const { card } = await paidCard({ templateId });
      const html = (await new TestBrowser(app).get(`/c/${card.id}`)).body;
      const preview = await previewOf(metaOf(html, 'og:image')!);
      expect(preview, templateId).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      expect(preview.bytes, templateId).toBeLessThanOrEqual(300 * 1024);
      // The cover is there, where it is drawn: the template's own picture, not the gradient or the placeholder.
      const cover = await regionPixels(await coverAsDrawn(templateId), {
        ...COVER_REGION,
        left: 24,
        top: 24,
      });
      const drawn = await regionPixels(preview.image, COVER_REGION);
      const empty = await regionPixels(placeholder.image, COVER_REGION);
      expect(meanDifference(empty, cover), templateId).toBeGreaterThan(25);
      expect(meanDifference(drawn, cover), templateId).toBeLessThan(8);
    }
  });

  it('stores no preview without its cover when the artwork cannot be read for now', async () => {
    const created = await admin.post(adminApi.templates, {
      name: 'Unreadable for now',
      description: 'Artwork whose file fails to read once',
      translations: { name: {}, description: {} },
      tags: ['birthday'],
      categoryId: 'birthday',
      styleId: 'playful',
      isActive: true,
    });
    const templateId = created.json<{ id: string }>().id;
    const artwork = await admin.request({
      method: 'PUT',
      url: adminApi.templateArtwork(templateId),
      payload: (await adminUploads()).png,
      headers: { 'content-type': 'image/png' },
    });
    expect(artwork.statusCode, artwork.body).toBe(200);
    const { previewImage } = await use()
      .database.db.selectFrom('templates')
      .select('previewImage')
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow();
    const file = path.join(storageDir, previewImage!.replace(/^media:/, ''));
    const { card } = await paidCard({ templateId });
    const image = metaOf((await new TestBrowser(app).get(`/c/${card.id}`)).body, 'og:image')!;

    // The disk answers with an error other than "not found" (here: a link to itself, for a moment).
    const bytes = fs.readFileSync(file);
    fs.rmSync(file);
    fs.symlinkSync(file, file);
    try {
      expect((await new TestBrowser(app).get(new URL(image).pathname)).statusCode).toBeGreaterThanOrEqual(
        500,
      );
    } finally {
      fs.rmSync(file);
      fs.writeFileSync(file, bytes);
    }
    // Once it reads again, the preview has its cover.
    const drawn = await regionPixels((await previewOf(image)).image, COVER_REGION);
    const cover = await regionPixels(await coverAsDrawn(templateId), { ...COVER_REGION, left: 24, top: 24 });
    expect(meanDifference(drawn, cover)).toBeLessThan(8);
  });

  it('draws Arabic and Russian names in their scripts, in the card language', async () => {
    for (const [language, recipientName, locale] of [
      ['ar', 'ليلى', 'ar_AR'],
      ['ru', 'Аня', 'ru_RU'],
    ] as const) {
      const { card } = await paidCard(
        { recipientName, senderName: language === 'ar' ? 'سامي' : 'Саша', language },
        language,
      );
      const html = (await new TestBrowser(app).get(`/c/${card.id}`)).body;
      expect(metaOf(html, 'og:locale')).toBe(locale);
      expect(metaOf(html, 'og:title')).toContain(recipientName);
      expect(html).toMatch(
        new RegExp(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`),
      );
      const preview = await previewOf(metaOf(html, 'og:image')!);
      expect(preview).toMatchObject({ width: 1200, height: 630 });
      expect(preview.bytes).toBeLessThan(300 * 1024);
    }
  });

  it('gives a new image when the card changes, and forgets the old one', async () => {
    const { card, owner } = await paidCard({});
    const before = metaOf((await new TestBrowser(app).get(`/c/${card.id}`)).body, 'og:image')!;
    const renamed = await owner.request({
      method: 'PATCH',
      url: cardsApi.card(card.id),
      payload: { recipientName: 'Robin' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = metaOf((await new TestBrowser(app).get(`/c/${card.id}`)).body, 'og:image')!;
    expect(after).not.toBe(before);
    expect((await new TestBrowser(app).get(new URL(before).pathname)).statusCode).toBe(404);
    expect((await previewOf(after)).width).toBe(1200);
  });

  it("answers a deleted card's link 410, an unknown one 404 and an unpaid card's 200, to crawlers and browsers alike, each with the generic preview", async () => {
    const { card: deleted, owner } = await paidCard({});
    const removed = await owner.request({ method: 'DELETE', url: cardsApi.card(deleted.id) });
    expect(removed.statusCode, removed.body).toBe(204);
    const created = await new TestBrowser(app).post(cardsApi.create, {
      ...cardDraft,
      templateId: demo.stillId,
    });
    const unpaid = cardSchema.parse(created.json());
    const crawler = { 'user-agent': 'WhatsApp/2.23.20.0' };
    const browser = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      accept: 'text/html,application/xhtml+xml',
    };
    for (const [id, status] of [
      [deleted.id, 410],
      ['AAAAAAAAAAAAAAAAAAAAAA', 404],
      ['x', 404],
      [unpaid.id, 200],
    ] as const) {
      for (const headers of [crawler, browser]) {
        const page = await new TestBrowser(app).get(`/c/${id}`, headers);
        expect(page.statusCode, id).toBe(status);
        expect(page.headers['content-type'], id).toContain('text/html');
        expect(page.headers['x-robots-tag'], id).toBe('noindex, nofollow');
        expect(metaOf(page.body, 'og:title'), id).toBe("You've got a WINC");
        expect(metaOf(page.body, 'og:image'), id).toBe(`${TEST_ORIGIN}/media/previews/generic/en.jpg`);
        expect(metaOf(page.body, 'twitter:card'), id).toBe('summary_large_image');
        expect(page.body, id).not.toContain('Alex');
      }
    }
  });

  it('gives an unpaid card and an unknown link the generic preview, in the asker language', async () => {
    const guest = new TestBrowser(app);
    const created = await guest.post(cardsApi.create, { ...cardDraft, templateId: demo.stillId });
    const unpaid = cardSchema.parse(created.json());
    // Over-long and undecodable ids are unknown links too.
    for (const id of [unpaid.id, 'AAAAAAAAAAAAAAAAAAAAAA', 'a'.repeat(10_000), '%E0%A4%A']) {
      const html = (
        await new TestBrowser(app).get(`/c/${id}`, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' })
      ).body;
      expect(metaOf(html, 'og:title')).toBe('Вам пришла открытка WINC');
      expect(metaOf(html, 'og:image')).toBe(`${TEST_ORIGIN}/media/previews/generic/ru.jpg`);
      expect(html).not.toContain('Alex');
      expect(html).not.toContain('<link rel="preload" as="image"');
    }
    expect(await previewOf(`${TEST_ORIGIN}/media/previews/generic/ru.jpg`)).toMatchObject({
      width: 1200,
      height: 630,
    });
    // A paid card's image is not handed out for a card that is not shared.
    expect(
      (await new TestBrowser(app).get(`/media/previews/cards/${unpaid.id}/AAAAAAAAAAAAAAAA.jpg`)).statusCode,
    ).toBe(404);
  });
});
