import { PassThrough, type Readable } from 'node:stream';
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough, type UnzipFile } from 'fflate';
import { AppError } from '../../platform/http/app-error.ts';
import { NotAnImageError, checkArtworkContent } from '../../platform/media/image-sanitizer.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  ARTWORK_FOLDER,
  MEDIA_PREFIX,
  type CatalogSource,
  type NormalizedCatalog,
} from '../catalog/catalog-source.ts';

/**
 * The catalog as one zip archive, to move it between servers: `catalog.json` (the catalog in the source
 * format `normalizeCatalogSource` reads, with every field of every row, hidden ones too) and, under `media/`,
 * each artwork file the catalog refers to by its storage key, byte for byte. zip rather than tar so that an
 * operator can open it anywhere; the artwork (WebP) is stored without compression, which would gain nothing.
 */

export const ARCHIVE_FORMAT = 'winc-catalog';
export const ARCHIVE_VERSION = 1;
const CATALOG_ENTRY = 'catalog.json';
const MEDIA_ENTRY_PREFIX = 'media/';
/** Bounds of what an archive may hold, so a hostile one cannot exhaust memory or storage. */
const MAX_CATALOG_JSON_BYTES = 32 * 1024 * 1024;
const MAX_ARTWORK_BYTES = 40 * 1024 * 1024;
const MAX_ENTRIES = 50_000;
const MAX_ARCHIVE_BYTES = 2 * 1024 * 1024 * 1024;

/** The source document of a catalog: canonical spellings only, dates as ISO text. */
export function catalogDocument(catalog: NormalizedCatalog, exportedAt: Date) {
  const source: CatalogSource = {
    categories: catalog.categories.map((c) => ({
      id: c.id,
      name: c.name,
      rank: c.rank,
      isActive: c.isActive,
      tags: c.tags,
      translations: c.translations,
    })),
    styles: catalog.styles.map((s) => ({
      id: s.id,
      name: s.name,
      isActive: s.isActive,
      translations: s.translations,
    })),
    events: catalog.events.map((e) => ({
      id: e.id,
      name: e.name,
      tag: e.tag,
      isActive: e.isActive,
      iconKeyword: e.iconKeyword,
      translations: e.translations,
    })),
    templates: catalog.templates.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      tags: t.tags,
      categoryId: t.categoryId,
      styleId: t.styleId,
      thumbnailUrl: t.previewImage,
      animatedUrl: t.animatedImage,
      CreatedAt: t.createdAt.toISOString(),
      isActive: t.isActive,
      translations: t.translations,
      languageCovers: Object.fromEntries(
        Object.entries(t.languageCovers).map(([language, cover]) => [
          language,
          { imageUrl: cover.previewImage, animatedUrl: cover.animatedImage },
        ]),
      ),
    })),
  };
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: exportedAt.toISOString(),
    ...source,
  };
}

/** The storage keys of our own artwork a catalog refers to. */
export function mediaKeysOf(catalog: NormalizedCatalog): string[] {
  const keys = new Set<string>();
  for (const t of catalog.templates) {
    const covers = Object.values(t.languageCovers).flatMap((c) => [c.previewImage, c.animatedImage]);
    for (const ref of [t.previewImage, t.animatedImage, ...covers]) {
      if (ref?.startsWith(MEDIA_PREFIX)) keys.add(ref.slice(MEDIA_PREFIX.length));
    }
  }
  return [...keys].sort();
}

/** Streams the archive of `catalog`: its document first, then each artwork file read from storage. */
export function packCatalogArchive(
  catalog: NormalizedCatalog,
  storage: FileStorage,
  exportedAt: Date,
): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    const document = new ZipDeflate(CATALOG_ENTRY, { level: 6 });
    zip.add(document);
    document.push(Buffer.from(JSON.stringify(catalogDocument(catalog, exportedAt), null, 2)), true);
    for (const key of mediaKeysOf(catalog)) {
      const data = await storage.read(key);
      const entry = new ZipPassThrough(`${MEDIA_ENTRY_PREFIX}${key}`);
      zip.add(entry);
      entry.push(data, true);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  gif: 'image/gif',
  png: 'image/png',
  jpg: 'image/jpeg',
};
const contentTypeOf = (key: string) =>
  TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'image/webp';

/** A media entry's storage key, when it is artwork in the catalog's folder; null for anything else. */
function artworkKeyOf(entryName: string): string | null {
  if (!entryName.startsWith(MEDIA_ENTRY_PREFIX)) return null;
  const key = entryName.slice(MEDIA_ENTRY_PREFIX.length);
  const inFolder = key.startsWith(`${ARTWORK_FOLDER}/`);
  return inFolder && /^[A-Za-z0-9/_.-]+$/.test(key) && !key.split('/').includes('..') ? key : null;
}

/**
 * Reads an archive as it arrives: each artwork file is checked by content (an image format the catalog
 * takes, no markup) and written to storage under its key (names carry content hashes, so a file written
 * for an import that then fails harms nothing); answers the catalog document. Anything else than a catalog
 * archive fails with `invalid-archive`, a file that is not an image with `not-an-image`.
 */
export async function unpackCatalogArchive(body: Readable, storage: FileStorage): Promise<unknown> {
  let document: Buffer | null = null;
  let entries = 0;
  let received = 0;
  // Set by the entries' handlers; declared wide so the check after the writes is not narrowed to null.
  let failure = null as Error | null;
  const writes: Promise<void>[] = [];
  const fail = (error: Error) => {
    failure ??= error;
  };

  const unzip = new Unzip((file: UnzipFile) => {
    entries += 1;
    if (entries > MAX_ENTRIES) return fail(new AppError('invalid-archive'));
    const isDocument = file.name === CATALOG_ENTRY;
    const key = isDocument ? null : artworkKeyOf(file.name);
    if (!isDocument && key === null) return; // Folders and files we do not know are skipped.
    const limit = isDocument ? MAX_CATALOG_JSON_BYTES : MAX_ARTWORK_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (error) return fail(new AppError('invalid-archive'));
      size += chunk.length;
      if (size > limit) {
        file.terminate();
        return fail(new AppError('invalid-archive'));
      }
      chunks.push(chunk);
      if (!final) return;
      const data = Buffer.concat(chunks);
      if (isDocument) document = data;
      else {
        writes.push(
          checkArtworkContent(data).then(
            () => storage.write(key!, data, contentTypeOf(key!)),
            (error: unknown) => {
              fail(error instanceof NotAnImageError ? new AppError('not-an-image') : (error as Error));
            },
          ),
        );
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  try {
    for await (const chunk of body) {
      received += (chunk as Uint8Array).length;
      if (received > MAX_ARCHIVE_BYTES) fail(new AppError('invalid-archive'));
      else unzip.push(chunk as Uint8Array);
      if (failure) break;
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('invalid-archive');
  }
  await Promise.all(writes);
  if (failure) throw failure;
  if (document === null) throw new AppError('invalid-archive');
  let parsed: unknown;
  try {
    parsed = JSON.parse((document as Buffer).toString('utf8'));
  } catch {
    throw new AppError('invalid-archive');
  }
  const header = parsed as { format?: unknown; version?: unknown };
  if (header.format !== ARCHIVE_FORMAT || header.version !== ARCHIVE_VERSION) {
    throw new AppError('invalid-archive');
  }
  return parsed;
}
