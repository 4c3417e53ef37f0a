import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryLog } from '../../../../shared/delivery/delivery.contract.ts';
import { getJson, postJson } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/cards-api.ts';
import { deliveryApi } from '../../../../shared/api-paths.ts';

/** A card's delivery log: read again when the live channel says a delivery moved on or a card was opened. */
export const deliveryKeys = {
  log: (cardId: string) => [...cardKeys.deliveryLogs, cardId] as const,
};

export function useDeliveryLog(cardId: string) {
  return useQuery({
    queryKey: deliveryKeys.log(cardId),
    queryFn: ({ signal }) => getJson<DeliveryLog>(deliveryApi.card(cardId), undefined, signal),
  });
}

/** Mails the card to one address, now or at `at`; the answer is the card's log. */
export function useScheduleDelivery(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { address: string; at?: string }) =>
      postJson<DeliveryLog>(deliveryApi.card(cardId), input),
    onSuccess: (log) => queryClient.setQueryData(deliveryKeys.log(cardId), log),
  });
}

/** "Send invitations by email": the guests with an address not mailed yet; answers how many. */
export function useMailGuests(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postJson<{ scheduled: number }>(deliveryApi.guests(cardId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.log(cardId) }),
  });
}
