import crypto from 'node:crypto';
import { sql } from 'kysely';
import { viewLimitOf } from '../../../shared/payments/plans.ts';
import type { Database } from '../../platform/db/database.ts';

export const CARD_UNLOCK_REASON = 'card-unlock';

export type UnlockOutcome =
  | { status: 'paid'; balanceAfter: number }
  | { status: 'already-paid' }
  | { status: 'not-found' }
  | { status: 'insufficient-credits' };

/** Thrown inside the transaction to undo the card's paid mark when the balance cannot pay. */
class CannotPay extends Error {}

export type CardUnlockRepository = ReturnType<typeof createCardUnlockRepository>;

/** The unlock transaction (DESIGN §1.8 and §4's probe), written once for SQLite and PostgreSQL. */
export function createCardUnlockRepository(database: Database) {
  const { db, codec } = database;

  return {
    /**
     * Marks the user's card paid, spends `cost` credits and appends the ledger row, in one transaction.
     * The conditional updates are the rule, not a read-then-write: the card changes only while unpaid (a
     * concurrent second unlock waits for the first's row lock, then changes nothing and is "already paid"),
     * the balance only while it covers the cost (and CHECK credits >= 0 backs it), and the ledger's unique
     * key `card-unlock:{cardId}` makes a card chargeable once, ever. The card takes the view limit of the
     * owner's plan as it is in the same transaction.
     */
    async unlock(input: { cardId: string; userId: string; cost: number; at: Date }): Promise<UnlockOutcome> {
      const { cardId, userId, cost, at } = input;
      try {
        return await db.transaction().execute(async (trx) => {
          const marked = await trx
            .updateTable('cards')
            .set({ isPaid: codec.bool(true), updatedAt: codec.date(at) })
            .where('id', '=', cardId)
            .where((eb) => eb.or([eb('userId', '=', userId), eb('authorId', '=', userId)]))
            .where('isPaid', '=', codec.bool(false))
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) === 0) {
            const card = await trx
              .selectFrom('cards')
              .select('id')
              .where('id', '=', cardId)
              .where((eb) => eb.or([eb('userId', '=', userId), eb('authorId', '=', userId)]))
              .executeTakeFirst();
            return card ? ({ status: 'already-paid' } as const) : ({ status: 'not-found' } as const);
          }
          const spent = await trx
            .updateTable('users')
            .set({ credits: sql<number>`credits - ${cost}` })
            .where('id', '=', userId)
            .where('credits', '>=', cost)
            .returning(['credits', 'tier'])
            .executeTakeFirst();
          if (!spent) throw new CannotPay();
          const balanceAfter = Number(spent.credits);
          // The views a card allows are the owner's plan's at the moment it is paid (DESIGN §1.7).
          await trx
            .updateTable('cards')
            .set({ viewLimit: viewLimitOf(spent.tier) })
            .where('id', '=', cardId)
            .execute();
          await trx
            .insertInto('creditLedger')
            .values({
              id: crypto.randomBytes(16).toString('base64url'),
              userId,
              delta: -cost,
              balanceAfter,
              reason: CARD_UNLOCK_REASON,
              reference: cardId,
              idempotencyKey: `${CARD_UNLOCK_REASON}:${cardId}`,
              createdAt: codec.date(at),
            })
            .execute();
          return { status: 'paid', balanceAfter } as const;
        });
      } catch (error) {
        if (error instanceof CannotPay) return { status: 'insufficient-credits' };
        throw error;
      }
    },

    async balanceOf(userId: string): Promise<number> {
      const row = await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
      return Number(row?.credits ?? 0);
    },
  };
}
