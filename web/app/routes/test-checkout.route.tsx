import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { TestCheckoutView } from '../../features/pricing/components/test-checkout-view.tsx';
import { useSession } from '../../features/session/api/session-query.ts';
import { RequireSignIn } from '../../features/session/components/require-sign-in.tsx';

/**
 * `/test-checkout/:orderId` — protected; the built-in test-mode checkout (DESIGN §1.10). Once the server has
 * granted the order, the session is reloaded and the user lands on the plans with the success modal.
 */
export function TestCheckoutRoute() {
  return (
    <RequireSignIn>
      <TestCheckout />
    </RequireSignIn>
  );
}

function TestCheckout() {
  const { orderId = '' } = useParams();
  const { refresh } = useSession();
  const navigate = useNavigate();
  return (
    <TestCheckoutView
      key={orderId}
      orderId={orderId}
      onCompleted={async () => {
        // The live stream updates the balance too; reloading here makes the modal right on arrival.
        await refresh().catch(() => null);
        await navigate(paths.pricing({ success: 'true' }), { replace: true });
      }}
    />
  );
}
