import type { CardViewsSummary } from '../../../shared/cards/card-views.contract.ts';
import type { MyWinc } from '../../../shared/cards/my-wincs.contract.ts';
import type { Category } from '../../../shared/catalog/catalog.contract.ts';
import { presentCard } from './cards.presenter.ts';
import type { CardRecord } from './cards.repository.ts';
import { viewLimitStatusOf } from './view-limit.ts';

/**
 * A paid card in My WINCS: the owner's card (same allow-list), its template's category, if any, what its
 * recipients did, once someone opened it, and whether its view limit was reached or raised.
 */
export function presentMyWinc(
  card: CardRecord,
  category: Category | null,
  views: CardViewsSummary | null,
): MyWinc {
  return {
    ...presentCard(card),
    category,
    views: views ? { ...views } : null,
    viewLimitStatus: viewLimitStatusOf(card),
  };
}
