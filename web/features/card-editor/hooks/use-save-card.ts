import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card, CardInput } from '../../../../shared/cards/cards.contract.ts';
import { cardKeys, createCard, updateCard } from '../../../lib/cards-api.ts';

/** Creates the card, or updates it when it already has an id (SPEC §4: createdAt/viewCount stay as they are). */
export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, input }: { cardId: string | null; input: CardInput }): Promise<Card> =>
      cardId ? updateCard(cardId, input) : createCard(input),
    // The overview shows the saved card at once, without a second request.
    onSuccess: (card) => queryClient.setQueryData(cardKeys.card(card.id), card),
  });
}
