import type { PublicCard } from '../../../../shared/cards/cards.contract.ts';
import type { SealedCard } from '../../../../shared/cards/reveal.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { usePageAnswer } from '../../../lib/use-page-answer.ts';
import { cardsApi } from '../../../../shared/api-paths.ts';

const fetchPublicCard = (id: string) => getJson<PublicCard | SealedCard>(cardsApi.publicCard(id));

/**
 * The card behind a share link (GET /api/public/cards/:id), for anyone, signed in or not, asked for once per
 * page load (each ask counts as the device's view, DESIGN §1.7). A card that is not paid yet (404
 * `card-not-ready`), one its sender deleted (410 `card-removed`) and an unknown link (404 `card-not-found`)
 * are not retried. Before a scheduled reveal the answer is the sealed card (DESIGN §1.22).
 */
export function usePublicCard(cardId: string) {
  return usePageAnswer(cardId, fetchPublicCard);
}
