import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import {
  NO_USAGE,
  type AdminField,
  type CatalogChange,
  type FieldChange,
  type UsageCounts,
} from '../../../shared/admin/admin.contract.ts';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { CARD_UNLOCK_REASON } from '../cards/card-unlock.repository.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import { catalogRowReaders, catalogRowWriters } from '../catalog/catalog.repository.ts';
import { placeRanks } from '../../../shared/catalog/catalog.rules.ts';
import type {
  CategoryRecord,
  EventRecord,
  NormalizedCatalog,
  StyleRecord,
  TemplateRecord,
} from '../catalog/catalog-source.ts';

export type AdminRepository = ReturnType<typeof createAdminRepository>;

/** What an admin changed, written in the change's own transaction. */
export interface ChangeEntry {
  actor: { id: string; email: string };
  action: CatalogChange['action'];
  subjectKind: CatalogChange['subjectKind'];
  subjectId: string | null;
  subjectName: string | null;
  fields: AdminField[];
  changes: FieldChange[];
  imported: CatalogChange['imported'];
  at: Date;
}

type Kind = 'template' | 'category' | 'style' | 'event';
const TABLES = {
  template: 'templates',
  category: 'categories',
  style: 'styles',
  event: 'events',
} as const satisfies Record<Kind, keyof DB>;

/**
 * The admin's writes to the catalog tables. Each goes through the catalog repository's `change`, so the
 * catalog's version goes up in the same transaction and every instance drops its catalog answers once it
 * has committed; each writes its line of the change log in that transaction too.
 */
