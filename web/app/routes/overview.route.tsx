import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Card } from '../../../shared/cards/cards.contract.ts';
import { paths } from '../../config/paths.ts';
import { CardOverview } from '../../features/card-overview/components/card-overview.tsx';
import { PremiumShareDialog } from '../../features/card-overview/components/premium-share-dialog.tsx';
import { useSession } from '../../features/session/api/session-query.ts';
import type { AuthNavigationState } from '../../lib/auth-navigation-state.ts';
import { editCardState } from '../../lib/edit-card-state.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTranslation } from '../../lib/translation.tsx';

/**
 * `/overview/:cardId` — the card preview (SPEC §2). Share: signed in → /checkout with the card; signed out →
 * the premium modal, whose Sign In / Sign Up carry the card and the return-to-checkout flag (the sign-in flow
 * then moves the guest card to the account and goes on to /checkout). Edit and Back → Home with the modal.
 */
export function OverviewRoute() {
  const { t } = useTranslation();
  const { cardId = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const [premiumFor, setPremiumFor] = useState<Card | null>(null);
  useDocumentTitle(t('overview.title'));

  const authState = (card: Card): AuthNavigationState => ({
    cardId: card.id,
    ...(card.templateImageUrl ? { templateImage: card.templateImageUrl } : {}),
    returnToCheckout: true,
  });

  return (
    <>
      <CardOverview
        cardId={cardId}
        onHome={() => void navigate(paths.home())}
        onEdit={(card) => void navigate(paths.home(), { state: editCardState(card.id) })}
        shareDisabled={session.status === 'loading'}
        guestsOffered={session.status === 'signed-in'}
        onShare={(card) => {
          if (session.status === 'signed-in')
            void navigate(paths.checkout(), {
              state: { cardId: card.id, templateImage: card.templateImageUrl },
            });
          else setPremiumFor(card);
        }}
      />
      <PremiumShareDialog
        open={premiumFor !== null}
        onClose={() => setPremiumFor(null)}
        onSignIn={() => premiumFor && void navigate(paths.signin(), { state: authState(premiumFor) })}
        onSignUp={() => premiumFor && void navigate(paths.signup(), { state: authState(premiumFor) })}
      />
    </>
  );
}
