import { z } from 'zod';
import { parseRank } from '../../../shared/catalog/catalog.rules.ts';
import { isUsableImageUrl } from '../../../shared/catalog/catalog.rules.ts';
import { LANGUAGES, type Language, type Translations } from '../../../shared/i18n/languages.ts';
import { asOneLine, wellFormedTextSchema } from '../../../shared/text/names.ts';

/**
 * Catalog data as it arrives from a source document (the demo generator, an export of the original data
 * store, an admin import). SPEC §3 lets each field come in several spellings; this is the one place that
 * normalises them, so everything past `normalizeCatalogSource` sees a single shape. Its text follows the text
 * rule of the admin area's forms (shared/text/names.ts): a string that is not text refuses the whole document
 * (`invalid-characters`); names, tags and ids are made one line, descriptions keep their lines.
 */

/** A reference to a file in our own storage, e.g. `media:catalog/templates/birthday-confetti-1a2b3c.webp`. */
export const MEDIA_PREFIX = 'media:';
/** The storage folder of template artwork (the demo catalog's and uploaded). */
export const ARTWORK_FOLDER = 'catalog/templates';

const text = wellFormedTextSchema();
const maybeText = text.nullish();
const tags = z.array(text).nullish();
const translations = z.object({ ar: text.optional(), ru: text.optional() }).nullish();
/** ISO text, epoch milliseconds, or a data-store timestamp object. */
const rawDate = z.union([
  text,
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
  /** Covers lettered in one language each, e.g. `{ar: {imageUrl, animatedUrl}}`. */
  languageCovers: z
    .partialRecord(z.enum(LANGUAGES), z.object({ imageUrl: text, animatedUrl: maybeText }))
    .nullish(),
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
  /** The covers lettered in one language each; a language without one shows the default images above. */
  languageCovers: LanguageCovers;
}
/** A cover whose lettering is written in one language: a still and, when it moves, its animation. */
export interface LanguageCover {
  previewImage: string;
  animatedImage: string | null;
}
export type LanguageCovers = Partial<Record<Language, LanguageCover>>;
export interface NormalizedCatalog {
  categories: CategoryRecord[];
  styles: StyleRecord[];
  events: EventRecord[];
  templates: TemplateRecord[];
}

/** A text of several lines, trimmed. */
const lines = (value: string) => value.trim();
/** One line of text (a name, a tag, an id), trimmed. */
const line = (value: string) => asOneLine(value).trim();

/** The first of the spellings that holds text, made one line (or kept in its lines), else ''. */
function firstText(clean: (value: string) => string, ...values: (string | null | undefined)[]): string {
  for (const value of values) if (typeof value === 'string' && clean(value) !== '') return clean(value);
  return '';
}

function cleanTags(...lists: (string[] | null | undefined)[]): string[] {
  const list = lists.find((l) => Array.isArray(l)) ?? [];
  return [...new Set(list.map(line).filter((t) => t !== ''))];
}

function cleanTranslations(value: z.infer<typeof translations>, clean = line): Translations {
  const out: Translations = {};
  if (value?.ar && clean(value.ar)) out.ar = clean(value.ar);
  if (value?.ru && clean(value.ru)) out.ru = clean(value.ru);
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

/** The language covers whose still is usable; the others are dropped, so those languages show the default. */
function cleanLanguageCovers(raw: z.infer<typeof rawTemplateSchema>['languageCovers']): LanguageCovers {
  const covers: LanguageCovers = {};
  for (const language of LANGUAGES) {
    const cover = raw?.[language];
    const previewImage = normalizeImageReference(cover?.imageUrl);
    if (cover && previewImage) {
      covers[language] = { previewImage, animatedImage: normalizeImageReference(cover.animatedUrl) };
    }
  }
  return covers;
}

/** Turns a source document into records; rows that cannot be used (no id, no name) are dropped. */
export function normalizeCatalogSource(input: unknown, fallbackDate: Date): NormalizedCatalog {
  const source = catalogSourceSchema.parse(input);
  const categories = source.categories
    .map((c) => ({
      id: line(c.id),
      name: firstText(line, c.Name, c.name),
      rank: parseRank(c.Rank ?? c.rank),
      isActive: c.isActive ?? c.IsActive ?? true,
      tags: cleanTags(c.Tags, c.tags),
      translations: cleanTranslations(c.translations),
    }))
    .filter((c) => c.id !== '' && c.name !== '');
  const styles = source.styles
    .map((s) => ({
      id: line(s.id),
      name: firstText(line, s.Name, s.name),
      isActive: s.isActive ?? true,
      translations: cleanTranslations(s.translations),
    }))
    .filter((s) => s.id !== '' && s.name !== '');
  const events = source.events
    .map((e) => ({
      id: firstText(line, e.EventID, e.id),
      name: firstText(line, e.Name, e.name),
      tag: firstText(line, e.Tag, e.tag),
      isActive: e.IsActive ?? e.isActive ?? false,
      iconKeyword: firstText(line, e.iconKeyword) || null,
      translations: cleanTranslations(e.translations),
    }))
    .filter((e) => e.id !== '' && e.name !== '');
  const styleIds = new Set(styles.map((s) => s.id));
  const styleIdByName = new Map(styles.map((s) => [s.name.toLocaleLowerCase(), s.id]));
  const categoryIds = new Set(categories.map((c) => c.id));
  const templates = source.templates
    .map((t): TemplateRecord => {
      // StyleID is an id; Style may be an id or a style name.
      const styleRef = firstText(line, t.StyleID, t.styleId, t.Style);
      const styleId = styleIds.has(styleRef)
        ? styleRef
        : (styleIdByName.get(styleRef.toLocaleLowerCase()) ?? null);
      return {
        id: line(t.id),
        name: firstText(line, t.Name, t.name),
        description: firstText(lines, t.Description, t.description),
        tags: cleanTags(t.Tags, t.tags),
        categoryId: firstText(line, t.CategoryId, t.categoryId),
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
          description: cleanTranslations(t.translations?.description, lines),
        },
        languageCovers: cleanLanguageCovers(t.languageCovers),
      };
    })
    .filter((t) => t.id !== '' && t.name !== '' && categoryIds.has(t.categoryId));
  return { categories, styles, events, templates };
}