export function createAdminRepository(deps: { database: Database; catalog: CatalogRepository }) {
  const { database, catalog } = deps;
  const { db, codec } = database;
  const read = catalogRowReaders(codec);
  const write = catalogRowWriters(codec);

  async function record(trx: Transaction<DB>, entry: ChangeEntry): Promise<void> {
    await trx
      .insertInto('catalogChanges')
      .values({
        id: crypto.randomUUID(),
        at: codec.date(entry.at),
        actorId: entry.actor.id,
        actorEmail: entry.actor.email,
        action: entry.action,
        subjectKind: entry.subjectKind,
        subjectId: entry.subjectId,
        subjectName: entry.subjectName,
        details: codec.json({ fields: entry.fields, changes: entry.changes, imported: entry.imported }),
      })
      .execute();
  }

  async function upsert<K extends Kind>(
    trx: Transaction<DB>,
    kind: K,
    row: { id: string } & Record<string, unknown>,
  ): Promise<void> {
    const { id: _id, ...changes } = row;
    await trx
      .insertInto(TABLES[kind])
      .values(row as never)
      .onConflict((oc) => oc.column('id').doUpdateSet(changes as never))
      .execute();
  }

  /** How many rows of `table` point at `id` through `column`. */
  async function countUses(
    trx: Transaction<DB>,
    table: 'cards' | 'templates',
    column: 'templateId' | 'categoryId' | 'styleId',
    id: string,
  ): Promise<number> {
    const row = await trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(sql.ref(column), '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Puts the placed categories at their ranks and renumbers every ranked category 1, 2, 3… (`placeRanks`),
   * in the change's transaction: the catalog version's row, which every change updates, keeps two changes
   * from renumbering at once.
   */
  async function renumberCategories(
    trx: Transaction<DB>,
    placements: readonly { id: string; rank: number | null }[],
  ): Promise<Map<string, number | null>> {
    const rows = await trx.selectFrom('categories').select(['id', 'name', 'rank']).execute();
    const current = rows.map((row) => ({ ...row, rank: row.rank === null ? null : Number(row.rank) }));
    const ranks = placeRanks(current, placements);
    for (const { id, rank } of current) {
      const next = ranks.get(id);
      if (next === undefined || next === rank) continue;
      await trx.updateTable('categories').set({ rank: next }).where('id', '=', id).execute();
    }
    return ranks;
  }

  /** Deletes the row when nothing uses it, else hides it (`isActive` false); answers which. */
  async function deleteOrHide(
    kind: Kind,
    id: string,
    uses: (trx: Transaction<DB>) => Promise<number>,
    entry: (outcome: 'deleted' | 'hidden') => ChangeEntry,
    afterDelete?: (trx: Transaction<DB>) => Promise<void>,
  ): Promise<'deleted' | 'hidden'> {
    return catalog.change(async (trx) => {
      const outcome = (await uses(trx)) > 0 ? 'hidden' : 'deleted';
      if (outcome === 'hidden') {
        await trx
          .updateTable(TABLES[kind])
          .set({ isActive: codec.bool(false) } as never)
          .where('id', '=', id)
          .execute();
      } else {
        await trx.deleteFrom(TABLES[kind]).where('id', '=', id).execute();
        await afterDelete?.(trx);
      }
      await record(trx, entry(outcome));
      return outcome;
    });
  }

  return {
    async saveTemplate(template: TemplateRecord, entry: ChangeEntry): Promise<void> {
      await catalog.change(async (trx) => {
        await upsert(trx, 'template', write.template(template));
        await record(trx, entry);
      });
    },
    /**
     * Saves a category; when its rank was typed (`placed`), it goes in at that place and the others are
     * renumbered around it. A save that leaves the rank alone moves nothing. Answers the category as saved
     * (its rank renumbered), which its line of the change log (`entry`) records.
     */
    async saveCategory(
      category: CategoryRecord,
      entry: (saved: CategoryRecord) => ChangeEntry,
      placed: boolean,
    ): Promise<CategoryRecord> {
      return catalog.change(async (trx) => {
        await upsert(trx, 'category', write.category(category));
        const ranks = placed
          ? await renumberCategories(trx, [{ id: category.id, rank: category.rank }])
          : null;
        const saved = { ...category, rank: ranks ? (ranks.get(category.id) ?? null) : category.rank };
        await record(trx, entry(saved));
        return saved;
      });
    },
    async saveStyle(style: StyleRecord, entry: ChangeEntry): Promise<void> {
      await catalog.change(async (trx) => {
        await upsert(trx, 'style', write.style(style));
        await record(trx, entry);
      });
    },
    async saveEvent(event: EventRecord, entry: ChangeEntry): Promise<void> {
      await catalog.change(async (trx) => {
        await upsert(trx, 'event', write.event(event));
        await record(trx, entry);
      });
    },

    /** A template a card was made from stays (hidden): the card keeps its template. */
    deleteTemplate(id: string, entry: (outcome: 'deleted' | 'hidden') => ChangeEntry) {
      return deleteOrHide('template', id, (trx) => countUses(trx, 'cards', 'templateId', id), entry);
    },
    /**
     * A category with templates stays (hidden): deleting it would take its templates with it. A deleted
     * ranked category's place closes up.
     */
    deleteCategory(id: string, entry: (outcome: 'deleted' | 'hidden') => ChangeEntry) {
      return deleteOrHide(
        'category',
        id,
        (trx) => countUses(trx, 'templates', 'categoryId', id),
        entry,
        async (trx) => void (await renumberCategories(trx, [])),
      );
    },
    deleteStyle(id: string, entry: (outcome: 'deleted' | 'hidden') => ChangeEntry) {
      return deleteOrHide('style', id, (trx) => countUses(trx, 'templates', 'styleId', id), entry);
    },
    /** Nothing points at an event. */
    deleteEvent(id: string, entry: (outcome: 'deleted' | 'hidden') => ChangeEntry) {
      return deleteOrHide('event', id, async () => 0, entry);
    },

    /** Puts several categories at their ranks in one change, the others renumbered around them. */
    async setRanks(ranks: { id: string; rank: number | null }[], entry: ChangeEntry): Promise<void> {
      await catalog.change(async (trx) => {
        await renumberCategories(trx, ranks);
        await record(trx, entry);
      });
    },

    /**
     * Writes a whole catalog in one change: every row of it is added or updated. With `replace`, the rows it
     * does not have go, as a delete would take them: deleted when nothing uses them, hidden otherwise.
     */
    async importCatalog(
      incoming: NormalizedCatalog,
      mode: 'merge' | 'replace',
      entry: ChangeEntry,
    ): Promise<void> {
      await catalog.change(async (trx) => {
        for (const c of incoming.categories) await upsert(trx, 'category', write.category(c));
        for (const s of incoming.styles) await upsert(trx, 'style', write.style(s));
        for (const e of incoming.events) await upsert(trx, 'event', write.event(e));
        for (const t of incoming.templates) await upsert(trx, 'template', write.template(t));
        if (mode === 'replace') {
          const keep = {
            template: new Set(incoming.templates.map((t) => t.id)),
            category: new Set(incoming.categories.map((c) => c.id)),
            style: new Set(incoming.styles.map((s) => s.id)),
            event: new Set(incoming.events.map((e) => e.id)),
          };
          const uses = {
            template: (id: string) => countUses(trx, 'cards', 'templateId', id),
            category: (id: string) => countUses(trx, 'templates', 'categoryId', id),
            style: (id: string) => countUses(trx, 'templates', 'styleId', id),
            event: async () => 0,
          };
          // Templates first: a category or style is unused once the templates that are leaving have gone.
          for (const kind of ['template', 'event', 'style', 'category'] as const) {
            const rows = await trx.selectFrom(TABLES[kind]).select('id').execute();
            for (const { id } of rows) {
              if (keep[kind].has(id)) continue;
              if ((await uses[kind](id)) > 0) {
                await trx
                  .updateTable(TABLES[kind])
                  .set({ isActive: codec.bool(false) } as never)
                  .where('id', '=', id)
                  .execute();
              } else {
                await trx.deleteFrom(TABLES[kind]).where('id', '=', id).execute();
              }
            }
          }
        }
        await record(trx, entry);
      });
    },

    async findEvent(id: string): Promise<EventRecord | null> {
      const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? read.toEvent(row) : null;
    },

    /** Another category (or style) already called `name`, compared without case. */
    async nameTaken(kind: 'category' | 'style', name: string, exceptId: string | null): Promise<boolean> {
      let query = db
        .selectFrom(TABLES[kind])
        .select('id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * The change log, newest first. `fields` as recorded: older lines hold stored column names, and an
     * import's counts.
     */
    async listChanges(limit: number) {
      const details = (value: unknown) => {
        const read = codec.readJson<{
          fields?: string[];
          changes?: FieldChange[];
          imported?: CatalogChange['imported'];
        }>(value, {});
        return { fields: read.fields ?? [], changes: read.changes ?? [], imported: read.imported ?? null };
      };
      const rows = await db
        .selectFrom('catalogChanges')
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        at: codec.readDate(row.at),
        actorEmail: row.actorEmail,
        action: row.action as CatalogChange['action'],
        subjectKind: row.subjectKind as CatalogChange['subjectKind'],
        subjectId: row.subjectId,
        subjectName: row.subjectName,
        ...details(row.details),
      }));
    },

    /**
     * Cards made (created) and shared (unlocked, the ledger's spending row) per template since `since30`,
     * with how many of them since `since7`; invitations made and their guests' answers (each one given, a
     * change too) since `since30`.
     */
    async usage(since7: Date, since30: Date): Promise<{ templateId: string; counts: UsageCounts }[]> {
      const d7 = codec.date(since7);
      const d30 = codec.date(since30);
      const made = await db
        .selectFrom('cards')
        .select((eb) => [
          'cards.templateId',
          eb.fn.countAll<number>().as('in30'),
          eb.fn.sum<number>(eb.case().when('cards.createdAt', '>=', d7).then(1).else(0).end()).as('in7'),
        ])
        .where('cards.templateId', 'is not', null)
        .where('cards.createdAt', '>=', d30)
        .groupBy('cards.templateId')
        .execute();
      const shared = await db
        .selectFrom('creditLedger')
        .innerJoin('cards', 'cards.id', 'creditLedger.reference')
        .select((eb) => [
          'cards.templateId',
          eb.fn.countAll<number>().as('in30'),
          eb.fn
            .sum<number>(eb.case().when('creditLedger.createdAt', '>=', d7).then(1).else(0).end())
            .as('in7'),
        ])
        .where('creditLedger.reason', '=', CARD_UNLOCK_REASON)
        .where('cards.templateId', 'is not', null)
        .where('creditLedger.createdAt', '>=', d30)
        .groupBy('cards.templateId')
        .execute();
      const invitations = await db
        .selectFrom('cards')
        .select((eb) => ['cards.templateId', eb.fn.countAll<number>().as('in30')])
        .where('cards.templateId', 'is not', null)
        .where('cards.invitation', 'is not', null)
        .where('cards.createdAt', '>=', d30)
        .groupBy('cards.templateId')
        .execute();
      const answers = await db
        .selectFrom('invitationAnswerChanges')
        .innerJoin('cards', 'cards.id', 'invitationAnswerChanges.cardId')
        .select((eb) => ['cards.templateId', eb.fn.countAll<number>().as('in30')])
        .where('invitationAnswerChanges.by', '=', 'guest')
        .where('cards.templateId', 'is not', null)
        .where('invitationAnswerChanges.at', '>=', d30)
        .groupBy('cards.templateId')
        .execute();
      const byTemplate = new Map<string, UsageCounts>();
      const entry = (id: string) => {
        let counts = byTemplate.get(id);
        if (!counts) byTemplate.set(id, (counts = { ...NO_USAGE, id }));
        return counts;
      };
      for (const row of invitations) entry(row.templateId!).invitations30 = Number(row.in30);
      for (const row of answers) entry(row.templateId!).answers30 = Number(row.in30);
      for (const row of made) {
        const counts = entry(row.templateId!);
        counts.made7 = Number(row.in7);
        counts.made30 = Number(row.in30);
      }
      for (const row of shared) {
        const counts = entry(row.templateId!);
        counts.shared7 = Number(row.in7);
        counts.shared30 = Number(row.in30);
      }
      return [...byTemplate.values()].map((counts) => ({ templateId: counts.id, counts }));
    },
  };
}
