import type { Transaction } from 'kysely';
import type { Translations } from '../../../shared/i18n/languages.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import type { ColumnCodec } from '../../platform/db/dialect.ts';
import type { DB } from '../../platform/db/schema.ts';
import type {
  CategoryRecord,
  EventRecord,
  LanguageCovers,
  NormalizedCatalog,
  StyleRecord,
  TemplateRecord,
  TemplateTranslations,
} from './catalog-source.ts';

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/** The template columns every catalog read selects. */
export const templateColumns = [
  'templates.id',
  'templates.name',
  'templates.description',
  'templates.tags',
  'templates.categoryId',
  'templates.styleId',
  'templates.previewImage',
  'templates.animatedImage',
  'templates.createdAt',
  'templates.isActive',
  'templates.translations',
  'templates.languageCovers',
] as const;

/** Catalog rows as records, through the dialect codec (the catalog and admin repositories share them). */
export function catalogRowReaders(codec: ColumnCodec) {
  return {
    toCategory: (row: {
      id: string;
      name: string;
      rank: number | null;
      isActive: unknown;
      tags: unknown;
      translations: unknown;
    }): CategoryRecord => ({
      id: row.id,
      name: row.name,
      rank: row.rank === null ? null : Number(row.rank),
      isActive: codec.readBool(row.isActive),
      tags: codec.readJson<string[]>(row.tags, []),
      translations: codec.readJson<Translations>(row.translations, {}),
    }),
    toStyle: (row: { id: string; name: string; isActive: unknown; translations: unknown }): StyleRecord => ({
      id: row.id,
      name: row.name,
      isActive: codec.readBool(row.isActive),
      translations: codec.readJson<Translations>(row.translations, {}),
    }),
    toEvent: (row: {
      id: string;
      name: string;
      tag: string;
      isActive: unknown;
      iconKeyword: string | null;
      translations: unknown;
    }): EventRecord => ({
      id: row.id,
      name: row.name,
      tag: row.tag,
      isActive: codec.readBool(row.isActive),
      iconKeyword: row.iconKeyword,
      translations: codec.readJson<Translations>(row.translations, {}),
    }),
    toTemplate: (row: {
      id: string;
      name: string;
      description: string;
      tags: unknown;
      categoryId: string;
      styleId: string | null;
      previewImage: string | null;
      animatedImage: string | null;
      createdAt: unknown;
      isActive: unknown;
      translations: unknown;
      languageCovers: unknown;
    }): TemplateRecord => {
      const translations = codec.readJson<Partial<TemplateTranslations>>(row.translations, {});
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        tags: codec.readJson<string[]>(row.tags, []),
        categoryId: row.categoryId,
        styleId: row.styleId,
        previewImage: row.previewImage,
        animatedImage: row.animatedImage,
        createdAt: codec.readDate(row.createdAt),
        isActive: codec.readBool(row.isActive),
        translations: { name: translations.name ?? {}, description: translations.description ?? {} },
        languageCovers: codec.readJson<LanguageCovers>(row.languageCovers, {}),
      };
    },
  };
}

/** The row values of a record, through the dialect codec (inserts and updates share them). */
export function catalogRowWriters(codec: ColumnCodec) {
  return {
    category: (c: CategoryRecord) => ({
      id: c.id,
      name: c.name,
      rank: c.rank,
      isActive: codec.bool(c.isActive),
      tags: codec.json(c.tags),
      translations: codec.json(c.translations),
    }),
    style: (s: StyleRecord) => ({
      id: s.id,
      name: s.name,
      isActive: codec.bool(s.isActive),
      translations: codec.json(s.translations),
    }),
    event: (e: EventRecord) => ({
      id: e.id,
      name: e.name,
      tag: e.tag,
      isActive: codec.bool(e.isActive),
      iconKeyword: e.iconKeyword,
      translations: codec.json(e.translations),
    }),
    template: (t: TemplateRecord) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      tags: codec.json(t.tags),
      categoryId: t.categoryId,
      styleId: t.styleId,
      previewImage: t.previewImage,
      animatedImage: t.animatedImage,
      createdAt: codec.date(t.createdAt),
      isActive: codec.bool(t.isActive),
      translations: codec.json(t.translations),
      languageCovers: codec.json(t.languageCovers),
    }),
  };
}

/** The topic of catalog writes (no key): every instance drops what it made from the catalog. */
export const CATALOG_CHANGED = 'catalog';

/**
 * Catalog queries, written once for SQLite and PostgreSQL; values go through the dialect codec. With
 * `notifications`, a write is announced to every instance (this one too), not only to this process.
 */
