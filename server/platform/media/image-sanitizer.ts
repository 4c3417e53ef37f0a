import pLimit from 'p-limit';
import { loadSharp } from './sharp.ts';

/** Raster formats accepted by content; never SVG (it can carry script) and nothing sharp cannot decode. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/**
 * Decompression-bomb guard: 50 megapixels, more than any phone's photo. Decoded, that is 200 MB of RGBA; with
 * at most IMAGE_DECODES_AT_ONCE decodes at a time, a burst of uploads cannot multiply it.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
export const IMAGE_DECODES_AT_ONCE = 2;
/** Uploads beyond that wait their turn here rather than decode side by side. */
export const imageDecodes = pLimit(IMAGE_DECODES_AT_ONCE);
/**
 * Markup or script inside an image file makes it a polyglot: harmless once re-encoded, but nobody sends one
 * by accident, so it is refused rather than cleaned.
 */
const MARKUP_PATTERN = /<(?:script|html|svg|body|iframe|!doctype|\?xml|\?php)|javascript:/i;

export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
}

export interface SanitizedImage {
  data: Buffer;
  ext: 'webp';
  mime: 'image/webp';
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image: checked by content (a raster format sharp decodes, no markup inside), turned
 * upright from its EXIF orientation, bounded to `maxEdge` pixels on its longer side, first frame only, and
 * written as WebP without any metadata (EXIF, GPS, XMP, comments). Throws NotAnImageError otherwise.
 */
export function sanitizeImage(bytes: Buffer, options: { maxEdge: number }): Promise<SanitizedImage> {
  return imageDecodes(() => decodeAndReencode(bytes, options));
}

async function decodeAndReencode(bytes: Buffer, options: { maxEdge: number }): Promise<SanitizedImage> {
  if (bytes.length === 0 || MARKUP_PATTERN.test(bytes.toString('latin1'))) throw new NotAnImageError();
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new NotAnImageError();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError();
  try {
    const { data, info } = await sharp(bytes, { pages: 1, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(options.maxEdge, options.maxEdge, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { data, ext: 'webp', mime: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw new NotAnImageError();
  }
}
