import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { FileStorage } from '../../../platform/storage/file-storage.ts';
import { ARTWORK_FOLDER, MEDIA_PREFIX, type CatalogSource, type RawTemplate } from '../catalog-source.ts';
import { createRng, renderCovers, seedFromText, type CoverLettering } from './artwork/index.ts';
import { DEMO_CATALOG, type DemoCatalog, type DemoCategory, type DemoTemplate } from './demo-catalog.ts';

export interface GenerateDemoCatalogOptions {
  /** Where the covers are written, under `catalog/templates/`. */
  storage: FileStorage;
  now: Date;
  log?: (message: string) => void;
  /** The art direction to render; the committed demo catalog unless given (tests render a few of its templates). */
  catalog?: DemoCatalog;
}

/** Storage key folder of the covers, relative to the storage root. */
const TEMPLATES_KEY = ARTWORK_FOLDER;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Fresh templates are spread over the last week, newest first, comfortably inside the 7-day window. */
const FRESH_HOURS_AGO = [7, 25, 44, 63, 85, 106, 127, 149];
const OLDEST_DAYS_AGO = 240;
const NEWEST_OLD_DAYS_AGO = 10;

interface Job {
  category: DemoCategory;
  template: DemoTemplate;
  createdAt: Date;
}

/** A cover's files (names under `catalog/templates/`). */
interface CoverFiles {
  preview: string;
  animated: string | null;
}

interface Rendered extends Job, CoverFiles {
  /** The covers lettered in Arabic and Russian; the default one above is lettered in English. */
  languages: Record<LetteredLanguage, CoverFiles>;
}

/** The languages a demo cover is lettered in besides English. */
const LETTERED_LANGUAGES = ['ar', 'ru'] as const;
type LetteredLanguage = (typeof LETTERED_LANGUAGES)[number];

/** The short content hash in file names changes every URL whose art changed. */
function contentHash(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 8);
}

async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Dates are a pure function of `now` and the slug, so a given `now` always yields the same document. */
function planDates(catalog: DemoCatalog, now: Date): Job[] {
  const jobs: Job[] = [];
  let freshIndex = 0;
  for (const category of catalog.categories) {
    for (const template of category.templates) {
      const rng = createRng(seedFromText(`date:${template.slug}`));
      let ago: number;
      if (template.fresh) {
        const hours = FRESH_HOURS_AGO[freshIndex++];
        if (hours === undefined) throw new Error('More fresh demo templates than planned slots');
        ago = hours * HOUR_MS + Math.floor(rng.range(0, 50)) * 60_000;
      } else {
        const days = NEWEST_OLD_DAYS_AGO + rng.range(0, OLDEST_DAYS_AGO - NEWEST_OLD_DAYS_AGO);
        ago = Math.round((days * DAY_MS) / 60_000) * 60_000;
      }
      jobs.push({ category, template, createdAt: new Date(now.getTime() - ago) });
    }
  }
  return jobs;
}

async function renderJob(job: Job, now: Date, storage: FileStorage): Promise<Rendered> {
  const { category, template } = job;
  const year = String(now.getUTCFullYear());
  const withYear = (text: string) => text.replaceAll('{year}', year);
  const letterings: CoverLettering[] = [
    { language: 'en' as const, headline: template.headline, subtitle: template.subtitle },
    ...LETTERED_LANGUAGES.map((language) => ({ language, ...template.coverText[language] })),
  ].map((l) => ({ ...l, headline: withYear(l.headline), subtitle: withYear(l.subtitle) }));
  const covers = await renderCovers(
    { ...template.art, occasion: category.id, headline: '', subtitle: '', seed: template.slug },
    letterings,
  );
  const base = `${category.id}-${template.slug}`;
  const files = await Promise.all(
    covers.map(async (cover, i): Promise<CoverFiles> => {
      const { language } = letterings[i]!;
      const name = language === 'en' ? base : `${base}-${language}`;
      const preview = `${name}-${contentHash(cover.still)}.webp`;
      await storage.write(`${TEMPLATES_KEY}/${preview}`, cover.still, 'image/webp');
      let animated: string | null = null;
      if (cover.animated) {
        animated = `${name}-animated-${contentHash(cover.animated)}.webp`;
        await storage.write(`${TEMPLATES_KEY}/${animated}`, cover.animated, 'image/webp');
      }
      return { preview, animated };
    }),
  );
  const [english, ...lettered] = files;
  const languages = Object.fromEntries(
    LETTERED_LANGUAGES.map((language, i) => [language, lettered[i]!]),
  ) as Record<LetteredLanguage, CoverFiles>;
  return { ...job, ...english!, languages };
}

/**
 * The source document deliberately uses every spelling SPEC §3 allows (the shapes found in old exports),
 * rotating through them so the normaliser is exercised on every run.
 */
