import { z } from 'zod';
import {
  categorySchema,
  eventSchema,
  styleSchema,
  templateSummarySchema,
  translationsSchema,
} from '../catalog/catalog.contract.ts';
import { nameSchema, textSchema } from '../text/names.ts';
import { LANGUAGES } from '../i18n/languages.ts';

/**
 * The catalog admin API (DESIGN §1.16): what an admin reads and sends. The server validates with these
 * schemas; the admin area's forms check with the same ones. Hidden rows are included everywhere here.
 */

/** Names and their translations are one line; descriptions keep their lines (shared/text/names.ts). */
const nameText = nameSchema({ min: 1, max: 120 });
const id = textSchema({ max: 200 }).min(1);
const tagList = z.array(textSchema({ max: 40 }).min(1)).max(30);
const translated = (bounds: { max: number; multiline?: boolean }) =>
  z.object({ ar: textSchema(bounds).optional(), ru: textSchema(bounds).optional() });
const translatedName = translated({ max: 120 });

/** A category's rank: a positive number, or null for unranked (SPEC §2: ranked first, then by name). */
export const rankSchema = z.number().finite().min(0).max(1_000_000).nullable();

/** The admin's rows are what visitors see of them, and whether visitors see them at all. */
const visibility = { isActive: z.boolean() };

export const adminCategorySchema = categorySchema.extend(visibility);
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminStyleSchema = styleSchema.extend(visibility);
export type AdminStyle = z.infer<typeof adminStyleSchema>;

export const adminEventSchema = eventSchema.extend(visibility);
export type AdminEvent = z.infer<typeof adminEventSchema>;

export const adminTemplateSchema = templateSummarySchema
  .pick({
    id: true,
    name: true,
    description: true,
    translations: true,
    tags: true,
    categoryId: true,
    styleId: true,
    /** ISO 8601; drives New Drops. */
    createdAt: true,
    animatedUrl: true,
  })
  .extend({
    ...visibility,
    /** The list picture, or null while the template has no artwork. */
    thumbnailUrl: z.string().nullable(),
    /** The 3:4 cover as visitors see it, or null. */
    coverUrl: z.string().nullable(),
    /** The covers lettered in one language each (en, ar, ru); a language missing here shows the default. */
    languageCovers: z.partialRecord(
      z.enum(LANGUAGES),
      z.object({ coverUrl: z.string(), animatedUrl: z.string().nullable() }),
    ),
  });
export type AdminTemplate = z.infer<typeof adminTemplateSchema>;

/** GET /api/admin/catalog — everything, hidden rows too. */
export const adminCatalogSchema = z.object({
  categories: z.array(adminCategorySchema),
  styles: z.array(adminStyleSchema),
  events: z.array(adminEventSchema),
  templates: z.array(adminTemplateSchema),
});
export type AdminCatalog = z.infer<typeof adminCatalogSchema>;

export const templateInputSchema = z.object({
  name: nameText,
  description: textSchema({ max: 1000, multiline: true }),
  translations: z.object({
    name: translatedName,
    description: translated({ max: 1000, multiline: true }),
  }),
  tags: tagList,
  categoryId: id,
  styleId: id.nullable(),
  isActive: z.boolean(),
  /** ISO 8601; omitted on creation: now. */
  createdAt: z.iso.datetime({ offset: true }).optional(),
});
export type TemplateInput = z.input<typeof templateInputSchema>;

