import { useQuery } from '@tanstack/react-query';
import { cardKeys, fetchCard } from '../../../lib/cards-api.ts';

/** The owner's card (GET /api/cards/:id); a card that is not there or not ours is one 404 (card-not-found). */
export function useCard(cardId: string) {
  return useQuery({
    queryKey: cardKeys.card(cardId),
    queryFn: ({ signal }) => fetchCard(cardId, signal),
    // An edit elsewhere (another tab) should show when coming back here.
    staleTime: 0,
  });
}
