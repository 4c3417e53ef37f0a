import { z } from 'zod';
import { parseRank } from '../../../shared/catalog/catalog.rules.ts';
import { isUsableImageUrl } from '../../../shared/catalog/catalog.rules.ts';
import type { Translations } from '../../../shared/i18n/languages.ts';

/**
 * Catalog data as it arrives from a source document (the demo generator, an export of the original data
 * store, an admin import). SPEC §3 lets each field come in several spellings; this is the one place that
 * normalises them, so everything past `normalizeCatalogSource` sees a single shape.
 */

/** A reference to a file in our own storage, e.g. `media:catalog/templates/birthday-confetti-1a2b3c.webp`. */
export const MEDIA_PREFIX = 'media:';
/** The storage folder of template artwork (the demo catalog's and uploaded). */
export const ARTWORK_FOLDER = 'catalog/templates';

const text = z.string();
const maybeText = text.nullish();
const tags = z.array(z.string()).nullish();
const translations = z.object({ ar: z.string().optional(), ru: z.string().optional() }).nullish();
/** ISO text, epoch milliseconds, or a data-store timestamp object. */
const rawDate = z.union([
  z.string(),
  z.number(),
  z.object({ seconds: z.number(), nanoseconds: z.number().optional() }),
  z.object({ _seconds: z.number(), _nanoseconds: z.number().optional() }),
]);

export const rawCategorySchema = z.object({
  id: text,
  Name: maybeText,
  name: maybeText,
  Rank: z.union([z.number(), z.string()]).nullish(),
  rank: z.union([z.number(), z.string()]).nullish(),
  isActive: z.boolean().nullish(),
  IsActive: z.boolean().nullish(),
  Tags: tags,
  tags: tags,
  translations,
});

export const rawStyleSchema = z.object({
  id: text,
  Name: maybeText,
  name: maybeText,
  isActive: z.boolean().nullish(),
  translations,
});

export const rawEventSchema = z.object({
  EventID: maybeText,
  id: maybeText,
  Name: maybeText,
  name: maybeText,
  Tag: maybeText,
  tag: maybeText,
  IsActive: z.boolean().nullish(),
  isActive: z.boolean().nullish(),
  iconKeyword: maybeText,
  translations,
});

export const rawTemplateSchema = z.object({
  id: text,
  Name: maybeText,
  name: maybeText,
  Description: maybeText,
  description: maybeText,
  Tags: tags,
  tags: tags,
  CategoryId: maybeText,
  categoryId: maybeText,
  StyleID: maybeText,
  Style: maybeText,
  styleId: maybeText,
  ThumbnailUrl: maybeText,
  thumbnailUrl: maybeText,
  imageUrl: maybeText,
  fileUrl: maybeText,
  gifUrl: maybeText,
  animatedUrl: maybeText,
  GifUrl: maybeText,
  CreatedAt: rawDate.nullish(),
  dateCreated: rawDate.nullish(),
  uploadedAt: rawDate.nullish(),
  isActive: z.boolean().nullish(),
  translations: z.object({ name: translations, description: translations }).nullish(),
});

export const catalogSourceSchema = z.object({
  categories: z.array(rawCategorySchema),
  styles: z.array(rawStyleSchema),
  events: z.array(rawEventSchema),
  templates: z.array(rawTemplateSchema),
});
export type CatalogSource = z.input<typeof catalogSourceSchema>;
export type RawTemplate = z.input<typeof rawTemplateSchema>;

export interface CategoryRecord {
  id: string;
  name: string;
  rank: number | null;
  isActive: boolean;
  tags: string[];
  translations: Translations;
}
export interface StyleRecord {
  id: string;
  name: string;
  isActive: boolean;
  translations: Translations;
}
export interface EventRecord {
  id: string;
  name: string;
  tag: string;
  isActive: boolean;
  /** The icon is chosen by this keyword when set, else by the name. */
  iconKeyword: string | null;
  translations: Translations;
}
/** A template's Arabic and Russian name and description. */
export interface TemplateTranslations {
  name: Translations;
  description: Translations;
}
export interface TemplateRecord {
  id: string;
  name: string;
  description: string;
  tags: string[];
  categoryId: string;
  styleId: string | null;
  /** A `media:` key or an http(s) URL; null when the source had no usable image. */
  previewImage: string | null;
  animatedImage: string | null;
  createdAt: Date;
  /** Hidden templates are never listed. */
  isActive: boolean;
  translations: TemplateTranslations;
}
export interface NormalizedCatalog {
  categories: CategoryRecord[];
  styles: StyleRecord[];
  events: EventRecord[];
  templates: TemplateRecord[];
}

function firstText(...values: (string | null | undefined)[]): string {
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return '';
}

