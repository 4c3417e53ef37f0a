import type { Transaction } from 'kysely';
import type { Translations } from '../../../shared/i18n/languages.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import type { DB } from '../../platform/db/schema.ts';
import type {
  CategoryRecord,
  EventRecord,
  NormalizedCatalog,
  StyleRecord,
  TemplateRecord,
} from './catalog-source.ts';

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

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

  const toCategory = (row: {
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
  });

  const toTemplate = (row: {
    id: string;
    name: string;
    description: string;
    tags: unknown;
    categoryId: string;
    styleId: string | null;
    previewImage: string | null;
    animatedImage: string | null;
    createdAt: unknown;
  }): TemplateRecord => ({
    id: row.id,
    name: row.name,
    description: row.description,
    tags: codec.readJson<string[]>(row.tags, []),
    categoryId: row.categoryId,
    styleId: row.styleId,
    previewImage: row.previewImage,
    animatedImage: row.animatedImage,
    createdAt: codec.readDate(row.createdAt),
  });

  const templateColumns = [
    'templates.id',
    'templates.name',
    'templates.description',
    'templates.tags',
    'templates.categoryId',
    'templates.styleId',
    'templates.previewImage',
    'templates.animatedImage',
    'templates.createdAt',
  ] as const;

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
      await db.transaction().execute(async (trx: Transaction<DB>) => {
        for (const c of catalog.categories) {
          await trx
            .insertInto('categories')
            .values({
              id: c.id,
              name: c.name,
              rank: c.rank,
              isActive: codec.bool(c.isActive),
              tags: codec.json(c.tags),
              translations: codec.json(c.translations),
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        for (const s of catalog.styles) {
          await trx
            .insertInto('styles')
            .values({ id: s.id, name: s.name, translations: codec.json(s.translations) })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        for (const e of catalog.events) {
          await trx
            .insertInto('events')
            .values({
              id: e.id,
              name: e.name,
              tag: e.tag,
              isActive: codec.bool(e.isActive),
              translations: codec.json(e.translations),
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        for (const t of catalog.templates) {
          await trx
            .insertInto('templates')
            .values({
              id: t.id,
              name: t.name,
              description: t.description,
              tags: codec.json(t.tags),
              categoryId: t.categoryId,
              styleId: t.styleId,
              previewImage: t.previewImage,
              animatedImage: t.animatedImage,
              createdAt: codec.date(t.createdAt),
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        await markChanged(trx);
      });
      announceChange();
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

    async listStyles(): Promise<StyleRecord[]> {
      const rows = await db.selectFrom('styles').selectAll().orderBy('name').execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        translations: codec.readJson<Translations>(row.translations, {}),
      }));
    },

    async listActiveEvents(): Promise<EventRecord[]> {
      const rows = await db
        .selectFrom('events')
        .selectAll()
        .where('isActive', '=', codec.bool(true))
        .orderBy('name')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        tag: row.tag,
        isActive: true,
        translations: codec.readJson<Translations>(row.translations, {}),
      }));
    },

    /** Templates that can be listed: they have a preview image and their category is active. */
    async listListableTemplates(): Promise<TemplateRecord[]> {
      const rows = await db
        .selectFrom('templates')
        .innerJoin('categories', 'categories.id', 'templates.categoryId')
        .select(templateColumns)
        .where('categories.isActive', '=', codec.bool(true))
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
      return row
        ? { id: row.id, name: row.name, translations: codec.readJson<Translations>(row.translations, {}) }
        : null;
    },

    async findCategory(id: string): Promise<CategoryRecord | null> {
      const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toCategory(row) : null;
    },
  };
}
