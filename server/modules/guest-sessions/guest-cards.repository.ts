import type { Database } from '../../platform/db/database.ts';

export interface CardOwnership {
  id: string;
  userId: string | null;
  authorId: string | null;
  isGuestCard: boolean;
  guestSessionId: string | null;
}

export type GuestCardsRepository = ReturnType<typeof createGuestCardsRepository>;

/** The card queries of the guest-session transfer (the cards module owns the rest of the table). */
export function createGuestCardsRepository(database: Database) {
  const { db, codec } = database;
  return {
    /**
     * Gives every guest card of the session to the user (SPEC §4). The WHERE clause is the rule: only cards
     * of this guest session that are still guest cards move. Answers how many moved.
     */
    async transferGuestCards(guestSessionId: string, userId: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('cards')
        .set({
          userId,
          authorId: userId,
          isGuestCard: codec.bool(false),
          transferredAt: codec.date(at),
          updatedAt: codec.date(at),
        })
        .where('guestSessionId', '=', guestSessionId)
        .where('isGuestCard', '=', codec.bool(true))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async findOwnership(cardId: string): Promise<CardOwnership | undefined> {
      const row = await db
        .selectFrom('cards')
        .select(['id', 'userId', 'authorId', 'isGuestCard', 'guestSessionId'])
        .where('id', '=', cardId)
        .executeTakeFirst();
      return row && { ...row, isGuestCard: codec.readBool(row.isGuestCard) };
    },
  };
}
