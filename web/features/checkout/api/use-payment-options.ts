import { useQuery } from '@tanstack/react-query';
import { paymentOptionsSchema, paymentsApi } from '../../../../shared/payments/plans.ts';
import { getJson } from '../../../lib/api-client.ts';

/** GET /api/payments/options — whether the configured provider offers Apple Pay (Stripe Checkout does). */
export function usePaymentOptions() {
  return useQuery({
    queryKey: ['payments', 'options'],
    queryFn: async ({ signal }) =>
      paymentOptionsSchema.parse(await getJson<unknown>(paymentsApi.options, undefined, signal)),
    staleTime: Infinity,
  });
}
