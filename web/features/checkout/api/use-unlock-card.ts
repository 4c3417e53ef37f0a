import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnlockCardResponse } from '../../../../shared/cards/cards.contract.ts';
import { postJson } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/cards-api.ts';
import { cardsApi } from '../../../../shared/api-paths.ts';

/** POST /api/cards/:id/unlock — spends 30 credits and marks the card paid; a repeat charges nothing. */
export function useUnlockCard(options: { onUnlocked: (result: UnlockCardResponse) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cardId: string): Promise<UnlockCardResponse> =>
      postJson<UnlockCardResponse>(cardsApi.unlock(cardId)),
    onSuccess: (result) => {
      queryClient.setQueryData(cardKeys.card(result.card.id), result.card);
      options.onUnlocked(result);
    },
  });
}
