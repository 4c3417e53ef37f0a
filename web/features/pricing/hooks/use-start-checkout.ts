import { useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { useNavigate } from 'react-router';
import type { BillingCycle, PaidPlanId } from '../../../../shared/payments/plans.ts';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import type { AuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { useCreateCheckout } from '../api/payments-api.ts';
import { errorReason } from '../../../lib/error-message.ts';
import { isUnauthenticated } from '../lib/payment-errors.ts';
import { inAppPath } from '../lib/pricing-url.ts';

export interface CheckoutTarget {
  planId: PaidPlanId;
  cycle: BillingCycle;
}

/**
 * A plan card's Buy: signed out, to /signin carrying the way back here (SPEC §6); signed in, the server opens
 * a checkout and the browser goes to it — our own test checkout inside the app, Stripe with a page load.
 * A failure says 'Error: {message}' (SPEC §8). `pending` stays set while the browser leaves for Stripe.
 */
export function useStartCheckout({
  signedIn,
  returnTo,
  onSessionLost,
}: {
  signedIn: boolean;
  returnTo: string;
  /** Reloads the session when the server says it ended, so /signin does not take the stale one as signed in. */
  onSessionLost: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const checkout = useCreateCheckout();
  const [pending, setPending] = useState<CheckoutTarget | null>(null);

  const toSignIn = () => {
    const state: AuthNavigationState = { returnTo };
    void navigate(paths.signin(), { state });
  };

  const start = (target: CheckoutTarget) => {
    if (pending) return;
    if (!signedIn) {
      toSignIn();
      return;
    }
    setPending(target);
    checkout.mutate(
      { planId: target.planId, billingCycle: target.cycle },
      {
        onSuccess: ({ url }) => {
          const local = inAppPath(url, window.location.origin);
          if (local) void navigate(local);
          else window.location.assign(url);
        },
        onError: (error) => {
          setPending(null);
          if (isUnauthenticated(error)) {
            void onSessionLost().finally(toSignIn);
            return;
          }
          const message = errorReason(error, t);
          showToast(t('pricing.checkoutFailed', { message }), 'error');
        },
      },
    );
  };

  return { start, pending };
}
