import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoCovers } from '../../testing/production-artwork.ts';
import { LINK_PREVIEW_MAX_BYTES, renderLinkPreview } from './link-preview-image.ts';
import { wordsInReadingOrder } from './words-in-reading-order.ts';

describe('wordsInReadingOrder (mixed scripts on one line)', () => {
  it('orders the words of a right-to-left line from its right end', () => {
    expect(wordsInReadingOrder('إلى ليلى', 'rtl')).toEqual(['إلى', 'ليلى']);
    // A Latin name keeps its place after the Arabic words, and the Arabic comma follows it on its left.
    expect(wordsInReadingOrder('مفاجأة من Sam، صُنعت لك', 'rtl')).toEqual([
      'مفاجأة',
      'من',
      '،Sam',
      'صُنعت',
      'لك',
    ]);
    // Two Latin words together read left to right inside the right-to-left line.
    expect(wordsInReadingOrder('إلى Anna Maria', 'rtl')).toEqual(['إلى', 'Maria', 'Anna']);
  });

  it('orders the words of a left-to-right line from its left end, an Arabic name right to left', () => {
    expect(wordsInReadingOrder('For Alex', 'ltr')).toEqual(['For', 'Alex']);
    expect(wordsInReadingOrder('For ليلى سعيد', 'ltr')).toEqual(['For', 'سعيد', 'ليلى']);
    expect(wordsInReadingOrder('Открытка для вас, Аня', 'ltr')).toEqual(['Открытка', 'для', 'вас,', 'Аня']);
  });
});

describe('renderLinkPreview', () => {
  it('draws a 1200×630 JPEG within 300 KB, with or without a cover', async () => {
    const cover = await sharp({ create: { width: 400, height: 533, channels: 3, background: '#f4a261' } })
      .jpeg()
      .toBuffer();
    for (const content of [
      {
        cover,
        eyebrow: 'وصلتك بطاقة WINC',
        headline: 'إلى Alex',
        subline: 'مفاجأة من سامي',
        language: 'ar' as const,
      },
      {
        cover: null,
        eyebrow: "You've got a WINC",
        headline: 'A card for you',
        subline: 'Open it',
        language: 'en' as const,
      },
    ]) {
      const image = await renderLinkPreview(content);
      const metadata = await sharp(image).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      expect(image.length).toBeLessThanOrEqual(LINK_PREVIEW_MAX_BYTES);
    }
  });
});

describe('renderLinkPreview with catalog artwork', () => {
  /** Where a left-to-right preview draws the cover (390×520), less its rounded corners, averaged down. */
  const coverRegion = (image: Buffer, left = 72, top = 55) =>
    sharp(image)
      .extract({ left: left + 24, top: top + 24, width: 390 - 48, height: 520 - 48 })
      .resize(19, 26, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
  const meanDifference = (a: Buffer, b: Buffer) =>
    a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
  const content = {
    eyebrow: "You've got a WINC",
    headline: 'For Alex',
    subline: 'From Sam',
    language: 'en' as const,
  };

  it('draws a WebP cover, and the first frame of an animated one, in a 1200×630 JPEG within 300 KB', async () => {
    const { still, animated } = await demoCovers();
    const placeholder = await coverRegion(await renderLinkPreview({ ...content, cover: null }));
    for (const cover of [still, animated]) {
      const image = await renderLinkPreview({ ...content, cover });
      expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      expect(image.length).toBeLessThanOrEqual(LINK_PREVIEW_MAX_BYTES);
      const firstFrame = await coverRegion(
        await sharp(cover, { pages: 1 }).resize(390, 520, { fit: 'cover' }).toBuffer(),
        0,
        0,
      );
      expect(meanDifference(placeholder, firstFrame)).toBeGreaterThan(25);
      expect(meanDifference(await coverRegion(image), firstFrame)).toBeLessThan(8);
    }
  });

  it('lays a soft shadow under the cover: the strip below it is darker than with no cover', async () => {
    const { still } = await demoCovers();
    // Mean brightness of a 200×8 strip 10 px under the cover (x 72–462, y 55–575), where its shadow falls.
    const below = async (image: Buffer) => {
      const strip = await sharp(image)
        .extract({ left: 167, top: 585, width: 200, height: 8 })
        .greyscale()
        .raw()
        .toBuffer();
      return strip.reduce((sum, value) => sum + value, 0) / strip.length;
    };
    const shadowed = await below(await renderLinkPreview({ ...content, cover: still }));
    const plain = await below(await renderLinkPreview({ ...content, cover: null }));
    expect(shadowed).toBeLessThan(plain - 8);
  });
});
