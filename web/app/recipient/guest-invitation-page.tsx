import { Suspense } from 'react';
import { ErrorState } from '../../components/error-state.tsx';
import { usePageData } from '../../lib/page-data.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useGuestInvitation } from '../../features/invitation-guest/api/use-guest-invitation.ts';
import {
  CardUnavailable,
  unavailableReasonOf,
  unavailableTitleKey,
} from '../../features/recipient-card/components/card-unavailable.tsx';
import { RecipientCardSkeleton } from '../../features/recipient-card/components/recipient-card-skeleton.tsx';
import { SealedCardView } from '../../features/recipient-card/components/sealed-card-view.tsx';
import { RecipientCardView } from '../../features/recipient-card/components/recipient-card-view.tsx';
import { InvitationBlock } from './invitation-block-loader.tsx';
import { ReplyPanel } from './reply-panel-loader.tsx';
import { addressFormOf } from '../../../shared/cards/address-form.ts';
import { wordingOf } from '../../../shared/invitations/invitation-wording.ts';

/**
 * `/i/:token` — an invitation's guest's own link (DESIGN §1.20): the recipient page of §1.5 for this guest
 * (the cover, the AI voice greeting them by name, the card, the event) and their reply. A removed guest's
 * link and an unknown one say there is no such card, as an unknown card's link does; an unpaid invitation's
 * says it isn't ready; before its reveal it shows the sealed cover greeting the guest and when it opens, as a
 * card's link does.
 */
export function GuestInvitationPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const query = useGuestInvitation(token);
  const unavailable = unavailableReasonOf(query.error);
  const answer = query.data;
  const sealed = answer && 'sealed' in answer ? answer : undefined;
  const invitation = answer && !('sealed' in answer) ? answer : undefined;
  const shared = usePageData('guestInvitation');

  useDocumentTitle(
    sealed
      ? t('reveal.sealed.heading', { name: sealed.recipientName })
      : invitation
        ? t(wordingOf(invitation.card).documentTitle, {
            name: invitation.guest.name,
            context: addressFormOf(invitation.card),
          })
        : unavailable
          ? t(unavailableTitleKey(unavailable))
          : t('recipient.documentTitleLoading'),
  );

  if (sealed) return <SealedCardView card={sealed} onReveal={query.refetch} />;
  if (invitation) {
    return (
      <RecipientCardView
        card={invitation.card}
        invitation={(opened) => (
          <Suspense fallback={null}>
            <InvitationBlock card={invitation.card} guest={{ token, invitation }} shown={opened} />
          </Suspense>
        )}
        reply={
          <Suspense fallback={null}>
            <ReplyPanel target={{ guestToken: token }} sender={invitation.card.senderName} />
          </Suspense>
        }
      />
    );
  }
  if (unavailable) return <CardUnavailable reason={unavailable} />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={query.refetch} className="py-20" />;
  }
  return <RecipientCardSkeleton coverUrl={shared?.token === token ? shared.coverUrl : null} />;
}