export const categoryInputSchema = z.object({
  name: nameText,
  translations: translatedName,
  rank: rankSchema,
  isActive: z.boolean(),
  /** Matched against event tags (SPEC §5). */
  tags: tagList,
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const styleInputSchema = z.object({
  name: nameText,
  translations: translatedName,
  isActive: z.boolean(),
});
export type StyleInput = z.input<typeof styleInputSchema>;

export const eventInputSchema = z.object({
  name: nameText,
  tag: textSchema({ max: 60 }).min(1),
  iconKeyword: textSchema({ max: 60 })
    .nullable()
    .transform((v) => (v === '' ? null : v)),
  translations: translatedName,
  isActive: z.boolean(),
});
export type EventInput = z.input<typeof eventInputSchema>;

/** PUT /api/admin/categories/ranks — several ranks at once (a row dragged into place renumbers the others). */
export const categoryRanksInputSchema = z.object({
  ranks: z
    .array(z.object({ id, rank: rankSchema }))
    .min(1)
    .max(1000),
});
export type CategoryRanksInput = z.input<typeof categoryRanksInputSchema>;

/** DELETE answers whether the row went, or was only hidden because something still uses it. */
export const deleteOutcomeSchema = z.object({ outcome: z.enum(['deleted', 'hidden']) });
export type DeleteOutcome = z.infer<typeof deleteOutcomeSchema>;

const counts = z.object({
  id: z.string(),
  made7: z.number().int(),
  made30: z.number().int(),
  shared7: z.number().int(),
  shared30: z.number().int(),
  /** Invitations made (cards with an event) in the last 30 days, and answers their guests gave. */
  invitations30: z.number().int(),
  answers30: z.number().int(),
});
/**
 * GET /api/admin/usage — cards made and shared (unlocked) in the last 7 and 30 days; invitations made and
 * guests' answers in the last 30.
 */
export const usageSchema = z.object({
  templates: z.array(counts),
  categories: z.array(counts),
});
export type Usage = z.infer<typeof usageSchema>;
export type UsageCounts = z.infer<typeof counts>;
/** The counted fields of a usage row. */
export const USAGE_FIELDS = ['made7', 'made30', 'shared7', 'shared30', 'invitations30', 'answers30'] as const;
/** A template or category nobody chose. */
export const NO_USAGE: Omit<UsageCounts, 'id'> = {
  made7: 0,
  made30: 0,
  shared7: 0,
  shared30: 0,
  invitations30: 0,
  answers30: 0,
};

/**
 * The fields a change log line names, each by the label of the admin form's field (`admin.fields.<field>`):
 * a template's Arabic name is `nameAr`, its category `category`; the log never shows a stored column's name.
 * `translations` is what older lines recorded for the Arabic and Russian versions together.
 */
export const ADMIN_FIELDS = [
  'name',
  'nameAr',
  'nameRu',
  'description',
  'descriptionAr',
  'descriptionRu',
  'tags',
  'category',
  'style',
  'tag',
  'iconKeyword',
  'rank',
  'active',
  'createdAt',
  'artwork',
  'artworkEn',
  'artworkAr',
  'artworkRu',
  'translations',
] as const;
export type AdminField = (typeof ADMIN_FIELDS)[number];

/** A value as the change log shows it: what it meant when it was set, not how it is stored. */
export const changeValueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('number'), value: z.number() }),
  z.object({ kind: z.literal('boolean'), value: z.boolean() }),
  /** ISO 8601. */
  z.object({ kind: z.literal('date'), at: z.string() }),
  z.object({ kind: z.literal('list'), items: z.array(z.string()) }),
  /** A category or style, by the name (and translations) it had then: its id says nothing to a reader. */
  z.object({
    kind: z.literal('reference'),
    id: z.string(),
    name: z.string(),
    translations: translationsSchema,
  }),
  /** Artwork: the log says it changed (earlier artwork is no longer served by the template's image URL). */
  z.object({ kind: z.literal('image') }),
  /** Empty: no text, no style, unranked, no artwork. */
  z.object({ kind: z.literal('none') }),
]);
export type ChangeValue = z.infer<typeof changeValueSchema>;

export const fieldChangeSchema = z.object({
  field: z.enum(ADMIN_FIELDS),
  /** null when the row was created. */
  before: changeValueSchema.nullable(),
  after: changeValueSchema,
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const catalogChangeSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string(),
  action: z.enum(['create', 'update', 'delete', 'hide', 'rank', 'artwork', 'import']),
  subjectKind: z.enum(['template', 'category', 'style', 'event', 'catalog']),
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  /** The fields that changed (create: every one that has a value). */
  fields: z.array(z.enum(ADMIN_FIELDS)),
  /** Each field's value before and after (older lines recorded only the fields: empty). */
  changes: z.array(fieldChangeSchema),
  /** What an import brought (null for any other change). */
  imported: z
    .object({
      categories: z.number().int(),
      styles: z.number().int(),
      events: z.number().int(),
      templates: z.number().int(),
      mode: z.enum(['merge', 'replace']),
    })
    .nullable(),
});
export type CatalogChange = z.infer<typeof catalogChangeSchema>;

/** GET /api/admin/changes — newest first. */
export const catalogChangesSchema = z.object({ items: z.array(catalogChangeSchema) });
export type CatalogChanges = z.infer<typeof catalogChangesSchema>;

/** POST /api/admin/archive — what the imported archive held. */
export const catalogImportResultSchema = z.object({
  categories: z.number().int(),
  styles: z.number().int(),
  events: z.number().int(),
  templates: z.number().int(),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;

/** Artwork uploads: JPEG, PNG, WebP or GIF (animated kept), checked by content on the server. */
export const ARTWORK_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const ARTWORK_MAX_BYTES = 20 * 1024 * 1024;
