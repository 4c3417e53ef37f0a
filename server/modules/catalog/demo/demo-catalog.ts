import { z } from 'zod';
import {
  HERO_LAYOUTS,
  LETTERINGS,
  MOTIFS,
  MOTIONS,
  OCCASIONS,
  STYLE_KEYS,
  paletteNames,
  type CoverArt,
} from './artwork/index.ts';
import document from './demo-catalog.json';

/**
 * The demo catalog, as art direction (`demo-catalog.json`): what each template is called, in English, Arabic
 * and Russian, and how its cover is composed. The generator turns it into image files and a raw source
 * document; seeded jitter supplies the rest. The file is checked against the schema below when it is loaded,
 * and an error names the entry at fault.
 */

const filled = z.string().trim().min(1);
/** Every demo name and description has both translations. */
const bothTranslations = z.strictObject({ ar: filled, ru: filled });
const templateTranslations = z.strictObject({ name: bothTranslations, description: bothTranslations });

const coverArtSchema = z
  .strictObject({
    style: z.enum(STYLE_KEYS),
    palette: filled,
    layout: z.enum(['scatter', ...HERO_LAYOUTS]),
    motif: z.enum(MOTIFS).optional(),
    lettering: z.enum(LETTERINGS),
    motion: z.enum(MOTIONS).optional(),
  })
  .superRefine((art, ctx) => {
    const palettes = paletteNames(art.style);
    if (!palettes.includes(art.palette)) {
      ctx.addIssue({
        code: 'custom',
        path: ['palette'],
        message: `"${art.palette}" is not one of the ${art.style} palettes (${palettes.join(', ')})`,
      });
    }
    if (art.layout !== 'scatter' && art.motif === undefined) {
      ctx.addIssue({ code: 'custom', path: ['motif'], message: `a ${art.layout} cover needs a motif` });
    }
    if (art.layout === 'scatter' && art.motif !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['motif'], message: 'a scatter cover has no hero, so no motif' });
    }
  })
  // The checks above are exactly what the CoverArt type states (a style's own palette, a motif with a hero).
  .transform((art) => art as CoverArt);

/** A cover's words in one language: lines are separated by "\n"; "{year}" becomes the current year. */
const coverTextSchema = z.strictObject({ headline: filled, subtitle: filled });

const demoTemplateSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
  name: filled,
  description: filled,
  translations: templateTranslations,
  /** The first is always the occasion word, so search finds it. */
  tags: z.array(filled).min(2).max(5),
  /** Lines are separated by "\n"; "{year}" becomes the current year. */
  headline: filled,
  subtitle: filled,
  /** The cover's words in Arabic and Russian: each language gets a cover lettered in it. */
  coverText: z.strictObject({ ar: coverTextSchema, ru: coverTextSchema }),
  art: coverArtSchema,
  /** Created within the last week, so it shows up under New Drops. */
  fresh: z.boolean().optional(),
  /** The source document dates it only through a timestamp prefix on its id (SPEC §3). */
  datedById: z.boolean().optional(),
});

const demoCategorySchema = z.strictObject({
  id: z.enum(OCCASIONS),
  name: filled,
  /** Absent means unranked; Graduation's is a numeric string on purpose (the normaliser must cope). */
  rank: z.union([z.number(), z.string()]).optional(),
  isActive: z.boolean(),
  tags: z.array(filled),
  translations: bothTranslations,
  templates: z.array(demoTemplateSchema).min(1),
});

export const demoCatalogSchema = z
  .strictObject({
    styles: z.array(z.strictObject({ id: z.enum(STYLE_KEYS), name: filled, translations: bothTranslations })),
    events: z.array(
      z.strictObject({
        id: filled,
        name: filled,
        tag: filled,
        isActive: z.boolean(),
        translations: bothTranslations,
      }),
    ),
    categories: z.array(demoCategorySchema),
    /**
     * A template whose image was truncated when copied out of cloud storage (no token, too short): SPEC §5
     * says such templates are not listed, and the demo keeps one to show that rule at work.
     */
    brokenTemplate: z.strictObject({
      slug: filled,
      categoryId: z.enum(OCCASIONS),
      name: filled,
      description: filled,
      translations: templateTranslations,
      tags: z.array(filled),
      style: z.enum(STYLE_KEYS),
      imageUrl: filled,
    }),
  })
  .superRefine((catalog, ctx) => {
    const seen = new Set<string>([catalog.brokenTemplate.slug]);
    catalog.categories.forEach((category, c) =>
      category.templates.forEach((template, t) => {
        if (seen.has(template.slug)) {
          ctx.addIssue({
            code: 'custom',
            path: ['categories', c, 'templates', t, 'slug'],
            message: `"${template.slug}" is used by another template (slugs are template ids)`,
          });
        }
        seen.add(template.slug);
      }),
    );
  });

export type DemoCatalog = z.output<typeof demoCatalogSchema>;
export type DemoCategory = DemoCatalog['categories'][number];
export type DemoTemplate = DemoCategory['templates'][number];

/** Names the entry an issue is in by its slug or id ("template "golden-vows""), and then the field. */
function describePath(input: unknown, path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  let node: unknown = input;
  let field = '';
  for (const key of path) {
    const next: unknown = node !== null && typeof node === 'object' ? Reflect.get(node, key) : undefined;
    const named =
      next !== null && typeof next === 'object'
        ? ((next as { slug?: unknown; id?: unknown }).slug ?? (next as { id?: unknown }).id)
        : undefined;
    if (typeof key === 'number' && typeof named === 'string') {
      parts.push(`${field.replace(/ies$/, 'y').replace(/s$/, '')} "${named}"`);
      field = '';
    } else {
      field =
        field === '' ? String(key) : `${field}${typeof key === 'number' ? `[${key}]` : `.${String(key)}`}`;
    }
    node = next;
  }
  if (field !== '') parts.push(field);
  return parts.join(' › ') || '(the document)';
}

/** Checks a demo catalog document; the error lists every problem with the entry it is in. */
export function parseDemoCatalog(input: unknown, fileName = 'demo-catalog.json'): DemoCatalog {
  const result = demoCatalogSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `- ${describePath(input, issue.path)}: ${issue.message}`,
  );
  throw new Error(`${fileName} is not a valid demo catalog:\n${problems.join('\n')}`);
}

/** The committed demo catalog; the server bundle carries it (it is imported, not read from disk). */
export const DEMO_CATALOG: DemoCatalog = parseDemoCatalog(document);