function cleanTags(...lists: (string[] | null | undefined)[]): string[] {
  const list = lists.find((l) => Array.isArray(l)) ?? [];
  return [...new Set(list.map((t) => t.trim()).filter((t) => t !== ''))];
}

function cleanTranslations(value: z.infer<typeof translations>): Translations {
  const out: Translations = {};
  if (value?.ar?.trim()) out.ar = value.ar.trim();
  if (value?.ru?.trim()) out.ru = value.ru.trim();
  return out;
}

/** An image reference is kept when it is one of our `media:` keys or passes SPEC's image-URL rule. */
export function normalizeImageReference(...candidates: (string | null | undefined)[]): string | null {
  for (const candidate of candidates) {
    const value = candidate?.trim();
    if (!value) continue;
    if (value.startsWith(MEDIA_PREFIX)) {
      const key = value.slice(MEDIA_PREFIX.length);
      if (key !== '' && !key.split('/').includes('..') && !key.startsWith('/')) return value;
      continue;
    }
    if (isUsableImageUrl(value)) return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  }
  return null;
}

function toDate(raw: z.infer<typeof rawDate> | null | undefined): Date | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return new Date(raw);
  if (typeof raw === 'string') {
    const parsed = new Date(raw);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }
  const seconds = 'seconds' in raw ? raw.seconds : raw._seconds;
  return new Date(seconds * 1000);
}

/** SPEC §3: a creation date may be encoded as a leading epoch timestamp in the id ("1718000000000_abc"). */
export function dateFromIdPrefix(id: string): Date | null {
  const match = /^(\d{10}|\d{13})(?=[_-]|$)/.exec(id);
  if (!match) return null;
  const value = Number(match[1]);
  return new Date(match[1]!.length === 10 ? value * 1000 : value);
}

/** Turns a source document into records; rows that cannot be used (no id, no name) are dropped. */
export function normalizeCatalogSource(input: unknown, fallbackDate: Date): NormalizedCatalog {
  const source = catalogSourceSchema.parse(input);
  const categories = source.categories
    .map((c) => ({
      id: c.id.trim(),
      name: firstText(c.Name, c.name),
      rank: parseRank(c.Rank ?? c.rank),
      isActive: c.isActive ?? c.IsActive ?? true,
      tags: cleanTags(c.Tags, c.tags),
      translations: cleanTranslations(c.translations),
    }))
    .filter((c) => c.id !== '' && c.name !== '');
  const styles = source.styles
    .map((s) => ({
      id: s.id.trim(),
      name: firstText(s.Name, s.name),
      isActive: s.isActive ?? true,
      translations: cleanTranslations(s.translations),
    }))
    .filter((s) => s.id !== '' && s.name !== '');
  const events = source.events
    .map((e) => ({
      id: firstText(e.EventID, e.id),
      name: firstText(e.Name, e.name),
      tag: firstText(e.Tag, e.tag),
      isActive: e.IsActive ?? e.isActive ?? false,
      iconKeyword: firstText(e.iconKeyword) || null,
      translations: cleanTranslations(e.translations),
    }))
    .filter((e) => e.id !== '' && e.name !== '');
  const styleIds = new Set(styles.map((s) => s.id));
  const styleIdByName = new Map(styles.map((s) => [s.name.toLocaleLowerCase(), s.id]));
  const categoryIds = new Set(categories.map((c) => c.id));
  const templates = source.templates
    .map((t): TemplateRecord => {
      // StyleID is an id; Style may be an id or a style name.
      const styleRef = firstText(t.StyleID, t.styleId, t.Style);
      const styleId = styleIds.has(styleRef)
        ? styleRef
        : (styleIdByName.get(styleRef.toLocaleLowerCase()) ?? null);
      return {
        id: t.id.trim(),
        name: firstText(t.Name, t.name),
        description: firstText(t.Description, t.description),
        tags: cleanTags(t.Tags, t.tags),
        categoryId: firstText(t.CategoryId, t.categoryId),
        styleId,
        previewImage: normalizeImageReference(t.ThumbnailUrl, t.thumbnailUrl, t.imageUrl, t.fileUrl),
        animatedImage: normalizeImageReference(t.gifUrl, t.animatedUrl, t.GifUrl),
        createdAt:
          toDate(t.CreatedAt) ??
          toDate(t.dateCreated) ??
          toDate(t.uploadedAt) ??
          dateFromIdPrefix(t.id) ??
          fallbackDate,
        isActive: t.isActive ?? true,
        translations: {
          name: cleanTranslations(t.translations?.name),
          description: cleanTranslations(t.translations?.description),
        },
      };
    })
    .filter((t) => t.id !== '' && t.name !== '' && categoryIds.has(t.categoryId));
  return { categories, styles, events, templates };
}
