import { useQuery } from '@tanstack/react-query';
import type { PublicCard } from '../../../../shared/cards/cards.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { cardsApi } from '../../../../shared/api-paths.ts';

export const publicCardKeys = {
  card: (id: string) => ['public-card', id] as const,
};

async function fetchPublicCard(id: string, signal?: AbortSignal): Promise<PublicCard> {
  return getJson<PublicCard>(cardsApi.publicCard(id), undefined, signal);
}

/**
 * The card behind a share link (GET /api/public/cards/:id), for anyone, signed in or not. A card that is not
 * paid yet and one that does not exist are one answer, 404 `card-not-ready`, which is not retried.
 */
export function usePublicCard(cardId: string) {
  return useQuery({
    queryKey: publicCardKeys.card(cardId),
    queryFn: ({ signal }) => fetchPublicCard(cardId, signal),
    // The sender may still fix a typo: coming back to the page shows the card as it is now.
    staleTime: 0,
  });
}
