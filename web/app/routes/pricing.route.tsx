import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAppInfo } from '../../features/app-info/api/use-app-info.ts';
import { PricingView } from '../../features/pricing/components/pricing-view.tsx';
import { useSession } from '../../features/session/api/session-query.ts';
import { usePageData } from '../../lib/page-data.ts';
import { forgetCheckoutCard, pendingCheckoutCard } from '../../lib/pending-checkout.ts';

/**
 * `/pricing` — the plans, given the session's user (tier and balance) to mark the current plan, and the
 * server's AI providers (a plan promises only what the server has; the page comes with them). A member who
 * came from checkout to buy credits is offered the way back to that card once the purchase succeeded.
 */
export function PricingRoute() {
  const { user, status, refresh } = useSession();
  const navigate = useNavigate();
  const [pending] = useState(pendingCheckoutCard);
  const appInfo = useAppInfo();
  const firstScreen = usePageData('pricing');
  return (
    <PricingView
      viewer={{ status, tier: user?.tier ?? null, credits: user?.credits ?? null, refresh }}
      aiProviders={appInfo.data?.aiProviders ?? firstScreen?.aiProviders}
      onBackToCard={
        pending
          ? () => {
              forgetCheckoutCard();
              void navigate(paths.checkout(), { state: pending });
            }
          : undefined
      }
    />
  );
}
