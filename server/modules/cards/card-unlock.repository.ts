import { guestLimitOf, viewLimitOf } from '../../../shared/payments/plans.ts';
import type { Database } from '../../platform/db/database.ts';
import type { CreditsRepository } from '../credits/credits.repository.ts';
import type { CardOwnership } from './cards.policy.ts';
import { CARD_COLUMNS, cardRecordReader, type CardRecord, type CardRow } from './cards.repository.ts';

export const CARD_UNLOCK_REASON = 'card-unlock';

export type UnlockOutcome =
  | { status: 'paid'; card: CardRecord; balanceAfter: number }
  | { status: 'already-paid'; card: CardRecord }
  | { status: 'not-found' }
  | { status: 'insufficient-credits' };

/** Thrown inside the unlock's transaction to roll back the card's payment when the balance is too small. */
class BalanceTooSmall extends Error {}
/** Thrown inside the unlock's transaction to roll back the payment of a card the user may not unlock. */
class NotAllowed extends Error {}

/** What a card takes from its owner's plan as it is paid: recipient devices, and guests of an invitation. */
// A type, not an interface: prepared statements' values are records.
type PlanLimits = {
  viewLimit: number | null;
  guestLimit: number;
};

const planLimitsOf = (tier: string): PlanLimits => ({
  viewLimit: viewLimitOf(tier),
  guestLimit: guestLimitOf(tier),
});

export type CardUnlockRepository = ReturnType<typeof createCardUnlockRepository>;

/**
 * The unlock transaction (DESIGN §1.8 and §4's probe), written once for SQLite and PostgreSQL. Balances and
 * the ledger change only through the credits repository, inside this transaction.
 */
export function createCardUnlockRepository(deps: { database: Database; credits: CreditsRepository }) {
  const { database, credits } = deps;
  const { db, codec } = database;
  const toRecord = cardRecordReader(codec);

  /** The card paid, while it is unpaid, with its credits spent and their ledger row (the credits repository's). */
  const payWithCredits = credits.preparePurchase(
    (db, values: { cardId: string; at: Date | string } & PlanLimits) =>
      db
        .updateTable('cards')
        .set({
          isPaid: codec.bool(true),
          updatedAt: values.at,
          viewLimit: values.viewLimit,
          guestLimit: values.guestLimit,
        })
        .where('id', '=', values.cardId)
        .where('isPaid', '=', codec.bool(false))
        .returning(CARD_COLUMNS),
  );

  const setPlanLimits = database.prepare((db, values: { cardId: string } & PlanLimits) =>
    db
      .updateTable('cards')
      .set({ viewLimit: values.viewLimit, guestLimit: values.guestLimit })
      .where('id', '=', values.cardId)
      .returning(CARD_COLUMNS),
  );

  return {
    /**
     * Marks the card paid and spends `cost` credits with their ledger row, in one transaction, when `allowed`
     * (the cards policy) lets the user unlock the card as it is in the transaction; a card they may not
     * unlock is "not found". The card's payment and the spending are one purchase (the credits repository's;
     * one statement on PostgreSQL). The payment comes first and is the card's read: the conditional update
     * (only while the card is unpaid) locks the row and answers it, the policy is checked on that row, and a
     * card the user may not unlock rolls back, its spending with it. A concurrent second unlock of the card
     * waits for the row, then finds it paid and changes nothing: "already paid", after the same policy check
     * on the card as read.
     * The conditional updates are the rule: the balance changes only while it covers the cost, the card only
     * while it is unpaid, and the ledger's unique key `card-unlock:{cardId}` makes a card chargeable once,
     * ever.
     *
     * The spending comes last: it locks the user's row, which every unlock and purchase of that user needs,
     * so it is held only until the commit. The card takes the view limit of the plan its owner has as they
     * pay (DESIGN §1.7): the tier the caller knows, corrected from the row the spending locked when a
     * purchase changed it meanwhile; an invitation's guest limit likewise (DESIGN §1.20). Answers the card as it is after the transaction.
     */
    async unlock(input: {
      cardId: string;
      userId: string;
      /** The user's tier as the caller read it. */
      tier: string;
      cost: number;
      at: Date;
      allowed: (card: CardOwnership) => boolean;
    }): Promise<UnlockOutcome> {
      const { cardId, userId, tier, cost, at, allowed } = input;
      const mayUnlock = (card: CardRow) =>
        allowed({ ...card, isGuestCard: codec.readBool(card.isGuestCard) });
      try {
        return await db.transaction().execute(async (trx): Promise<UnlockOutcome> => {
          const bought = await payWithCredits.execute(
            trx,
            { cardId, at: codec.date(at), ...planLimitsOf(tier) },
            {
              userId,
              amount: cost,
              reason: CARD_UNLOCK_REASON,
              reference: cardId,
              idempotencyKey: `${CARD_UNLOCK_REASON}:${cardId}`,
              at,
            },
          );
          if (!bought) {
            const card = await trx
              .selectFrom('cards')
              .select(CARD_COLUMNS)
              .where('id', '=', cardId)
              .executeTakeFirst();
            if (!card || !mayUnlock(card)) return { status: 'not-found' };
            return { status: 'already-paid', card: toRecord(card) };
          }
          let paid = bought.row;
          if (!mayUnlock(paid)) throw new NotAllowed();
          const { spent } = bought;
          if (!spent) throw new BalanceTooSmall();
          if (spent.tier !== tier) {
            const [corrected] = await setPlanLimits.execute(trx, { cardId, ...planLimitsOf(spent.tier) });
            paid = corrected ?? paid;
          }
          return { status: 'paid', card: toRecord(paid), balanceAfter: spent.balanceAfter };
        });
      } catch (error) {
        if (error instanceof BalanceTooSmall) return { status: 'insufficient-credits' };
        if (error instanceof NotAllowed) return { status: 'not-found' };
        throw error;
      }
    },

    async balanceOf(userId: string): Promise<number> {
      const row = await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
      return Number(row?.credits ?? 0);
    },
  };
}
