import { describe, expect, it } from 'vitest';
import { dateFromIdPrefix, normalizeCatalogSource, normalizeImageReference } from './catalog-source.ts';
import { FIXTURE_ANIMATED, FIXTURE_STILL, fixtureCatalogSource } from '../../testing/catalog-fixture.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('normalizeCatalogSource', () => {
  const catalog = normalizeCatalogSource(fixtureCatalogSource(now), now);
  const category = (id: string) => catalog.categories.find((c) => c.id === id)!;
  const template = (id: string) => catalog.templates.find((t) => t.id === id)!;

  it('reads category names, ranks (numbers or numeric strings), activity and tags in either spelling', () => {
    expect(category('birthday')).toMatchObject({
      name: 'Birthday',
      rank: 1,
      isActive: true,
      tags: ['birthday'],
    });
    expect(category('wedding')).toMatchObject({ name: 'Wedding', rank: 2, isActive: true });
    expect(category('thank-you')).toMatchObject({ name: 'Thank You', rank: null, isActive: true });
    expect(category('easter')).toMatchObject({ rank: 3, isActive: false });
    expect(category('eid').translations).toEqual({ ar: 'عيد', ru: 'Ураза-байрам' });
  });

  it('reads events by EventID/Name/Tag/IsActive', () => {
    expect(catalog.events).toContainEqual({
      id: 'ev-love',
      name: 'Love',
      tag: 'LOVE',
      isActive: true,
      iconKeyword: null,
      translations: {},
    });
    expect(catalog.events.find((e) => e.id === 'ev-easter')?.isActive).toBe(false);
  });

  it('takes the template name, description, tags, category and style from either spelling', () => {
    expect(template('birthday-01')).toMatchObject({
      name: 'Birthday Card 1',
      description: 'Confetti and balloons for a big day',
      tags: ['Balloons', 'party'],
      categoryId: 'birthday',
      styleId: 'playful',
    });
    expect(template('wedding-1')).toMatchObject({
      name: 'Golden Vows',
      categoryId: 'wedding',
      styleId: 'elegant',
      translations: {
        name: { ar: 'عهود ذهبية', ru: 'Золотые клятвы' },
        description: { ar: 'دعوة لحفل الزفاف', ru: 'Приглашение на свадьбу' },
      },
    });
    expect(template('wedding-2').translations).toEqual({ name: {}, description: {} });
    expect(template('wedding-2').styleId).toBe('elegant');
  });

  it('reads the preview image from ThumbnailUrl, thumbnailUrl, imageUrl or fileUrl and the animation from gifUrl, animatedUrl or GifUrl', () => {
    expect(template('birthday-01')).toMatchObject({
      previewImage: FIXTURE_STILL,
      animatedImage: FIXTURE_ANIMATED,
    });
    expect(template('wedding-1').previewImage).toBe(FIXTURE_STILL);
    expect(template('thanks-1').previewImage).toBe(FIXTURE_ANIMATED);
    expect(template('eid-1').animatedImage).toBe(FIXTURE_ANIMATED);
  });

  it('reads the creation date from CreatedAt, dateCreated, uploadedAt or a timestamp prefix of the id', () => {
    expect(template('birthday-01').createdAt.toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(template('wedding-1').createdAt.toISOString()).toBe('2026-11-19T12:00:00.000Z');
    expect(template('thanks-1').createdAt.toISOString()).toBe('2026-11-12T12:00:00.000Z');
    const prefixed = catalog.templates.find((t) => t.id.endsWith('_thanks-2'))!;
    expect(prefixed.createdAt.toISOString()).toBe('2026-11-20T12:00:00.000Z');
  });

  it('treats a truncated storage URL or a missing image as no image', () => {
    expect(template('broken-1').previewImage).toBeNull();
    expect(template('no-image-1').previewImage).toBeNull();
  });

  it('drops templates whose category does not exist', () => {
    const orphan = normalizeCatalogSource(
      { categories: [], styles: [], events: [], templates: [{ id: 'x', name: 'X', categoryId: 'nope' }] },
      now,
    );
    expect(orphan.templates).toEqual([]);
  });
});

describe('image references', () => {
  it('keeps our media keys but refuses ones that climb out of storage', () => {
    expect(normalizeImageReference('media:catalog/a.webp')).toBe('media:catalog/a.webp');
    expect(normalizeImageReference('media:../etc/passwd')).toBeNull();
    expect(normalizeImageReference('media:/etc/passwd')).toBeNull();
  });

  it('takes the first usable candidate and adds a missing scheme', () => {
    expect(normalizeImageReference('', 'cdn.example.com/a.webp')).toBe('https://cdn.example.com/a.webp');
  });
});

describe('dateFromIdPrefix', () => {
  it('reads epoch milliseconds or seconds before a separator', () => {
    expect(dateFromIdPrefix('1763812800000_card')?.toISOString()).toBe('2025-11-22T12:00:00.000Z');
    expect(dateFromIdPrefix('1763812800-card')?.toISOString()).toBe('2025-11-22T12:00:00.000Z');
    expect(dateFromIdPrefix('card-1763812800000')).toBeNull();
    expect(dateFromIdPrefix('12345_card')).toBeNull();
  });
});
