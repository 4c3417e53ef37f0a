import { useQuery } from '@tanstack/react-query';
import { creditHistoryResponseSchema, paymentsApi } from '../../../../shared/payments/plans.ts';
import { getJson } from '../../../lib/api-client.ts';

/**
 * GET /api/me/credit-history — the latest ledger rows, newest first. Keyed by the balance the page shows, so
 * a change that reaches the header live (an unlock, a purchase in another tab) brings its row along.
 */
export function useCreditHistory(balance: number) {
  return useQuery({
    queryKey: ['me', 'credit-history', balance],
    queryFn: async ({ signal }) =>
      creditHistoryResponseSchema.parse(await getJson<unknown>(paymentsApi.creditHistory, undefined, signal))
        .entries,
    placeholderData: (previous) => previous,
  });
}
