import type { Database } from '../../platform/db/database.ts';

export interface CardOwnership {
  id: string;
  userId: string | null;
  authorId: string | null;
  isGuestCard: boolean;
  guestSessionId: string | null;
}

export type GuestCardsRepository = ReturnType<typeof createGuestCardsRepository>;

/**
 * The card queries of the guest-session transfer (the cards module owns the rest of the table), and the
 * guest session each new account was signed up from.
 */
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

    /** Notes the guest session `userId` signed up from; the first note of an account stays. */
    async rememberSignupGuestSession(userId: string, guestSessionId: string, at: Date): Promise<void> {
      await db
        .insertInto('signupGuestSessions')
        .values({ userId, guestSessionId, createdAt: codec.date(at) })
        .onConflict((conflict) => conflict.column('userId').doNothing())
        .execute();
    },

    /**
     * Makes `guestSessionId` the guest session `userId` signed up from, in place of any earlier one; with
     * null the account keeps none.
     */
    async replaceSignupGuestSession(userId: string, guestSessionId: string | null, at: Date): Promise<void> {
      if (!guestSessionId) {
        await db.deleteFrom('signupGuestSessions').where('userId', '=', userId).execute();
        return;
      }
      await db
        .insertInto('signupGuestSessions')
        .values({ userId, guestSessionId, createdAt: codec.date(at) })
        .onConflict((conflict) =>
          conflict.column('userId').doUpdateSet({ guestSessionId, createdAt: codec.date(at) }),
        )
        .execute();
    },

    /** The guest session `userId` signed up from, forgotten as it is answered (null when none is left). */
    async takeSignupGuestSession(userId: string): Promise<string | null> {
      const row = await db
        .deleteFrom('signupGuestSessions')
        .where('userId', '=', userId)
        .returning('guestSessionId')
        .executeTakeFirst();
      return row?.guestSessionId ?? null;
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
