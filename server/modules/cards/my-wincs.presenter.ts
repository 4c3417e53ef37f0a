import type { MyWinc } from '../../../shared/cards/my-wincs.contract.ts';
import { presentCategory } from '../catalog/catalog.presenter.ts';
import type { CategoryRecord } from '../catalog/catalog-source.ts';
import { presentCard } from './cards.presenter.ts';
import type { CardRecord } from './cards.repository.ts';

/** A paid card in My WINCS: the owner's card (same allow-list) and its template's category, if any. */
export function presentMyWinc(card: CardRecord, category: CategoryRecord | null): MyWinc {
  return { ...presentCard(card), category: category ? presentCategory(category) : null };
}
