import crypto from 'node:crypto';
import { ZodError } from 'zod';
import {
  ADMIN_FIELDS,
  NO_USAGE,
  USAGE_FIELDS,
  type AdminCatalog,
  type AdminField,
  type CatalogChange,
  type ChangeValue,
  type FieldChange,
  type CatalogChanges,
  type CategoryInput,
  type DeleteOutcome,
  type EventInput,
  type StyleInput,
  type TemplateInput,
  type Usage,
  type UsageCounts,
} from '../../../shared/admin/admin.contract.ts';
import type { Language, Translations } from '../../../shared/i18n/languages.ts';
import { INVALID_CHARACTERS } from '../../../shared/text/names.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { NotAnImageError, sanitizeArtwork } from '../../platform/media/image-sanitizer.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import {
  ARTWORK_FOLDER,
  MEDIA_PREFIX,
  normalizeCatalogSource,
  type CategoryRecord,
  type EventRecord,
  type StyleRecord,
  type TemplateRecord,
} from '../catalog/catalog-source.ts';
import type { Readable } from 'node:stream';
import type { AdminRepository, ChangeEntry } from './admin.repository.ts';
import { mediaKeysOf, packCatalogArchive, unpackCatalogArchive } from './catalog-archive.ts';
import {
  presentAdminCategory,
  presentAdminEvent,
  presentAdminStyle,
  presentAdminTemplate,
} from './admin.presenter.ts';

