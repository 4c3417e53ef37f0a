import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardsApi, catalogApi } from '../../../shared/api-paths.ts';
import { cardSchema, publicCardSchema } from '../../../shared/cards/cards.contract.ts';
import { templateSummarySchema } from '../../../shared/catalog/catalog.contract.ts';
import { templatePictures } from '../../../shared/catalog/catalog.rules.ts';
import { LANGUAGE_HEADER } from '../../../shared/i18n/languages.ts';
import { LocalDiskStorage } from '../../platform/storage/local-disk-storage.ts';
import { TEST_ORIGIN, TestBrowser, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource, writeFixtureImages } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { MEDIA_PREFIX, normalizeCatalogSource } from './catalog-source.ts';

const now = new Date('2026-11-22T12:00:00Z');
/** The Arabic cover of 'wedding-2': green, where the default fixture cover is magenta. */
const ARABIC_COVER = `${MEDIA_PREFIX}catalog/templates/fixture-wedding-ar.webp`;

/** Which of the two fixture colours an image mostly is. */
async function colourOf(image: Buffer): Promise<'green' | 'magenta'> {
  const { dominant } = await sharp(image).stats();
  return dominant.g > dominant.r ? 'green' : 'magenta';
}

/**
 * A template's covers lettered in one language each: the catalog lists their pictures, the image route serves
 * them by language, and a card takes the cover of its own language (the default one when there is none).
 */
describeEachDatabase('covers lettered in each language', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const source = fixtureCatalogSource(now);
    const wedding = source.templates.find((t) => t.id === 'wedding-2')!;
    wedding.languageCovers = { ar: { imageUrl: ARABIC_COVER } };
    await createCatalogRepository(use().database).insertCatalog(normalizeCatalogSource(source, now));
    let config;
    ({ app, config } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN }, now: () => now }));
    const storage = new LocalDiskStorage(config.storageDir);
    await writeFixtureImages(storage);
    const green = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#2e7d32' } })
      .webp()
      .toBuffer();
    await storage.write(ARABIC_COVER.slice(MEDIA_PREFIX.length), green);
  });
  afterAll(() => app?.close());

  const get = async (url: string) => {
    const response = await app.inject(url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response;
  };

  it("lists a template's Arabic pictures, and serves the Arabic cover by language, the default one otherwise", async () => {
    const template = templateSummarySchema.parse((await get(catalogApi.template('wedding-2'))).json());
    expect(Object.keys(template.languagePictures)).toEqual(['ar']);
    const arabic = templatePictures(template, 'ar');
    for (const url of [arabic.coverUrl, arabic.thumbnailUrl, ...arabic.thumbnailSrcSet!.split(/ \d+w,? ?/)]) {
      if (url === '') continue;
      expect(await colourOf((await get(url)).rawPayload), url).toBe('green');
    }
    // Russian and English have no cover of their own: the default one.
    for (const language of ['ru', 'en'] as const) {
      const { coverUrl } = templatePictures(template, language);
      expect(coverUrl).toBe(template.coverUrl);
      expect(await colourOf((await get(coverUrl)).rawPayload)).toBe('magenta');
    }
    // The route falls back too, for a language the template has no cover in.
    const russian = await get(catalogApi.templateImage('wedding-2', 'cover', 'x', 'ru'));
    expect(await colourOf(russian.rawPayload)).toBe('magenta');
    // A template with no language cover at all lists none.
    const plain = templateSummarySchema.parse((await get(catalogApi.template('wedding-3'))).json());
    expect(plain.languagePictures).toEqual({});
  });

  it("gives a card the cover of its language, the default one in another, and follows the card's language", async () => {
    const guest = new TestBrowser(app);
    const created = await guest.post(
      cardsApi.create,
      { ...cardDraft, templateId: 'wedding-2' },
      {
        [LANGUAGE_HEADER]: 'ar',
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const arabicCard = cardSchema.parse(created.json());
    expect(arabicCard.language).toBe('ar');
    expect(await colourOf((await get(arabicCard.templateImageUrl!)).rawPayload)).toBe('green');

    // The card's language changes to Russian (the sender's screen is in Russian now): the default cover.
    const changed = await guest.request({
      method: 'PATCH',
      url: cardsApi.card(arabicCard.id),
      payload: { language: 'ru' },
      headers: { [LANGUAGE_HEADER]: 'ru' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const russianCard = cardSchema.parse(changed.json());
    expect(await colourOf((await get(russianCard.templateImageUrl!)).rawPayload)).toBe('magenta');

    const english = await new TestBrowser(app).post(cardsApi.create, {
      ...cardDraft,
      templateId: 'wedding-2',
    });
    expect(await colourOf((await get(cardSchema.parse(english.json()).templateImageUrl!)).rawPayload)).toBe(
      'magenta',
    );
  });

  /** A paid card on 'wedding-2' written in `language` (its sender's screen is in it). */
  async function paidCard(language: 'ar' | 'ru') {
    const owner = await signUpAndVerify(app, use());
    const created = await owner.browser.post(
      cardsApi.create,
      { ...cardDraft, templateId: 'wedding-2' },
      { [LANGUAGE_HEADER]: language },
    );
    expect(created.statusCode, created.body).toBe(201);
    const card = cardSchema.parse(created.json());
    const unlocked = await owner.browser.post(cardsApi.unlock(card.id));
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    return card;
  }

  /** The share of an image's pixels that are clearly green (the Arabic cover's colour, nowhere else). */
  async function greenShare(image: Buffer): Promise<number> {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let green = 0;
    for (let i = 0; i < data.length; i += 3) {
      if (data[i + 1]! > data[i]! + 40 && data[i + 1]! > data[i + 2]! + 20) green++;
    }
    return green / (info.width * info.height);
  }

  it("draws a shared card's link preview (Open Graph image) from the cover of the card's language", async () => {
    const previewOf = async (language: 'ar' | 'ru') => {
      const card = await paidCard(language);
      const html = (await new TestBrowser(app).get(`/c/${card.id}`)).body;
      const image = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
      expect(image, language).toBeDefined();
      return (await get(new URL(image!.replace(/&amp;/g, '&')).pathname)).rawPayload;
    };
    expect(await greenShare(await previewOf('ar'))).toBeGreaterThan(0.05);
    expect(await greenShare(await previewOf('ru'))).toBeLessThan(0.01);
  });

  it('shows the recipient of an Arabic card its Arabic cover', async () => {
    const card = await paidCard('ar');
    const shared = await new TestBrowser(app).get(cardsApi.publicCard(card.id));
    expect(shared.statusCode, shared.body).toBe(200);
    const { templateImageUrl } = publicCardSchema.parse(shared.json());
    expect(await colourOf((await get(templateImageUrl!)).rawPayload)).toBe('green');
  });
});
