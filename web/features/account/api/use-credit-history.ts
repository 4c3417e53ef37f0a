import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { paymentsApi } from '../../../../shared/api-paths.ts';
import type { CreditHistoryResponse } from '../../../../shared/payments/payments.contract.ts';

/**
 * GET /api/me/credit-history — the latest ledger rows, newest first. Keyed by the balance the page shows, so
 * a change that reaches the header live (an unlock, a purchase in another tab) brings its row along.
 */
export function useCreditHistory(balance: number) {
  return useQuery({
    queryKey: ['me', 'credit-history', balance],
    queryFn: async ({ signal }) =>
      (await getJson<CreditHistoryResponse>(paymentsApi.creditHistory, undefined, signal)).entries,
    placeholderData: (previous) => previous,
  });
}
