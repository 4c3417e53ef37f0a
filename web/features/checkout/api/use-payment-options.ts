import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { takePageData } from '../../../lib/page-data.ts';
import { paymentsApi } from '../../../../shared/api-paths.ts';
import type { PaymentOptions } from '../../../../shared/payments/payments.contract.ts';

/**
 * GET /api/payments/options — whether the configured provider offers Apple Pay (Stripe Checkout does). The
 * checkout page opened signed in carries it.
 */
export function usePaymentOptions() {
  return useQuery({
    queryKey: ['payments', 'options'],
    queryFn: async ({ signal }) => getJson<PaymentOptions>(paymentsApi.options, undefined, signal),
    staleTime: Infinity,
    initialData: () => takePageData('paymentOptions'),
  });
}
