import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { textSchema } from '../text/names.ts';

/**
 * The catalog API (templates, categories, styles, events). The server validates requests and responses with
 * these schemas; the browser uses the inferred types. Names are canonical English; `translations` carries the
 * Arabic and Russian display names.
 */

export const translationsSchema = z.object({
  ar: z.string().optional(),
  ru: z.string().optional(),
});

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  translations: translationsSchema,
  /** null when the category is unranked. */
  rank: z.number().nullable(),
  tags: z.array(z.string()),
});
export type Category = z.infer<typeof categorySchema>;

export const styleSchema = z.object({
  id: z.string(),
  name: z.string(),
  translations: translationsSchema,
});
export type Style = z.infer<typeof styleSchema>;

export const eventSchema = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string(),
  /** The word the event's icon is chosen by (SPEC §2's keywords), or null to use its name. */
  iconKeyword: z.string().nullable(),
  translations: translationsSchema,
});
export type CatalogEvent = z.infer<typeof eventSchema>;

/**
 * `thumb` and `cover` are SPEC §7's JPEGs; `thumb-1x` and `thumb-2x` the list picture at the size lists show
 * it (168×224) and twice that, in WebP, offered to browsers by `thumbnailSrcSet`.
 */
export const templateImageVariants = ['thumb', 'thumb-1x', 'thumb-2x', 'cover', 'original'] as const;
export type TemplateImageVariant = (typeof templateImageVariants)[number];

/** A template's Arabic and Russian name and description. */
export const templateTranslationsSchema = z.object({
  name: translationsSchema,
  description: translationsSchema,
});
export type TemplateTranslations = z.infer<typeof templateTranslationsSchema>;

/** The pictures of one cover, in the sizes the pages show it. */
export const templatePicturesSchema = z.object({
  /** 400×400 JPEG list thumbnail (first frame when animated). */
  thumbnailUrl: z.string(),
  /** The list picture at 1× and 2× of its shown size (`srcset`), or null for an external image. */
  thumbnailSrcSet: z.string().nullable(),
  /** 400×533 WebP overview cover (first frame when animated). */
  coverUrl: z.string(),
  /** The full animated original, or null for a still template. */
  animatedUrl: z.string().nullable(),
});
export type TemplatePictures = z.infer<typeof templatePicturesSchema>;

export const templateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  translations: templateTranslationsSchema,
  tags: z.array(z.string()),
  categoryId: z.string(),
  categoryName: z.string(),
  styleId: z.string().nullable(),
  styleName: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Created within the New Drops window. */
  isNew: z.boolean(),
  ...templatePicturesSchema.shape,
  /**
   * The pictures of the covers lettered in one language each (en, ar, ru); a language missing here shows the
   * default pictures above. Pick with `templatePictures`.
   */
  languagePictures: z.partialRecord(z.enum(LANGUAGES), templatePicturesSchema),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const homeSectionSchema = z.object({
  kind: z.enum(['new-drops', 'category']),
  /** null for New Drops. */
  category: categorySchema.nullable(),
  /** At most HOME_ROW_LIMIT templates. */
  templates: z.array(templateSummarySchema),
  total: z.number().int(),
});
export type HomeSection = z.infer<typeof homeSectionSchema>;

export const homeResponseSchema = z.object({
  events: z.array(eventSchema),
  sections: z.array(homeSectionSchema),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;

const optionalText = textSchema({ max: 200 })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** GET /api/catalog/templates — the paged template list behind the category, style, event and search grids. */
export const templateListQuerySchema = z.object({
  /** Category name, or 'New Drops' / 'Based on Rank'. */
  category: optionalText,
  /** Style name. */
  style: optionalText,
  /** Event id. */
  event: optionalText,
  q: optionalText,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TemplateListQuery = z.input<typeof templateListQuerySchema>;

export const templatePageSchema = z.object({
  items: z.array(templateSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type TemplatePage = z.infer<typeof templatePageSchema>;

/** GET /api/catalog/categories/:name — what the category page needs besides its templates. */
export const categoryPageSchema = z.object({
  kind: z.enum(['category', 'new-drops', 'based-on-rank']),
  /** null for the special pages. */
  category: categorySchema.nullable(),
  /** Styles that have at least one listed template on this page (the style filter). */
  styles: z.array(styleSchema),
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;

/** GET /api/catalog/styles/:name — the style and the categories present in it (the category filter). */
export const stylePageSchema = z.object({
  style: styleSchema,
  categories: z.array(categorySchema),
});
export type StylePage = z.infer<typeof stylePageSchema>;

export const catalogListsSchema = z.object({
  categories: z.array(categorySchema),
  styles: z.array(styleSchema),
  events: z.array(eventSchema),
});
export type CatalogLists = z.infer<typeof catalogListsSchema>;