function rawTemplate(item: Rendered, index: number, styleNames: ReadonlyMap<string, string>): RawTemplate {
  const { category, template, createdAt } = item;
  const media = (file: string): string => `${MEDIA_PREFIX}${TEMPLATES_KEY}/${file}`;
  const preview = media(item.preview);
  const animated = item.animated ? media(item.animated) : undefined;
  const languageCovers = Object.fromEntries(
    LETTERED_LANGUAGES.map((language) => {
      const files = item.languages[language];
      return [
        language,
        compact({
          imageUrl: media(files.preview),
          animatedUrl: files.animated ? media(files.animated) : undefined,
        }),
      ];
    }),
  );
  const ms = createdAt.getTime();
  // Rows dated by their id carry no date field at all.
  const dated = template.datedById ? undefined : createdAt;
  const seconds = Math.floor(ms / 1000);
  const nanoseconds = (ms % 1000) * 1_000_000;
  const id = template.datedById ? `${ms}_${template.slug}` : template.slug;
  switch (index % 3) {
    case 0:
      return {
        id,
        Name: template.name,
        Description: template.description,
        translations: template.translations,
        languageCovers,
        Tags: template.tags,
        CategoryId: category.id,
        StyleID: template.art.style,
        ThumbnailUrl: preview,
        GifUrl: animated,
        CreatedAt: dated?.toISOString(),
      };
    case 1:
      return {
        id,
        name: template.name,
        description: template.description,
        translations: template.translations,
        languageCovers,
        tags: template.tags,
        categoryId: category.id,
        Style: styleNames.get(template.art.style),
        imageUrl: preview,
        gifUrl: animated,
        dateCreated: dated?.getTime(),
      };
    default: {
      const even = index % 2 === 0;
      return {
        id,
        name: template.name,
        Description: template.description,
        translations: template.translations,
        languageCovers,
        tags: template.tags,
        categoryId: category.id,
        styleId: template.art.style,
        thumbnailUrl: even ? preview : undefined,
        fileUrl: even ? undefined : preview,
        animatedUrl: animated,
        CreatedAt: dated && even ? { seconds, nanoseconds } : undefined,
        uploadedAt: dated && !even ? { _seconds: seconds, _nanoseconds: nanoseconds } : undefined,
      };
    }
  }
}

/** Removes keys whose value is undefined, so the JSON document shows only the spelling a row uses. */
function compact<T extends object>(row: T): T {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as T;
}

/**
 * Renders the demo covers into storage under `catalog/templates/` and returns the matching source document.
 * Deterministic for a given `now`.
 */
export async function generateDemoCatalog(options: GenerateDemoCatalogOptions): Promise<CatalogSource> {
  const { storage, now, log, catalog = DEMO_CATALOG } = options;

  const jobs = planDates(catalog, now);
  // librsvg renders one image per thread; a third job keeps both cores busy while the other two encode.
  const concurrency = Math.min(3, Math.max(2, availableParallelism()));
  let done = 0;
  const rendered = await mapConcurrently(jobs, concurrency, async (job) => {
    const result = await renderJob(job, now, storage);
    done++;
    if (done % 10 === 0 || done === jobs.length) {
      log?.(`Rendered ${done}/${jobs.length} demo covers (each in English, Arabic and Russian)`);
    }
    return result;
  });

  const categories: CatalogSource['categories'] = catalog.categories.map((c, index) => {
    const base = { id: c.id, translations: c.translations };
    const rank = c.rank === undefined ? {} : index % 2 === 0 ? { Rank: c.rank } : { rank: c.rank };
    return index % 2 === 0
      ? { ...base, Name: c.name, ...rank, IsActive: c.isActive, Tags: c.tags }
      : { ...base, name: c.name, ...rank, isActive: c.isActive, tags: c.tags };
  });
  const styles: CatalogSource['styles'] = catalog.styles.map((s, index) =>
    index % 2 === 0
      ? { id: s.id, Name: s.name, translations: s.translations }
      : { id: s.id, name: s.name, translations: s.translations },
  );
  const events: CatalogSource['events'] = catalog.events.map((e) => ({
    EventID: e.id,
    Name: e.name,
    Tag: e.tag,
    IsActive: e.isActive,
    translations: e.translations,
  }));
  const brokenCreatedAt = new Date(now.getTime() - 95 * DAY_MS);
  const styleNames = new Map(catalog.styles.map((s) => [s.id, s.name]));
  const templates = [
    ...rendered.map((item, index) => compact(rawTemplate(item, index, styleNames))),
    {
      id: catalog.brokenTemplate.slug,
      name: catalog.brokenTemplate.name,
      description: catalog.brokenTemplate.description,
      translations: catalog.brokenTemplate.translations,
      tags: [...catalog.brokenTemplate.tags],
      categoryId: catalog.brokenTemplate.categoryId,
      StyleID: catalog.brokenTemplate.style,
      imageUrl: catalog.brokenTemplate.imageUrl,
      dateCreated: brokenCreatedAt.toISOString(),
    },
  ];
  return { categories, styles, events, templates };
}
