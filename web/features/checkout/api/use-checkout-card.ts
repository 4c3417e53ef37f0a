import { useQuery } from '@tanstack/react-query';
import { cardKeys, fetchCard } from '../../../lib/cards-api.ts';

/**
 * The card being paid for: its cover when navigation state did not bring one (a verification link opened in
 * another tab), and whether it is paid already (then there is nothing left to pay).
 */
export function useCheckoutCard(cardId: string | null) {
  return useQuery({
    queryKey: cardKeys.card(cardId ?? ''),
    queryFn: ({ signal }) => fetchCard(cardId!, signal),
    enabled: cardId !== null,
  });
}
