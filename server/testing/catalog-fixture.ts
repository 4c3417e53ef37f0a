import sharp from 'sharp';
import { MEDIA_PREFIX, type CatalogSource, type RawTemplate } from '../modules/catalog/catalog-source.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';

const DAY = 24 * 60 * 60 * 1000;

export const FIXTURE_STILL = `${MEDIA_PREFIX}catalog/templates/fixture-still.webp`;
export const FIXTURE_ANIMATED = `${MEDIA_PREFIX}catalog/templates/fixture-animated.webp`;

/**
 * A small catalog in the source format, with SPEC §3's mixed spellings: Birthday (rank 1, 14 templates, so
 * its page has a second page), Wedding (rank "2"), two unranked categories, an inactive one, a template with
 * a truncated storage URL, one without any image, and one whose preview image is itself animated.
 */
export function fixtureCatalogSource(now: Date): CatalogSource {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const birthday: RawTemplate[] = Array.from({ length: 14 }, (_, i) => ({
    id: `birthday-${String(i + 1).padStart(2, '0')}`,
    Name: `Birthday Card ${i + 1}`,
    Description: i === 0 ? 'Confetti and balloons for a big day' : 'A cheerful birthday card',
    Tags: i === 0 ? ['Balloons', 'party'] : ['party'],
    CategoryId: 'birthday',
    StyleID: i % 2 === 0 ? 'playful' : 'elegant',
    ThumbnailUrl: FIXTURE_STILL,
    ...(i < 4 ? { gifUrl: FIXTURE_ANIMATED } : {}),
    // birthday-01 is 1 day old (a New Drop), the others 20+ days.
    CreatedAt: i === 0 ? daysAgo(1) : daysAgo(20 + i),
  }));
  return {
    categories: [
      { id: 'thank-you', name: 'Thank You', tags: ['thanks'] },
      { id: 'wedding', Name: 'Wedding', Rank: '2', isActive: true, Tags: ['wedding', 'love'] },
      { id: 'birthday', Name: 'Birthday', Rank: 1, IsActive: true, Tags: ['birthday'] },
      { id: 'easter', name: 'Easter', rank: 3, isActive: false, tags: ['easter', 'spring'] },
      { id: 'eid', name: 'Eid', translations: { ar: 'عيد', ru: 'Ураза-байрам' } },
    ],
    styles: [
      { id: 'playful', Name: 'Playful' },
      { id: 'elegant', name: 'Elegant', translations: { ar: 'أنيق', ru: 'Элегантный' } },
    ],
    events: [
      { EventID: 'ev-birthday', Name: 'Birthday', Tag: 'birthday', IsActive: true },
      { EventID: 'ev-love', Name: 'Love', Tag: 'LOVE', IsActive: true },
      { EventID: 'ev-easter', Name: 'Easter', Tag: 'easter', IsActive: false },
    ],
    templates: [
      ...birthday,
      ...['Golden Vows', 'Forever Starts', 'Ring Bearer', 'Petal Path', 'First Dance'].map((name, i) => ({
        id: `wedding-${i + 1}`,
        name,
        description: 'An invitation for the wedding',
        tags: i === 0 ? ['gold', 'rings'] : ['rings'],
        categoryId: 'wedding',
        Style: i === 0 ? 'Elegant' : 'elegant',
        imageUrl: FIXTURE_STILL,
        dateCreated: i === 0 ? daysAgo(3) : daysAgo(40 + i),
        // Only the first is translated: the others show their English name in every language.
        ...(i === 0
          ? {
              translations: {
                name: { ar: 'عهود ذهبية', ru: 'Золотые клятвы' },
                description: { ar: 'دعوة لحفل الزفاف', ru: 'Приглашение на свадьбу' },
              },
            }
          : {}),
      })),
      {
        id: 'thanks-1',
        Name: 'Many Thanks',
        Tags: ['gratitude'],
        CategoryId: 'thank-you',
        StyleID: 'playful',
        fileUrl: FIXTURE_ANIMATED,
        uploadedAt: { seconds: Math.floor(now.getTime() / 1000) - 10 * 86_400 },
      },
      {
        id: `${now.getTime() - 2 * DAY}_thanks-2`,
        Name: 'Thankful Heart',
        Tags: ['love'],
        CategoryId: 'thank-you',
        thumbnailUrl: FIXTURE_STILL,
      },
      {
        id: 'eid-1',
        Name: 'Lantern Glow',
        Description: 'Eid Mubarak lanterns',
        CategoryId: 'eid',
        StyleID: 'elegant',
        ThumbnailUrl: FIXTURE_STILL,
        animatedUrl: FIXTURE_ANIMATED,
        CreatedAt: daysAgo(90),
      },
      {
        id: 'easter-1',
        Name: 'Spring Eggs',
        CategoryId: 'easter',
        StyleID: 'playful',
        ThumbnailUrl: FIXTURE_STILL,
        CreatedAt: daysAgo(2),
      },
      {
        id: 'broken-1',
        Name: 'Broken Link',
        CategoryId: 'birthday',
        ThumbnailUrl: 'https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/templates%2Fbroken...',
        CreatedAt: daysAgo(1),
      },
      { id: 'no-image-1', Name: 'No Image', CategoryId: 'birthday', CreatedAt: daysAgo(1) },
    ],
  };
}

/**
 * Writes the two images the fixture refers to, through the app's storage (local disk or S3): a still 3:4 WebP
 * and a two-frame animated WebP.
 */
export async function writeFixtureImages(storage: FileStorage): Promise<void> {
  const frame = (color: string) =>
    sharp({ create: { width: 600, height: 800, channels: 4, background: color } })
      .png()
      .toBuffer();
  const still = await sharp(await frame('#c2185b'))
    .webp({ quality: 80 })
    .toBuffer();
  await storage.write(FIXTURE_STILL.slice(MEDIA_PREFIX.length), still, 'image/webp');
  const frames = await Promise.all([frame('#1565c0'), frame('#f9a825')]);
  const animated = await sharp(frames, { join: { animated: true } })
    .webp({ quality: 80, loop: 0, delay: [200, 200] })
    .toBuffer();
  await storage.write(FIXTURE_ANIMATED.slice(MEDIA_PREFIX.length), animated, 'image/webp');
}
