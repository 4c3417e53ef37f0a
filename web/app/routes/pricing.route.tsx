import { PricingView } from '../../features/pricing/components/pricing-view.tsx';
import { useSession } from '../../features/session/api/session-query.ts';

/** `/pricing` — the plans, given the session's user (tier and balance) to mark the current plan. */
export function PricingRoute() {
  const { user, status, refresh } = useSession();
  return (
    <PricingView viewer={{ status, tier: user?.tier ?? null, credits: user?.credits ?? null, refresh }} />
  );
}
