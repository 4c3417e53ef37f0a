import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cardsApi,
  unlockCardResponseSchema,
  type UnlockCardResponse,
} from '../../../../shared/cards/cards.contract.ts';
import { postJson } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/cards-api.ts';

/** POST /api/cards/:id/unlock — spends 30 credits and marks the card paid; a repeat charges nothing. */
export function useUnlockCard(options: { onUnlocked: (result: UnlockCardResponse) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cardId: string): Promise<UnlockCardResponse> =>
      unlockCardResponseSchema.parse(await postJson<unknown>(cardsApi.unlock(cardId))),
    onSuccess: (result) => {
      queryClient.setQueryData(cardKeys.card(result.card.id), result.card);
      options.onUnlocked(result);
    },
  });
}
