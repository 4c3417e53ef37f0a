import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { revealApi } from '../../../../shared/api-paths.ts';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import type { RevealRequest, RevealResponse } from '../../../../shared/cards/reveal.contract.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { cardKeys, fetchCard } from '../../../lib/cards-api.ts';

/** The owner's card, read for its reveal (the same query as the checkout's and the overview's card). */
export function useCardReveal(cardId: string) {
  return useQuery({
    queryKey: cardKeys.card(cardId),
    queryFn: ({ signal }) => fetchCard(cardId, signal),
    select: (card: Card) => card.reveal,
  });
}

/**
 * Sets, moves or cancels (`null`) when the card's link opens. The saved reveal goes into the card's query, and
 * My WINCS lists are read again so the tile says it.
 */
export function useSetReveal(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reveal: RevealRequest['reveal']) =>
      apiRequest<RevealResponse>(revealApi(cardId), {
        init: {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reveal } satisfies RevealRequest),
        },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData<Card>(cardKeys.card(cardId), (card) =>
        card ? { ...card, reveal: answer.reveal } : card,
      );
      void queryClient.invalidateQueries({ queryKey: cardKeys.paidLists });
      // The delivery log's scheduled time follows the reveal.
      void queryClient.invalidateQueries({ queryKey: cardKeys.deliveryLogs });
    },
  });
}
