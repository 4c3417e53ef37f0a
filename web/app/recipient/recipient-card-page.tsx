import { Suspense } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { usePageData } from '../../lib/page-data.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { usePublicCard } from '../../features/recipient-card/api/use-public-card.ts';
import {
  CardUnavailable,
  unavailableReasonOf,
  unavailableTitleKey,
} from '../../features/recipient-card/components/card-unavailable.tsx';
import { RecipientCardSkeleton } from '../../features/recipient-card/components/recipient-card-skeleton.tsx';
import { SealedCardView } from '../../features/recipient-card/components/sealed-card-view.tsx';
import { KeepsakeActions, SaveAsVideoButton } from './keepsake-actions-loader.tsx';
import { keepsakesApi } from '../../../shared/api-paths.ts';
import { RecipientCardView } from '../../features/recipient-card/components/recipient-card-view.tsx';
import { InvitationBlock } from './invitation-block-loader.tsx';
import { ReplyPanel } from './reply-panel-loader.tsx';
import { addressFormOf } from '../../../shared/cards/address-form.ts';
import { wordingOf } from '../../../shared/invitations/invitation-wording.ts';

/**
 * `/c/:cardId` — what a share link opens (DESIGN §1.5), for anyone, signed in or not: the paid card, "This
 * card isn't ready yet" for a card that is not paid, that it is no longer available for a card its sender
 * deleted, that there is no such card for a link that never led to one, or its view limit for a new device
 * past it (DESIGN §1.7). A paid invitation's link is also its open group link: guests answer there with their
 * name (DESIGN §1.20). Kept out of search engines (the server's HTML for this path says so): the link is the
 * only key to the card.
 */
export function RecipientCardPage({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const query = usePublicCard(cardId);
  const unavailable = unavailableReasonOf(query.error);
  const answer = query.data;
  const sealed = answer && 'sealed' in answer ? answer : undefined;
  const card = answer && !('sealed' in answer) ? answer : undefined;
  const shared = usePageData('sharedCard');

  useDocumentTitle(
    sealed
      ? t('reveal.sealed.heading', { name: sealed.recipientName })
      : card
        ? t(wordingOf(card).documentTitle, { name: card.recipientName, context: addressFormOf(card) })
        : unavailable
          ? t(unavailableTitleKey(unavailable))
          : t('recipient.documentTitleLoading'),
  );

  if (sealed) return <SealedCardView card={sealed} onReveal={query.refetch} />;
  if (card) {
    const form = addressFormOf(card);
    return (
      <RecipientCardView
        card={card}
        keepsake={
          <Suspense fallback={null}>
            {/* The recipient page shows paid cards only, and a paid link never expires (DESIGN §1.21). */}
            <KeepsakeActions pdfUrl={keepsakesApi.publicPdf(card.id)} neverExpires form={form}>
              <SaveAsVideoButton card={card} form={form} />
            </KeepsakeActions>
          </Suspense>
        }
        invitation={(opened) => (
          <Suspense fallback={null}>
            <InvitationBlock card={card} shown={opened} />
          </Suspense>
        )}
        reply={
          <Suspense fallback={null}>
            <ReplyPanel
              target={{ cardId: card.id }}
              sender={card.senderName}
              defaultName={card.recipientName}
              form={form}
            />
          </Suspense>
        }
      />
    );
  }
  if (unavailable) return <CardUnavailable reason={unavailable} />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={query.refetch} className="py-20" />;
  }
  return <RecipientCardSkeleton coverUrl={shared?.id === cardId ? shared.coverUrl : null} />;
}
