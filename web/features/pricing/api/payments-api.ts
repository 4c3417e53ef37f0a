import { useMutation, useQuery } from '@tanstack/react-query';
import { getJson, isClientError, postJson } from '../../../lib/api-client.ts';
import { usePageData } from '../../../lib/page-data.ts';
import { paymentsApi } from '../../../../shared/api-paths.ts';
import type {
  CreateCheckoutRequest,
  CreateCheckoutResponse,
  PaymentOptions,
  TestCheckoutOrder,
} from '../../../../shared/payments/payments.contract.ts';

/** Plans and payments as the browser calls them (SPEC §7 createStripeCheckout, DESIGN §1.10). */

export const paymentsQueryKeys = {
  options: ['payments', 'options'] as const,
  testOrder: (orderId: string) => ['payments', 'test-checkout', orderId] as const,
};

/**
 * How this server takes payments ('stripe' or 'test-mode'); it changes only with a restart. The pricing page
 * comes with it (its note shows in the server's page); elsewhere it is asked for.
 */
export function usePaymentOptions() {
  const firstScreen = usePageData('pricing');
  return useQuery({
    queryKey: paymentsQueryKeys.options,
    initialData: firstScreen?.paymentOptions,
    queryFn: async ({ signal }): Promise<PaymentOptions> =>
      getJson<PaymentOptions>(paymentsApi.options, undefined, signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** POST checkout: opens a Stripe Checkout or a test-mode order and answers the URL to go to. */
export async function createCheckout(request: CreateCheckoutRequest): Promise<CreateCheckoutResponse> {
  return postJson<CreateCheckoutResponse>(paymentsApi.checkout, request);
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}

/** One test-mode order of the signed-in user; "not found" and "not yours" are one answer. */
export function useTestCheckoutOrder(orderId: string) {
  return useQuery({
    queryKey: paymentsQueryKeys.testOrder(orderId),
    queryFn: async ({ signal }): Promise<TestCheckoutOrder> =>
      getJson<TestCheckoutOrder>(paymentsApi.testCheckout(orderId), undefined, signal),
    // A 404 will not become a 200 by asking again.
    retry: (failures, error) => !isClientError(error) && failures < 2,
    refetchOnWindowFocus: false,
  });
}

/** Completes a test-mode order: the server grants its credits and tier (idempotent). */
export function useCompleteTestCheckout(orderId: string) {
  return useMutation({
    mutationFn: () => postJson<unknown>(paymentsApi.completeTestCheckout(orderId)),
  });
}