export function createCatalogRepository(
  database: Database,
  notifications?: Pick<Notifications, 'publish' | 'subscribe'>,
) {
  const { db, codec } = database;
  const changeListeners = new Set<() => void>();
  const tellListeners = () => {
    for (const listener of changeListeners) listener();
  };
  notifications?.subscribe(CATALOG_CHANGED, tellListeners);

  /** Every write to the catalog tables goes up the version in its transaction (other instances poll it). */
  async function markChanged(trx: Transaction<DB>): Promise<void> {
    await trx
      .updateTable('catalogVersion')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  }

  /** Tells the listeners once a write has committed. */
  function announceChange(): void {
    if (notifications) notifications.publish(CATALOG_CHANGED, '');
    else tellListeners();
  }

  const { toCategory, toStyle, toEvent, toTemplate } = catalogRowReaders(codec);
  const write = catalogRowWriters(codec);

  return {
    /** True when the catalog has neither categories nor templates (a fresh install). */
    async isEmpty(): Promise<boolean> {
      const row = await db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count) === 0;
    },

    /**
     * Adds a whole catalog in one transaction. Rows that already exist are left alone, so two instances
     * seeding the same catalog at once do not fail each other.
     */
    async insertCatalog(catalog: NormalizedCatalog): Promise<void> {
      await this.change(async (trx) => {
        for (const c of catalog.categories) {
          await trx
            .insertInto('categories')
            .values(write.category(c))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        for (const s of catalog.styles) {
          await trx
            .insertInto('styles')
            .values(write.style(s))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        for (const e of catalog.events) {
          await trx
            .insertInto('events')
            .values(write.event(e))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        for (const t of catalog.templates) {
          await trx
            .insertInto('templates')
            .values(write.template(t))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      });
    },

    /**
     * Runs `work` in one transaction that also goes up the catalog's version; once it has committed, every
     * instance's catalog answers are told to drop what they made. Every write to the catalog tables goes
     * through here.
     */
    async change<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      const result = await db.transaction().execute(async (trx) => {
        // First: the version row stays locked until commit, so catalog changes run one after the other
        // (PostgreSQL) and each reads what the one before it wrote (a renumbering of the ranks, say).
        await markChanged(trx);
        return work(trx);
      });
      announceChange();
      return result;
    },

    /** The catalog's version: it differs after any write to the catalog, by any instance. */
    async readVersion(): Promise<number> {
      const row = await db
        .selectFrom('catalogVersion')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.version);
    },

    /**
     * Calls `listener` after each catalog write of this process commits, and of any instance when the
     * notifications reach them (also when some may have been missed); answers the unsubscribe.
     */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    async listActiveCategories(): Promise<CategoryRecord[]> {
      const rows = await db
        .selectFrom('categories')
        .selectAll()
        .where('isActive', '=', codec.bool(true))
        .execute();
      return rows.map(toCategory);
    },

    /** Active styles, by name: hidden ones are offered nowhere. */
    async listStyles(): Promise<StyleRecord[]> {
      const rows = await db
        .selectFrom('styles')
        .selectAll()
        .where('isActive', '=', codec.bool(true))
        .orderBy('name')
        .execute();
      return rows.map(toStyle);
    },

    async listActiveEvents(): Promise<EventRecord[]> {
      const rows = await db
        .selectFrom('events')
        .selectAll()
        .where('isActive', '=', codec.bool(true))
        .orderBy('name')
        .execute();
      return rows.map(toEvent);
    },

    /** Everything, hidden rows too, in a stable order (the admin area and the export read it). */
    async listEverything(): Promise<NormalizedCatalog> {
      const [categories, styles, events, templates] = await Promise.all([
        db.selectFrom('categories').selectAll().orderBy('id').execute(),
        db.selectFrom('styles').selectAll().orderBy('id').execute(),
        db.selectFrom('events').selectAll().orderBy('id').execute(),
        db.selectFrom('templates').select(templateColumns).orderBy('templates.id').execute(),
      ]);
      return {
        categories: categories.map(toCategory),
        styles: styles.map(toStyle),
        events: events.map(toEvent),
        templates: templates.map(toTemplate),
      };
    },

    /** Templates that can be listed: active, with a preview image, and their category is active. */
    async listListableTemplates(): Promise<TemplateRecord[]> {
      const rows = await db
        .selectFrom('templates')
        .innerJoin('categories', 'categories.id', 'templates.categoryId')
        .select(templateColumns)
        .where('categories.isActive', '=', codec.bool(true))
        .where('templates.isActive', '=', codec.bool(true))
        .where('templates.previewImage', 'is not', null)
        .orderBy('templates.createdAt', 'desc')
        .orderBy('templates.id')
        .execute();
      return rows.map(toTemplate);
    },

    async findTemplate(id: string): Promise<TemplateRecord | null> {
      const row = await db
        .selectFrom('templates')
        .select(templateColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toTemplate(row) : null;
    },

    async findStyle(id: string): Promise<StyleRecord | null> {
      const row = await db.selectFrom('styles').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toStyle(row) : null;
    },

    async findCategory(id: string): Promise<CategoryRecord | null> {
      const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toCategory(row) : null;
    },
  };
}
