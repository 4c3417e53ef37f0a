import { Suspense } from 'react';
import { ErrorState } from '../../components/error-state.tsx';
import { hasErrorCode } from '../../lib/api-client.ts';
import { usePageData } from '../../lib/page-data.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useGuestInvitation } from '../../features/invitation-guest/api/use-guest-invitation.ts';
import { CardNotReady } from '../../features/recipient-card/components/card-not-ready.tsx';
import { RecipientCardSkeleton } from '../../features/recipient-card/components/recipient-card-skeleton.tsx';
import { RecipientCardView } from '../../features/recipient-card/components/recipient-card-view.tsx';
import { InvitationBlock } from './invitation-block-loader.tsx';
import { wordingOf } from '../../../shared/invitations/invitation-wording.ts';

/**
 * `/i/:token` — an invitation's guest's own link (DESIGN §1.20): the recipient page of §1.5 for this guest
 * (the cover, the AI voice greeting them by name, the card, the event) and their reply. A removed guest's
 * link, an unknown one and an unpaid invitation's say the card isn't ready, as an unknown card's link does.
 */
export function GuestInvitationPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const query = useGuestInvitation(token);
  const notReady = hasErrorCode(query.error, 'card-not-ready');
  const invitation = query.data;
  const shared = usePageData('guestInvitation');

  useDocumentTitle(
    invitation
      ? t(wordingOf(invitation.card).documentTitle, { name: invitation.guest.name })
      : notReady
        ? t('errors.card-not-ready')
        : t('recipient.documentTitleLoading'),
  );

  if (invitation) {
    return (
      <RecipientCardView
        card={invitation.card}
        invitation={(opened) => (
          <Suspense fallback={null}>
            <InvitationBlock card={invitation.card} guest={{ token, invitation }} shown={opened} />
          </Suspense>
        )}
      />
    );
  }
  if (notReady) return <CardNotReady />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={query.refetch} className="py-20" />;
  }
  return <RecipientCardSkeleton coverUrl={shared?.token === token ? shared.coverUrl : null} />;
}
