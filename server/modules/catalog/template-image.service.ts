import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { TemplateImageVariant } from '../../../shared/catalog/catalog.contract.ts';
import { LIST_PICTURE_WIDTH } from '../../../shared/constants.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { loadSharp } from '../../platform/media/sharp.ts';
import { StoredObjectNotFoundError, type FileStorage } from '../../platform/storage/file-storage.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import { MEDIA_PREFIX } from './catalog-source.ts';
import { imageVersion } from './catalog.presenter.ts';

/**
 * SPEC §7 image sizes: list thumbnails 400×400 at q80 (first frame), overview covers 400×533 at q85; and the
 * list picture at the size lists show it (168×224, the 3:4 art) and twice that, in WebP, about a third of the
 * JPEG's bytes for a phone's screen. The cover is WebP too: it is a share link's first picture (its largest
 * paint), and WebP at q85 is about 60% of the JPEG's bytes.
 */
const ENCODINGS = {
  thumb: { width: 400, height: 400, fit: 'inside', quality: 80, format: 'jpeg' },
  'thumb-1x': { width: LIST_PICTURE_WIDTH, height: 224, fit: 'cover', quality: 80, format: 'webp' },
  'thumb-2x': { width: LIST_PICTURE_WIDTH * 2, height: 448, fit: 'cover', quality: 75, format: 'webp' },
  cover: { width: 400, height: 533, fit: 'cover', quality: 85, format: 'webp' },
} as const;
type EncodedVariant = keyof typeof ENCODINGS;
/** Bump when an encoding above changes, so cached variants and ETags are renewed. */
const ENCODING_REVISION = '2';

export interface TemplateImage {
  /** Bytes for an encoded variant, or a storage key to stream for the original. */
  body: Buffer | { storageKey: string };
  contentType: string;
  etag: string;
  /** Current URL version; a request carrying it may be cached forever. */
  version: string;
}

function hash(value: string): string {
  return crypto.createHash('sha1').update(value).digest('base64url');
}

function contentTypeOf(key: string): string {
  const extension = path.extname(key).toLowerCase();
  if (extension === '.webp') return 'image/webp';
  if (extension === '.gif') return 'image/gif';
  if (extension === '.png') return 'image/png';
  if (extension === '.jpg' || extension === '.jpeg') return 'image/jpeg';
  return 'application/octet-stream';
}

/**
 * Template artwork in the sizes the pages need. Encoded variants are written to a cache folder (keyed by the
 * source file, which carries a content hash in its name) so each is encoded once; concurrent first requests
 * for the same variant share one encoding.
 */
export function createTemplateImageService(deps: {
  repository: CatalogRepository;
  storage: FileStorage;
  cacheDir: string;
}) {
  const inFlight = new Map<string, Promise<Buffer>>();

  async function encodeVariant(
    sourceKey: string,
    variant: EncodedVariant,
    cacheFile: string,
  ): Promise<Buffer> {
    try {
      return await fsp.readFile(cacheFile);
    } catch {
      // Not cached yet.
    }
    const encoding = ENCODINGS[variant];
    const sharp = await loadSharp();
    // `pages: 1` takes the first frame of an animated image; JPEG has no animation.
    let source: Buffer;
    try {
      source = await deps.storage.read(sourceKey);
    } catch (error) {
      if (error instanceof StoredObjectNotFoundError) throw new AppError('image-not-found');
      throw error;
    }
    const resized = sharp(source, { pages: 1 })
      .resize(encoding.width, encoding.height, { fit: encoding.fit, position: 'centre' })
      .flatten({ background: '#ffffff' });
    const output = await (
      encoding.format === 'webp'
        ? resized.webp({ quality: encoding.quality })
        : resized.jpeg({ quality: encoding.quality, mozjpeg: true })
    ).toBuffer();
    await fsp.mkdir(path.dirname(cacheFile), { recursive: true });
    const temporary = `${cacheFile}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fsp.writeFile(temporary, output);
    await fsp.rename(temporary, cacheFile);
    return output;
  }

  return {
    /**
     * The image of a template in one variant; `original` is the animated artwork when there is one. With a
     * language, the cover lettered in it when the template has one, else the default cover.
     */
    async getImage(
      templateId: string,
      variant: TemplateImageVariant,
      language?: Language,
    ): Promise<TemplateImage> {
      const template = await deps.repository.findTemplate(templateId);
      const images = (language && template?.languageCovers[language]) || template;
      const reference =
        variant === 'original' ? (images?.animatedImage ?? images?.previewImage) : images?.previewImage;
      if (!template || !reference?.startsWith(MEDIA_PREFIX)) throw new AppError('image-not-found');
      const sourceKey = reference.slice(MEDIA_PREFIX.length);
      const version = imageVersion(template);

      if (variant === 'original') {
        const stat = await deps.storage.stat(sourceKey);
        if (!stat) throw new AppError('image-not-found');
        return {
          body: { storageKey: sourceKey },
          contentType: contentTypeOf(sourceKey),
          etag: `"${hash(`${sourceKey}|${stat.size}|${stat.modifiedAt.getTime()}`)}"`,
          version,
        };
      }

      const variantId = hash(`${sourceKey}|${variant}|${ENCODING_REVISION}`);
      const { format } = ENCODINGS[variant];
      const cacheFile = path.join(deps.cacheDir, 'template-images', `${variantId}.${format}`);
      let pending = inFlight.get(variantId);
      if (!pending) {
        pending = encodeVariant(sourceKey, variant, cacheFile).finally(() => inFlight.delete(variantId));
        inFlight.set(variantId, pending);
      }
      return { body: await pending, contentType: `image/${format}`, etag: `"${variantId}"`, version };
    },
  };
}

export type TemplateImageService = ReturnType<typeof createTemplateImageService>;
