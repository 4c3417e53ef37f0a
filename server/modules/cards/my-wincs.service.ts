import {
  DRAFTS_LIMIT,
  type DraftsResponse,
  type MyWincsResponse,
} from '../../../shared/cards/my-wincs.contract.ts';
import type { Category } from '../../../shared/catalog/catalog.contract.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { canReadCard, type CardActor } from './cards.policy.ts';
import type { CardViewsRepository } from './card-views.repository.ts';
import type { CardsRepository } from './cards.repository.ts';
import { presentCard } from './cards.presenter.ts';
import { presentMyWinc } from './my-wincs.presenter.ts';

export type MyWincsService = ReturnType<typeof createMyWincsService>;

/**
 * My WINCS (SPEC §2): the signed-in user's paid cards with their categories, and the caller's drafts.
 * Deleting a card is the cards module's (`cards.service`).
 */
export function createMyWincsService(deps: {
  cards: Pick<CardsRepository, 'listPaidOf' | 'listUnpaidNaming'>;
  catalog: Pick<CatalogService, 'getCategoriesByIds'>;
  views: Pick<CardViewsRepository, 'summariesOf'>;
}) {
  const { cards, catalog, views } = deps;

  return {
    /**
     * The signed-in user's paid cards (SPEC §7: userId = uid merged with authorId = uid), newest first, each
     * with its template's category and what its recipients did (DESIGN §1.7); `categoryId` keeps only that category's cards. The categories of all
     * their paid cards come along for the filter, whatever the filter. A guest must sign in
     * (`unauthenticated`).
     */
    async listMyWincs(
      actor: CardActor,
      filter: { categoryId?: string | undefined },
    ): Promise<MyWincsResponse> {
      if (actor.userId === null) throw new AppError('unauthenticated');
      const rows = (await cards.listPaidOf(actor.userId)).filter((row) => canReadCard(actor, row.card));
      const categories = await catalog.getCategoriesByIds(
        rows.map((row) => row.categoryId).filter((id) => id !== null),
      );
      const found = new Map<string, Category>(categories.map((category) => [category.id, category]));
      const categoryOf = (id: string | null) => (id === null ? null : (found.get(id) ?? null));
      const shown = filter.categoryId ? rows.filter((row) => row.categoryId === filter.categoryId) : rows;
      const opened = await views.summariesOf(shown.map((row) => row.card.id));
      return {
        cards: shown.map((row) =>
          presentMyWinc(row.card, categoryOf(row.categoryId), opened.get(row.card.id) ?? null),
        ),
        categories,
      };
    },

    /**
     * The caller's cards not paid yet, newest first (at most DRAFTS_LIMIT): a signed-in user's, and a guest's
     * while they are guest cards. Nobody's for a visitor without a session: an empty list, not an error.
     */
    async listDrafts(actor: CardActor): Promise<DraftsResponse> {
      const drafts = await cards.listUnpaidNaming(
        { userId: actor.userId, guestSessionId: actor.guestSessionId },
        DRAFTS_LIMIT,
      );
      return { cards: drafts.filter((card) => canReadCard(actor, card)).map(presentCard) };
    },
  };
}
