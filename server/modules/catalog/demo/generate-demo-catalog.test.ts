import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNewDrop, matchesEvent } from '../../../../shared/catalog/catalog.rules.ts';
import {
  MEDIA_PREFIX,
  normalizeCatalogSource,
  type CatalogSource,
  type NormalizedCatalog,
  type TemplateRecord,
} from '../catalog-source.ts';
import { COVER_HEIGHT, COVER_WIDTH, renderCover } from './artwork/index.ts';
import { LocalDiskStorage } from '../../../platform/storage/local-disk-storage.ts';
import { generateDemoCatalog } from './generate-demo-catalog.ts';

const now = new Date('2026-03-18T09:30:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

describe('generateDemoCatalog', () => {
  let storageDir: string;
  let source: CatalogSource;
  let catalog: NormalizedCatalog;
  let listed: TemplateRecord[];

  const mediaPath = (reference: string): string => join(storageDir, reference.slice(MEDIA_PREFIX.length));

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'winc-demo-catalog-'));
    source = await generateDemoCatalog({ storage: new LocalDiskStorage(storageDir), now });
    catalog = normalizeCatalogSource(JSON.parse(JSON.stringify(source)), now);
    const active = new Set(catalog.categories.filter((c) => c.isActive).map((c) => c.id));
    listed = catalog.templates.filter((t) => t.previewImage !== null && active.has(t.categoryId));
  }, 240_000);

  afterAll(async () => {
    await rm(storageDir, { recursive: true, force: true });
  });

  it('has 13 active categories, one inactive with templates, and a mix of ranks', () => {
    const active = catalog.categories.filter((c) => c.isActive);
    expect(active.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'Birthday',
        'Graduation',
        "Valentine's Day",
        'Christmas',
        'Halloween',
        'Ramadan',
        'Eid',
        'Thank You',
        'Congratulations',
        'New Baby',
        'Get Well Soon',
        'Just Because',
        'Wedding',
      ]),
    );
    expect(active).toHaveLength(13);
    const inactive = catalog.categories.filter((c) => !c.isActive);
    expect(inactive).toHaveLength(1);
    expect(catalog.templates.filter((t) => t.categoryId === inactive[0]!.id).length).toBeGreaterThanOrEqual(
      2,
    );

    const raw = (id: string) => source.categories.find((c) => c.id === id)!;
    expect(raw('birthday').Rank).toBe(1);
    expect(raw('wedding').rank).toBe(2);
    expect(raw('graduation').Rank).toBe('3');
    expect(catalog.categories.find((c) => c.id === 'graduation')!.rank).toBe(3);
    expect(
      source.categories.filter((c) => c.Rank === undefined && c.rank === undefined).length,
    ).toBeGreaterThanOrEqual(4);
    expect(source.categories.some((c) => c.Name) && source.categories.some((c) => c.name)).toBe(true);
    for (const category of active) expect(category.tags.length).toBeGreaterThan(0);
  });

  it('has five styles and seven events (six active) in the raw event schema', () => {
    expect(catalog.styles).toHaveLength(5);
    expect(source.events).toHaveLength(7);
    for (const event of source.events) {
      expect(Object.keys(event).sort()).toEqual(['EventID', 'IsActive', 'Name', 'Tag', 'translations']);
    }
    expect(catalog.events.filter((e) => e.isActive)).toHaveLength(6);
  });

  it('matches every active event to at least three listed templates', () => {
    const categoryTags = new Map(catalog.categories.map((c) => [c.id, c.tags]));
    for (const event of catalog.events.filter((e) => e.isActive)) {
      const matches = listed.filter((t) =>
        matchesEvent(event.tag, t.tags, categoryTags.get(t.categoryId) ?? []),
      );
      expect(matches.length, event.name).toBeGreaterThanOrEqual(3);
    }
  });

  it('translates every category, style and event, and every template name and description, into Arabic and Russian', () => {
    const texts = [
      ...[...catalog.categories, ...catalog.styles, ...catalog.events].map((item) => item.translations),
      ...catalog.templates.flatMap((t) => [t.translations.name, t.translations.description]),
    ];
    expect(texts.length).toBe(14 + 5 + 7 + 2 * 75);
    for (const translations of texts) {
      expect(translations.ar, JSON.stringify(translations)).toMatch(/[\u0600-\u06ff]/);
      expect(translations.ru, JSON.stringify(translations)).toMatch(/[\u0400-\u04ff]/);
    }
  });

  it('lists exactly 72 templates, five or six per active category, across all styles', () => {
    expect(listed).toHaveLength(72);
    const perCategory = new Map<string, number>();
    for (const t of listed) perCategory.set(t.categoryId, (perCategory.get(t.categoryId) ?? 0) + 1);
    expect(perCategory.size).toBe(13);
    for (const [id, count] of perCategory) {
      expect(count, id).toBeGreaterThanOrEqual(5);
      expect(count, id).toBeLessThanOrEqual(6);
    }
    expect(new Set(listed.map((t) => t.styleId))).toEqual(new Set(catalog.styles.map((s) => s.id)));
    expect(new Set(catalog.templates.map((t) => t.id)).size).toBe(catalog.templates.length);
  });

  it('names, describes and tags every template so search finds the occasion', () => {
    const categories = new Map(catalog.categories.map((c) => [c.id, c]));
    for (const t of listed) {
      expect(t.name).not.toBe('');
      expect(t.description, t.id).toMatch(/^[A-Z][^.!?]*[.!?]$/);
      expect(t.tags.length, t.id).toBeGreaterThanOrEqual(2);
      expect(t.tags.length, t.id).toBeLessThanOrEqual(5);
      expect(t.tags, t.id).toContain(categories.get(t.categoryId)!.tags[0]);
    }
  });

  it('uses the mixed raw spellings, including ids that carry their date', () => {
    const keys = new Set(source.templates.flatMap((t) => Object.keys(t)));
    for (const key of [
      'Name',
      'name',
      'ThumbnailUrl',
      'imageUrl',
      'CreatedAt',
      'dateCreated',
      'StyleID',
      'Style',
    ]) {
      expect(keys, key).toContain(key);
    }
    expect(['gifUrl', 'animatedUrl', 'GifUrl'].every((key) => keys.has(key))).toBe(true);
    const datedById = source.templates.filter((t) => /^\d{13}_/.test(t.id));
    expect(datedById.length).toBeGreaterThanOrEqual(1);
    for (const t of datedById) {
      expect(t.CreatedAt ?? t.dateCreated ?? t.uploadedAt).toBeUndefined();
      expect(catalog.templates.find((r) => r.id === t.id)!.createdAt.getTime()).toBe(
        Number(t.id.slice(0, 13)),
      );
    }
  });

  it('has at least six new drops from different categories and spreads the rest over months', () => {
    const fresh = listed.filter((t) => isNewDrop(t.createdAt, now));
    expect(fresh.length).toBeGreaterThanOrEqual(6);
    expect(new Set(fresh.map((t) => t.categoryId)).size).toBe(fresh.length);
    expect(new Set(fresh.map((t) => t.createdAt.getTime())).size).toBe(fresh.length);
    for (const t of listed) expect(t.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    const oldest = Math.min(...listed.map((t) => t.createdAt.getTime()));
    expect(now.getTime() - oldest).toBeGreaterThan(150 * DAY_MS);
  });

  it('keeps one template with a truncated cloud-storage image, which is not listed', () => {
    const broken = catalog.templates.filter((t) => t.previewImage === null);
    expect(broken).toHaveLength(1);
    const raw = source.templates.find((t) => t.id === broken[0]!.id)!;
    expect(raw.imageUrl).toMatch(/^https:\/\/firebasestorage\.googleapis\.com\//);
  });

  it('writes every referenced image under catalog/templates with a content hash in its name', async () => {
    const references = catalog.templates.flatMap((t) => [t.previewImage, t.animatedImage]);
    for (const reference of references) {
      if (reference === null || !reference.startsWith(MEDIA_PREFIX)) continue;
      expect(reference).toMatch(/^media:catalog\/templates\/[a-z0-9-]+-[0-9a-f]{8}\.webp$/);
      const data = await readFile(mediaPath(reference));
      const hash = /-([0-9a-f]{8})\.webp$/.exec(basename(reference))![1];
      expect(createHash('sha256').update(data).digest('hex').slice(0, 8)).toBe(hash);
    }
  });

  it('renders 600×800 stills and animated WebPs of 10–16 frames whose first frame matches the still', async () => {
    const animated = listed.filter((t) => t.animatedImage !== null);
    expect(animated.length).toBeGreaterThanOrEqual(18);
    for (const t of listed) {
      const meta = await sharp(mediaPath(t.previewImage!)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', COVER_WIDTH, COVER_HEIGHT]);
    }
    for (const t of animated) {
      const file = mediaPath(t.animatedImage!);
      const meta = await sharp(file, { animated: true }).metadata();
      expect(meta.pages, t.id).toBeGreaterThanOrEqual(10);
      expect(meta.pages, t.id).toBeLessThanOrEqual(16);
      expect(meta.pageHeight).toBe(COVER_HEIGHT);
      expect(meta.loop).toBe(0);
      expect((await stat(file)).size, t.id).toBeLessThan(500 * 1024);
      const [first, still] = await Promise.all([
        sharp(file, { page: 0 }).resize(30, 40).removeAlpha().raw().toBuffer(),
        sharp(mediaPath(t.previewImage!)).resize(30, 40).removeAlpha().raw().toBuffer(),
      ]);
      const meanDifference =
        first.reduce((sum, value, i) => sum + Math.abs(value - still[i]!), 0) / first.length;
      expect(meanDifference, t.id).toBeLessThan(6);
    }
  });

  it('letters every cover in Arabic and Russian too, each its own image, animated when the English one is', async () => {
    const hashOf = async (reference: string) =>
      createHash('sha256')
        .update(await readFile(mediaPath(reference)))
        .digest('hex');
    for (const t of listed) {
      expect(Object.keys(t.languageCovers).sort(), t.id).toEqual(['ar', 'ru']);
      const ar = t.languageCovers.ar!;
      const ru = t.languageCovers.ru!;
      expect(ar.previewImage).toMatch(new RegExp(`^media:catalog/templates/${t.categoryId}-[a-z0-9-]+-ar-`));
      expect(ru.previewImage).toMatch(new RegExp(`^media:catalog/templates/${t.categoryId}-[a-z0-9-]+-ru-`));
      const stills = await Promise.all([t.previewImage!, ar.previewImage, ru.previewImage].map(hashOf));
      expect(new Set(stills).size, t.id).toBe(3);
      for (const cover of [ar, ru]) {
        const meta = await sharp(mediaPath(cover.previewImage)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', COVER_WIDTH, COVER_HEIGHT]);
        expect(cover.animatedImage === null, t.id).toBe(t.animatedImage === null);
      }
      if (t.animatedImage !== null) {
        const animations = await Promise.all(
          [t.animatedImage, ar.animatedImage!, ru.animatedImage!].map(hashOf),
        );
        expect(new Set(animations).size, t.id).toBe(3);
      }
    }
  });

  it('differs between languages only in the lettering: the artwork around it is the same', async () => {
    const t = listed.find((template) => template.id === 'golden-eid')!;
    const pixels = (reference: string) => sharp(mediaPath(reference)).removeAlpha().raw().toBuffer();
    const [en, ar] = await Promise.all([pixels(t.previewImage!), pixels(t.languageCovers.ar!.previewImage)]);
    // Rows of the cover's top eighth (garland and frame, no lettering) match; the cover as a whole does not.
    const top = COVER_WIDTH * 3 * (COVER_HEIGHT / 8);
    const meanDifference = (from: number, to: number) => {
      let sum = 0;
      for (let i = from; i < to; i++) sum += Math.abs(en[i]! - ar[i]!);
      return sum / (to - from);
    };
    expect(meanDifference(0, top)).toBeLessThan(1);
    expect(meanDifference(0, en.length)).toBeGreaterThan(1);
  });
});

describe('renderCover', () => {
  it('is deterministic', async () => {
    const design = {
      style: 'retro',
      palette: 'sunset',
      layout: 'hero-top',
      motif: 'sun',
      lettering: 'script',
      occasion: 'get-well',
      headline: 'Get Well\nSoon',
      subtitle: 'Brighter days ahead',
      seed: 'determinism',
    } as const;
    const [a, b] = await Promise.all([renderCover(design), renderCover(design)]);
    expect(a.still.equals(b.still)).toBe(true);
    expect(a.animated).toBeNull();
  });
});
