import type { ViewLimitStatus } from '../../../shared/cards/card-views.contract.ts';
import { raisedViewLimitOf, VIEW_LIMIT_RAISE_COST } from '../../../shared/payments/plans.ts';
import type { CardRecord } from './cards.repository.ts';

type ViewLimitFields = Pick<
  CardRecord,
  'isPaid' | 'invitation' | 'viewLimit' | 'viewLimitReachedAt' | 'viewLimitRaisedAt'
>;

/**
 * The raise of a card's view limit its sender may buy (docs/decisions/0033-walk-through-fixes.md): once a new
 * device was turned away at the limit, once per card, to the next plan's limit, for VIEW_LIMIT_RAISE_COST
 * credits. None for an invitation (its plan limits guests, not devices), nor where no plan allows more.
 */
export function viewLimitOfferOf(card: ViewLimitFields): ViewLimitStatus['offer'] {
  if (!card.isPaid || card.invitation !== null) return null;
  if (card.viewLimitReachedAt === null || card.viewLimitRaisedAt !== null) return null;
  const limit = raisedViewLimitOf(card.viewLimit);
  return limit === null ? null : { limit, credits: VIEW_LIMIT_RAISE_COST };
}

/** What the sender sees of the card's view limit: reached, raised, and the raise on offer. */
export function viewLimitStatusOf(card: ViewLimitFields): ViewLimitStatus {
  return {
    reached: card.viewLimitReachedAt !== null,
    raised: card.viewLimitRaisedAt !== null,
    offer: viewLimitOfferOf(card),
  };
}
