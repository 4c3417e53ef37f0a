import pLimit from 'p-limit';
import type { Metadata } from 'sharp';
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

/** The decoded format and frame count of bytes that pass the content checks; NotAnImageError otherwise. */
async function checkContent(
  bytes: Buffer,
  formats: ReadonlySet<string>,
): Promise<{ format: string; pages: number }> {
  if (bytes.length === 0 || MARKUP_PATTERN.test(bytes.toString('latin1'))) throw new NotAnImageError();
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new NotAnImageError();
  }
  if (!metadata.format || !formats.has(metadata.format)) throw new NotAnImageError();
  return { format: metadata.format, pages: metadata.pages ?? 1 };
}

async function decodeAndReencode(bytes: Buffer, options: { maxEdge: number }): Promise<SanitizedImage> {
  await checkContent(bytes, ACCEPTED_FORMATS);
  const sharp = await loadSharp();
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

/** Catalog artwork comes as JPEG, PNG, WebP or GIF (DESIGN §1.16), animated GIF and WebP included. */
const ARTWORK_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Checks by content that bytes are catalog artwork (JPEG, PNG, WebP or GIF, no markup inside), without
 * re-encoding them: an imported catalog keeps its files byte for byte. Throws NotAnImageError otherwise.
 */
export async function checkArtworkContent(bytes: Buffer): Promise<void> {
  await checkContent(bytes, ARTWORK_FORMATS);
}

export interface SanitizedArtwork {
  /** The first frame, upright and bounded, as WebP. */
  still: SanitizedImage;
  /** The whole animation as animated WebP (GIF encodes 30× slower), or null for a still image. */
  animated: SanitizedImage | null;
}

/**
 * Re-encodes uploaded catalog artwork with the same content checks as {@link sanitizeImage}: a still image
 * becomes one WebP; an animated GIF or WebP becomes its first frame plus an animated WebP of every frame,
 * bounded to `maxEdge` and without metadata. Throws NotAnImageError otherwise.
 */
export function sanitizeArtwork(bytes: Buffer, options: { maxEdge: number }): Promise<SanitizedArtwork> {
  return imageDecodes(async () => {
    const { pages } = await checkContent(bytes, ARTWORK_FORMATS);
    const still = await decodeAndReencode(bytes, options);
    if (pages <= 1) return { still, animated: null };
    const sharp = await loadSharp();
    try {
      const { data, info } = await sharp(bytes, { animated: true, limitInputPixels: MAX_INPUT_PIXELS })
        .resize(options.maxEdge, options.maxEdge, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      const height = info.pageHeight ?? info.height;
      return { still, animated: { data, ext: 'webp', mime: 'image/webp', width: info.width, height } };
    } catch {
      throw new NotAnImageError();
    }
  });
}
