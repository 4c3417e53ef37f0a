import type { Database } from '../../platform/db/database.ts';
import { CreditKeyAlreadyUsed, type CreditsRepository } from '../credits/credits.repository.ts';
import { CARD_COLUMNS, cardRecordReader, type CardRecord } from './cards.repository.ts';

export const VIEW_LIMIT_RAISE_REASON = 'view-limit-raise';

export type RaiseOutcome =
  | { status: 'raised'; card: CardRecord; balanceAfter: number }
  | { status: 'unchanged' }
  | { status: 'insufficient-credits' };

/** Thrown inside the raise's transaction to roll the new limit back when the balance is too small. */
class BalanceTooSmall extends Error {}

export type CardViewLimitRepository = ReturnType<typeof createCardViewLimitRepository>;

/**
 * Raising a card's view limit with credits, written once for SQLite and PostgreSQL: like an unlock, the new
 * limit and the spending are one purchase of the credits repository, in one transaction.
 */
export function createCardViewLimitRepository(deps: { database: Database; credits: CreditsRepository }) {
  const { database, credits } = deps;
  const { db, codec } = database;
  const toRecord = cardRecordReader(codec);

  /**
   * The card's new limit, while it still has the limit the sender was offered a raise of and was never
   * raised. The device turned away is forgotten with the old limit, so the card reads as having room again.
   */
  const setRaisedLimit = credits.preparePurchase(
    (db, values: { cardId: string; from: number; limit: number; raisedAt: Date | string }) =>
      db
        .updateTable('cards')
        .set({ viewLimit: values.limit, viewLimitRaisedAt: values.raisedAt, viewLimitReachedAt: null })
        .where('id', '=', values.cardId)
        .where('viewLimit', '=', values.from)
        .where('viewLimitRaisedAt', 'is', null)
        .returning(CARD_COLUMNS),
  );

  return {
    /**
     * Raises the card's view limit from `from` to `limit` and spends `cost` credits with their ledger row, in
     * one transaction. The conditional update is the rule: of two raises at once, the second waits for the
     * card's row, then finds it raised and changes nothing ('unchanged', no spending); the ledger's unique key
     * `view-limit-raise:{cardId}` makes a card's raise chargeable once, ever. Too small a balance rolls the
     * new limit back.
     */
    async raise(input: {
      cardId: string;
      userId: string;
      from: number;
      limit: number;
      cost: number;
      at: Date;
    }): Promise<RaiseOutcome> {
      const { cardId, userId, from, limit, cost, at } = input;
      try {
        return await db.transaction().execute(async (trx): Promise<RaiseOutcome> => {
          const bought = await setRaisedLimit.execute(
            trx,
            { cardId, from, limit, raisedAt: codec.date(at) },
            {
              userId,
              amount: cost,
              reason: VIEW_LIMIT_RAISE_REASON,
              reference: cardId,
              idempotencyKey: `${VIEW_LIMIT_RAISE_REASON}:${cardId}`,
              at,
            },
          );
          if (!bought) return { status: 'unchanged' };
          if (!bought.spent) throw new BalanceTooSmall();
          return { status: 'raised', card: toRecord(bought.row), balanceAfter: bought.spent.balanceAfter };
        });
      } catch (error) {
        if (error instanceof BalanceTooSmall) return { status: 'insufficient-credits' };
        // The card's raise was charged before (its row since changed by hand): it is not charged twice.
        if (error instanceof CreditKeyAlreadyUsed) return { status: 'unchanged' };
        throw error;
      }
    },
  };
}
