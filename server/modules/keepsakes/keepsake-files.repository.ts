import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';

export type KeepsakeFilesRepository = ReturnType<typeof createKeepsakeFilesRepository>;

/** The one writer of `keepsake_files`: which PDFs of which card are in storage. */
export function createKeepsakeFilesRepository(database: Database) {
  const { db, codec } = database;
  return {
    /**
     * Lists a PDF about to be stored for the card and paper (listed first: a crash before it is written leaves
     * a name without a file, never a file nobody knows of) and forgets the card's other ones of that paper
     * (older versions); answers their storage keys, to delete.
     */
    async replace(file: { storageKey: string; cardId: string; paper: string; at: Date }): Promise<string[]> {
      const { storageKey, cardId, paper, at } = file;
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('keepsakeFiles')
          .values({ storageKey, cardId, paper, createdAt: codec.date(at) })
          .onConflict((conflict) => conflict.column('storageKey').doNothing())
          .execute();
        const older = await trx
          .deleteFrom('keepsakeFiles')
          .where('cardId', '=', file.cardId)
          .where('paper', '=', file.paper)
          .where('storageKey', '!=', file.storageKey)
          .returning('storageKey')
          .execute();
        return older.map((row) => row.storageKey);
      });
    },

    /** The storage keys of a card's PDFs. */
    async keysOf(cardId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('keepsakeFiles')
        .select('storageKey')
        .where('cardId', '=', cardId)
        .execute();
      return rows.map((row) => row.storageKey);
    },

    /** The storage keys of these cards' PDFs, read in the deletion transaction that takes the cards. */
    async keysOfCards(trx: Transaction<DB>, cardIds: string[]): Promise<string[]> {
      if (cardIds.length === 0) return [];
      const rows = await trx
        .selectFrom('keepsakeFiles')
        .select('storageKey')
        .where('cardId', 'in', cardIds)
        .execute();
      return rows.map((row) => row.storageKey);
    },
  };
}