/** The issues of a catalog document that are strings not being text, by dotted path. */
function textIssues(error: ZodError): { path: string; message: string }[] {
  return error.issues
    .filter((issue) => issue.message === INVALID_CHARACTERS)
    .map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** The admin making a change, as the change log keeps them. */
export interface Admin {
  id: string;
  email: string;
}

export type AdminService = ReturnType<typeof createAdminService>;

/** Who the change log names for the demo catalog a fresh install imports. */
export const DEMO_CATALOG_IMPORTER: Admin = { id: 'system', email: 'demo catalog (first start)' };

/** Artwork is kept at most this large on its longer side; pages show it far smaller. */
const ARTWORK_MAX_EDGE = 2048;
const DAY_MS = 24 * 60 * 60 * 1000;
const CHANGES_SHOWN = 300;

/** A readable, unique id: the English name's letters and a random suffix. */
function newId(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'item'}-${crypto.randomBytes(4).toString('hex')}`;
}

const contentHash = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex').slice(0, 12);
const storageName = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 60);

/** A row as the change log reads it: each admin form field's value. */
type Described = Partial<Record<AdminField, ChangeValue>>;

const NONE: ChangeValue = { kind: 'none' };
const IMAGE: ChangeValue = { kind: 'image' };
/** The form field of a template's cover lettered in one language. */
const COVER_FIELDS: Record<Language, AdminField> = { en: 'artworkEn', ar: 'artworkAr', ru: 'artworkRu' };
const text = (value: string | null | undefined): ChangeValue =>
  value ? { kind: 'text', text: value } : NONE;
const list = (items: string[]): ChangeValue => (items.length > 0 ? { kind: 'list', items } : NONE);
const yesNo = (value: boolean): ChangeValue => ({ kind: 'boolean', value });
const reference = (row: CategoryRecord | StyleRecord | null): ChangeValue =>
  row ? { kind: 'reference', id: row.id, name: row.name, translations: row.translations } : NONE;
const names = (row: { name: string; translations: Translations }): Described => ({
  name: text(row.name),
  nameAr: text(row.translations.ar),
  nameRu: text(row.translations.ru),
});

const describeCategory = (c: CategoryRecord): Described => ({
  ...names(c),
  rank: c.rank === null ? NONE : { kind: 'number', value: c.rank },
  tags: list(c.tags),
  active: yesNo(c.isActive),
});
const describeStyle = (s: StyleRecord): Described => ({ ...names(s), active: yesNo(s.isActive) });
const describeEvent = (e: EventRecord): Described => ({
  ...names(e),
  tag: text(e.tag),
  iconKeyword: text(e.iconKeyword),
  active: yesNo(e.isActive),
});
const hasArtwork = (t: TemplateRecord) => t.previewImage !== null || t.animatedImage !== null;

/**
 * The fields whose values differ between two versions of a row, each with both values; a new row's fields
 * that have a value. The order is the forms' order.
 */
function fieldChanges(before: Described | null, after: Described): FieldChange[] {
  return (Object.keys(after) as AdminField[]).flatMap((field): FieldChange[] => {
    const value = after[field]!;
    if (before === null) return value.kind === 'none' ? [] : [{ field, before: null, after: value }];
    const old = before[field] ?? NONE;
    return JSON.stringify(old) === JSON.stringify(value) ? [] : [{ field, before: old, after: value }];
  });
}

/** The stored column names that older lines of the log recorded, by the form field they belong to. */
const RECORDED_FIELDS: Record<string, AdminField> = {
  categoryId: 'category',
  styleId: 'style',
  isActive: 'active',
  previewImage: 'artwork',
  animatedImage: 'artwork',
};
const toAdminField = (recorded: string): AdminField | null => {
  const field = RECORDED_FIELDS[recorded] ?? recorded;
  return (ADMIN_FIELDS as readonly string[]).includes(field) ? (field as AdminField) : null;
};

/** What an import brought, read back from the fields older lines of the log wrote it as. */
function importedFromFields(fields: string[]): CatalogChange['imported'] {
  const count = (noun: string) =>
    Number(fields.map((field) => new RegExp(`^(\\d+) ${noun}$`).exec(field)?.[1]).find(Boolean) ?? 0);
  return {
    categories: count('categories'),
    styles: count('styles'),
    events: count('events'),
    templates: count('templates'),
    mode: fields.includes('replace') ? 'replace' : 'merge',
  };
}

const cleanTranslations = (value: { ar?: string | undefined; ru?: string | undefined }) => ({
  ...(value.ar ? { ar: value.ar } : {}),
  ...(value.ru ? { ru: value.ru } : {}),
});
const cleanTags = (tags: string[]) => [...new Set(tags)];

/**
 * The catalog managed in the app (DESIGN §1.16): templates with their artwork, categories and their ranks,
 * styles and events, each change recorded with who made it. Every write reaches visitors at once: the
 * repository's writes drop the catalog answers on every instance.
 */
export function createAdminService(deps: {
  repository: AdminRepository;
  catalog: CatalogRepository;
  storage: FileStorage;
  now: () => Date;
}) {
  const { repository, catalog, storage, now } = deps;

  const entry = (
    admin: Admin,
    action: ChangeEntry['action'],
    subjectKind: ChangeEntry['subjectKind'],
    subject: { id: string; name: string } | null,
    details: Pick<ChangeEntry, 'changes'> & Partial<Pick<ChangeEntry, 'fields' | 'imported'>> = {
      changes: [],
    },
  ): ChangeEntry => ({
    actor: { id: admin.id, email: admin.email },
    action,
    subjectKind,
    subjectId: subject?.id ?? null,
    subjectName: subject?.name ?? null,
    fields: details.fields ?? details.changes.map((change) => change.field),
    changes: details.changes,
    imported: details.imported ?? null,
    at: now(),
  });

  /** A template as the log reads it: its category and style by name. */
  async function describeTemplate(t: TemplateRecord): Promise<Described> {
    const [category, style] = await Promise.all([
      catalog.findCategory(t.categoryId),
      t.styleId === null ? null : catalog.findStyle(t.styleId),
    ]);
    return {
      ...names({ name: t.name, translations: t.translations.name }),
      description: text(t.description),
      descriptionAr: text(t.translations.description.ar),
      descriptionRu: text(t.translations.description.ru),
      tags: list(t.tags),
      category: reference(category),
      style: reference(style),
      active: yesNo(t.isActive),
      createdAt: { kind: 'date', at: t.createdAt.toISOString() },
      artwork: hasArtwork(t) ? { kind: 'image' } : NONE,
    };
  }

  async function templateOrThrow(id: string): Promise<TemplateRecord> {
    const template = await catalog.findTemplate(id);
    if (!template) throw new AppError('template-not-found');
    return template;
  }
  async function categoryOrThrow(id: string): Promise<CategoryRecord> {
    const category = await catalog.findCategory(id);
    if (!category) throw new AppError('category-not-found');
    return category;
  }
  async function styleOrThrow(id: string): Promise<StyleRecord> {
    const style = await catalog.findStyle(id);
    if (!style) throw new AppError('style-not-found');
    return style;
  }
  async function eventOrThrow(id: string): Promise<EventRecord> {
    const event = await repository.findEvent(id);
    if (!event) throw new AppError('event-not-found');
    return event;
  }
  async function assertNameFree(kind: 'category' | 'style', name: string, id: string | null) {
    if (await repository.nameTaken(kind, name, id)) throw new AppError('name-taken');
  }

  /**
   * Checks an uploaded image by content (JPEG, PNG, WebP or GIF) and stores it re-encoded to WebP without
   * metadata; an animated GIF or WebP keeps its animation (its first frame is the still). The files are named
   * by their content, so the image URLs change with them.
   */
  async function storeArtwork(id: string, bytes: Buffer, language?: Language) {
    let artwork;
    try {
      artwork = await sanitizeArtwork(bytes, { maxEdge: ARTWORK_MAX_EDGE });
    } catch (error) {
      if (error instanceof NotAnImageError) throw new AppError('not-an-image');
      throw error;
    }
    const base = `${ARTWORK_FOLDER}/${storageName(id)}${language ? `-${language}` : ''}`;
    const stillKey = `${base}-${contentHash(artwork.still.data)}.webp`;
    await storage.write(stillKey, artwork.still.data, artwork.still.mime);
    let animatedKey: string | null = null;
    if (artwork.animated) {
      animatedKey = `${base}-animated-${contentHash(artwork.animated.data)}.webp`;
      await storage.write(animatedKey, artwork.animated.data, artwork.animated.mime);
    }
    return {
      previewImage: `${MEDIA_PREFIX}${stillKey}`,
      animatedImage: animatedKey ? `${MEDIA_PREFIX}${animatedKey}` : null,
    };
  }

  async function saveTemplate(admin: Admin, before: TemplateRecord | null, input: TemplateInput) {
    await categoryOrThrow(input.categoryId);
    if (input.styleId) await styleOrThrow(input.styleId);
    const template: TemplateRecord = {
      id: before?.id ?? newId(input.name),
      name: input.name,
      description: input.description,
      translations: {
        name: cleanTranslations(input.translations.name),
        description: cleanTranslations(input.translations.description),
      },
      tags: cleanTags(input.tags),
      categoryId: input.categoryId,
      styleId: input.styleId,
      isActive: input.isActive,
      createdAt: input.createdAt ? new Date(input.createdAt) : (before?.createdAt ?? now()),
      previewImage: before?.previewImage ?? null,
      animatedImage: before?.animatedImage ?? null,
      languageCovers: before?.languageCovers ?? {},
    };
    const changes = fieldChanges(
      before && (await describeTemplate(before)),
      await describeTemplate(template),
    );
    await repository.saveTemplate(
      template,
      entry(admin, before ? 'update' : 'create', 'template', template, { changes }),
    );
    return presentAdminTemplate(template);
  }

  async function saveCategory(admin: Admin, before: CategoryRecord | null, input: CategoryInput) {
    await assertNameFree('category', input.name, before?.id ?? null);
    const category: CategoryRecord = {
      id: before?.id ?? newId(input.name),
      name: input.name,
      translations: cleanTranslations(input.translations),
      rank: input.rank,
      isActive: input.isActive,
      tags: cleanTags(input.tags),
    };
    const saved = await repository.saveCategory(
      category,
      (saved) =>
        entry(admin, before ? 'update' : 'create', 'category', saved, {
          changes: fieldChanges(before && describeCategory(before), describeCategory(saved)),
        }),
      before?.rank !== category.rank,
    );
    return presentAdminCategory(saved);
  }

  async function saveStyle(admin: Admin, before: StyleRecord | null, input: StyleInput) {
    await assertNameFree('style', input.name, before?.id ?? null);
    const style: StyleRecord = {
      id: before?.id ?? newId(input.name),
      name: input.name,
      translations: cleanTranslations(input.translations),
      isActive: input.isActive,
    };
    await repository.saveStyle(
      style,
      entry(admin, before ? 'update' : 'create', 'style', style, {
        changes: fieldChanges(before && describeStyle(before), describeStyle(style)),
      }),
    );
    return presentAdminStyle(style);
  }

  async function saveEvent(admin: Admin, before: EventRecord | null, input: EventInput) {
    const event: EventRecord = {
      id: before?.id ?? newId(input.name),
      name: input.name,
      tag: input.tag,
      iconKeyword: input.iconKeyword ?? null,
      translations: cleanTranslations(input.translations),
      isActive: input.isActive,
    };
    await repository.saveEvent(
      event,
      entry(admin, before ? 'update' : 'create', 'event', event, {
        changes: fieldChanges(before && describeEvent(before), describeEvent(event)),
      }),
    );
    return presentAdminEvent(event);
  }

  const deletion =
    (admin: Admin, kind: ChangeEntry['subjectKind'], subject: { id: string; name: string }) =>
    (outcome: 'deleted' | 'hidden') =>
      entry(admin, outcome === 'deleted' ? 'delete' : 'hide', kind, subject);

  return {
    /** Everything in the catalog, hidden rows too. */
    async getCatalog(): Promise<AdminCatalog> {
      const all = await catalog.listEverything();
      return {
        categories: all.categories.map(presentAdminCategory),
        styles: all.styles.map(presentAdminStyle),
        events: all.events.map(presentAdminEvent),
        templates: all.templates
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id))
          .map(presentAdminTemplate),
      };
    },

    /** Adds a template (it is listed once it has artwork). */
    createTemplate: (admin: Admin, input: TemplateInput) => saveTemplate(admin, null, input),
    async updateTemplate(admin: Admin, id: string, input: TemplateInput) {
      return saveTemplate(admin, await templateOrThrow(id), input);
    },

    /** Sets a template's default artwork from an uploaded file (see `storeArtwork`). */
    async setTemplateArtwork(admin: Admin, id: string, bytes: Buffer) {
      const before = await templateOrThrow(id);
      const images = await storeArtwork(id, bytes);
      const template: TemplateRecord = { ...before, ...images };
      const changes: FieldChange[] = [
        { field: 'artwork', before: hasArtwork(before) ? IMAGE : NONE, after: IMAGE },
      ];
      await repository.saveTemplate(template, entry(admin, 'artwork', 'template', template, { changes }));
      return presentAdminTemplate(template);
    },

    /**
     * Sets the cover lettered in one language (checked and stored as `setTemplateArtwork` does): cards in that
     * language, and the catalog seen in it, show it instead of the default cover.
     */
    async setTemplateLanguageArtwork(admin: Admin, id: string, language: Language, bytes: Buffer) {
      const before = await templateOrThrow(id);
      const cover = await storeArtwork(id, bytes, language);
      const template: TemplateRecord = {
        ...before,
        languageCovers: { ...before.languageCovers, [language]: cover },
      };
      const field = COVER_FIELDS[language];
      const changes: FieldChange[] = [
        { field, before: before.languageCovers[language] ? IMAGE : NONE, after: IMAGE },
      ];
      await repository.saveTemplate(template, entry(admin, 'artwork', 'template', template, { changes }));
      return presentAdminTemplate(template);
    },

    /** Removes the cover lettered in one language: that language shows the default cover again. */
    async removeTemplateLanguageArtwork(admin: Admin, id: string, language: Language) {
      const before = await templateOrThrow(id);
      if (!before.languageCovers[language]) return presentAdminTemplate(before);
      const languageCovers = { ...before.languageCovers };
      delete languageCovers[language];
      const template: TemplateRecord = { ...before, languageCovers };
      const changes: FieldChange[] = [{ field: COVER_FIELDS[language], before: IMAGE, after: NONE }];
      await repository.saveTemplate(template, entry(admin, 'artwork', 'template', template, { changes }));
      return presentAdminTemplate(template);
    },

    /** Deletes a template no card was made from; one that a card uses is hidden instead. */
    async deleteTemplate(admin: Admin, id: string): Promise<DeleteOutcome> {
      const template = await templateOrThrow(id);
      return { outcome: await repository.deleteTemplate(id, deletion(admin, 'template', template)) };
    },

    createCategory: (admin: Admin, input: CategoryInput) => saveCategory(admin, null, input),
    async updateCategory(admin: Admin, id: string, input: CategoryInput) {
      return saveCategory(admin, await categoryOrThrow(id), input);
    },
    /** Deletes an empty category; one with templates is deactivated instead. */
    async deleteCategory(admin: Admin, id: string): Promise<DeleteOutcome> {
      const category = await categoryOrThrow(id);
      return { outcome: await repository.deleteCategory(id, deletion(admin, 'category', category)) };
    },
    /** Sets several ranks at once (rows dragged into order); SPEC §2's ordering rules apply as ever. */
    async rankCategories(admin: Admin, ranks: { id: string; rank: number | null }[]) {
      for (const { id } of ranks) await categoryOrThrow(id);
      await repository.setRanks(
        ranks,
        entry(admin, 'rank', 'catalog', null, { changes: [], fields: ['rank'] }),
      );
    },

    createStyle: (admin: Admin, input: StyleInput) => saveStyle(admin, null, input),
    async updateStyle(admin: Admin, id: string, input: StyleInput) {
      return saveStyle(admin, await styleOrThrow(id), input);
    },
    /** Deletes a style no template has; a used one is deactivated instead. */
    async deleteStyle(admin: Admin, id: string): Promise<DeleteOutcome> {
      const style = await styleOrThrow(id);
      return { outcome: await repository.deleteStyle(id, deletion(admin, 'style', style)) };
    },

    createEvent: (admin: Admin, input: EventInput) => saveEvent(admin, null, input),
    async updateEvent(admin: Admin, id: string, input: EventInput) {
      return saveEvent(admin, await eventOrThrow(id), input);
    },
    async deleteEvent(admin: Admin, id: string): Promise<DeleteOutcome> {
      const event = await eventOrThrow(id);
      return { outcome: await repository.deleteEvent(id, deletion(admin, 'event', event)) };
    },

    /**
     * Cards made and shared in the last 7 and 30 days, invitations made and answers given in the last 30, per
     * template and summed per category.
     */
    async getUsage(): Promise<Usage> {
      const at = now().getTime();
      const [perTemplate, all] = await Promise.all([
        repository.usage(new Date(at - 7 * DAY_MS), new Date(at - 30 * DAY_MS)),
        catalog.listEverything(),
      ]);
      const categoryOf = new Map(all.templates.map((t) => [t.id, t.categoryId]));
      const categories = new Map<string, UsageCounts>();
      for (const { templateId, counts } of perTemplate) {
        const categoryId = categoryOf.get(templateId);
        if (categoryId === undefined) continue;
        const sum = categories.get(categoryId) ?? { ...NO_USAGE, id: categoryId };
        for (const field of USAGE_FIELDS) sum[field] += counts[field];
        categories.set(categoryId, sum);
      }
      return {
        templates: perTemplate.filter((t) => categoryOf.has(t.templateId)).map((t) => t.counts),
        categories: [...categories.values()],
      };
    },

    /**
     * Imports a catalog source document whose artwork is already in storage: every row is added or updated
     * (`replace`: what it lacks is deleted, or hidden when used). Artwork it refers to that storage lacks
     * makes the whole import fail (`invalid-archive`), before any row is written, and so does a string that is
     * not text (`validation-failed`, naming where). The demo catalog's seeding comes through here too.
     */
    async importSource(admin: Admin, source: unknown, mode: 'merge' | 'replace') {
      let incoming;
      try {
        incoming = normalizeCatalogSource(source, now());
      } catch (error) {
        // A catalog whose text is not text is refused as the admin area's forms refuse it, where it is.
        const notText = error instanceof ZodError ? textIssues(error) : [];
        if (notText.length > 0) throw new AppError('validation-failed', undefined, notText);
        throw new AppError('invalid-archive');
      }
      for (const key of mediaKeysOf(incoming)) {
        if (!(await storage.stat(key))) throw new AppError('invalid-archive');
      }
      await repository.importCatalog(
        incoming,
        mode,
        entry(admin, 'import', 'catalog', null, {
          changes: [],
          imported: {
            categories: incoming.categories.length,
            styles: incoming.styles.length,
            events: incoming.events.length,
            templates: incoming.templates.length,
            mode,
          },
        }),
      );
      return incoming;
    },

    /** Imports a catalog archive (see `catalog-archive.ts`) as it arrives. */
    async importArchive(admin: Admin, body: Readable, mode: 'merge' | 'replace') {
      const source = await unpackCatalogArchive(body, storage);
      const incoming = await this.importSource(admin, source, mode);
      return {
        categories: incoming.categories.length,
        styles: incoming.styles.length,
        events: incoming.events.length,
        templates: incoming.templates.length,
      };
    },

    /** The whole catalog, hidden rows and artwork included, as one archive stream. */
    async exportArchive(): Promise<Readable> {
      return packCatalogArchive(await catalog.listEverything(), storage, now());
    },

    /** The change log, newest first. */
    async listChanges(): Promise<CatalogChanges> {
      const rows = await repository.listChanges(CHANGES_SHOWN);
      return {
        items: rows.map(({ fields, ...row }) => ({
          ...row,
          // Older lines: an import's counts were written as its fields ("12 categories", "merge").
          imported: row.imported ?? (row.action === 'import' ? importedFromFields(fields) : null),
          fields: [...new Set(fields.map(toAdminField).filter((field) => field !== null))],
          at: row.at.toISOString(),
        })),
      };
    },
  };
}
