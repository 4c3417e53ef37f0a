import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '../../../shared/accounts/accounts.contract.ts';
import { paths } from '../../config/paths.ts';
import { CheckoutView } from '../../features/checkout/components/checkout-view.tsx';
import { sessionQueryKey, useSession } from '../../features/session/api/session-query.ts';
import { formatCredits } from '../../features/session/components/credit-balance.tsx';
import { RequireSignIn } from '../../features/session/components/require-sign-in.tsx';
import { LazyShareCardDialog } from '../composition/share-dialog-loader.tsx';
import { readAuthNavigationState } from '../../lib/auth-navigation-state.ts';
import { rememberCheckoutCard } from '../../lib/pending-checkout.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * `/checkout` — protected (SPEC §6). The card comes in navigation state `{cardId, templateImage}` (from the
 * overview's Share or the sign-in flow). Close → the overview; on success the share modal, whose closing goes
 * to My WINCS (SPEC §2).
 */
export function CheckoutRoute() {
  return (
    <RequireSignIn>
      <Checkout />
    </RequireSignIn>
  );
}

function Checkout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { cardId = null, templateImage = null } = readAuthNavigationState(location.state);
  const [shareOpen, setShareOpen] = useState(false);
  useDocumentTitle(t('checkout.title'));
  if (!user) return null;

  return (
    <>
      <CheckoutView
        cardId={cardId}
        templateImage={templateImage}
        credits={user.credits}
        formatCredits={(credits) => formatCredits(credits, i18n.resolvedLanguage)}
        onClose={() => void navigate(cardId ? paths.overview(cardId) : paths.home())}
        onBuyPackages={() => {
          if (cardId) rememberCheckoutCard({ cardId, ...(templateImage ? { templateImage } : {}) });
          void navigate(paths.pricing());
        }}
        onUnlocked={(result) => {
          queryClient.setQueryData<CurrentUser | null>(sessionQueryKey, (current) =>
            current ? { ...current, credits: result.credits } : current,
          );
          setShareOpen(true);
        }}
        onShare={() => setShareOpen(true)}
      />
      <LazyShareCardDialog open={shareOpen} cardId={cardId} onClose={() => void navigate(paths.myWincs())} />
    </>
  );
}
