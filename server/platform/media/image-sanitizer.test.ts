import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_DECODES_AT_ONCE, imageDecodes, NotAnImageError, sanitizeImage } from './image-sanitizer.ts';

async function photo(width = 640, height = 480): Promise<Sharp> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 60 } } });
}

describe('image sanitising', () => {
  it('re-encodes a GPS-tagged JPEG to WebP without any metadata', async () => {
    const tagged = await (
      await photo()
    )
      .withExif({
        IFD0: { Make: 'Winc test camera', Copyright: 'someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif?.toString('latin1')).toContain('Winc test camera');

    const clean = await sanitizeImage(tagged, { maxEdge: 2048 });
    const after = await sharp(clean.data).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(clean.data.toString('latin1')).not.toContain('Winc test camera');
    expect([clean.width, clean.height]).toEqual([640, 480]);
  });

  it('turns the image upright and bounds its longer side', async () => {
    // EXIF orientation 6: stored landscape, shown portrait.
    const rotated = await (await photo(3000, 1000)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const clean = await sanitizeImage(rotated, { maxEdge: 2048 });
    expect([clean.width, clean.height]).toEqual([683, 2048]);
  });

  it('refuses SVG, an HTML/JPEG polyglot, text and empty files', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const jpeg = await (await photo(32, 32)).jpeg().toBuffer();
    const polyglot = Buffer.concat([
      jpeg,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    // The same polyglot with the markup in a JPEG comment segment, where a parser would keep it.
    const comment = Buffer.from('<script>alert(1)</script>');
    const segment = Buffer.alloc(4);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(comment.length + 2, 2);
    const inComment = Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
    expect((await sharp(inComment).metadata()).format).toBe('jpeg');

    for (const bytes of [svg, polyglot, inComment, Buffer.from('just text'), Buffer.alloc(0)]) {
      await expect(sanitizeImage(bytes, { maxEdge: 2048 })).rejects.toBeInstanceOf(NotAnImageError);
    }
  });

  it('keeps only the first frame of an animation', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 40, channels: 4, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#336699'), await frame('#ff0000')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const clean = await sanitizeImage(animated, { maxEdge: 2048 });
    const meta = await sharp(clean.data).metadata();
    expect(meta.pages ?? 1).toBe(1);
  });
});

describe('decodes at once', () => {
  it(`decodes at most ${IMAGE_DECODES_AT_ONCE} images at a time; the others wait their turn`, async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .toBuffer();
    let most = 0;
    let waited = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, imageDecodes.activeCount);
      waited = Math.max(waited, imageDecodes.pendingCount);
    }, 1);
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, () => sanitizeImage(photo, { maxEdge: 1600 })),
      );
      expect(results.every((image) => image.width === 1600)).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeLessThanOrEqual(IMAGE_DECODES_AT_ONCE);
    expect(waited).toBeGreaterThan(0);
  });
});
