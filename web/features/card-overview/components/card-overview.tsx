import { ArrowLeft, Pencil, Share2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { CardMoment } from '../../../components/card-view.tsx';
import { isTouchScreen } from '../../../lib/device.ts';
import { CreateFlowSteps } from '../../../components/create-flow-steps.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconButton } from '../../../components/icon-button.tsx';
import { InvitationLabel } from '../../../components/invitation-label.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { useCardSpeech } from '../../../lib/use-card-speech.ts';
import { useCard } from '../api/use-card.ts';

interface CardOverviewProps {
  cardId: string;
  /** Back to Home with the edit modal (SPEC §2). */
  onEdit: (card: Card) => void;
  onShare: (card: Card) => void;
  shareDisabled?: boolean;
  /** A signed-in host adds an invitation's guests before paying for it (DESIGN §1.20). */
  guestsOffered?: boolean;
  onHome: () => void;
}

/**
 * SPEC §2 Overview: the closed cover ('Click to open card', 'click me'), the open card (To, the message in its
 * saved styles, the signature, media when there is any) with the AI voice as the recipient will hear it, X to
 * close; Edit and Share. An invitation says so, with its event's day, and leads a signed-in host to its guests.
 * A load failure other than "not found" keeps 'Loading...' (SPEC); a missing card says so.
 */
export function CardOverview({
  cardId,
  onEdit,
  onShare,
  shareDisabled,
  guestsOffered = false,
  onHome,
}: CardOverviewProps) {
  const { t } = useTranslation();
  const query = useCard(cardId);
  const [open, setOpen] = useState(false);
  const card = query.data;
  const speech = useCardSpeech(card);

  if (hasErrorCode(query.error, 'card-not-found')) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <EmptyState
          role="alert"
          titleAs="h1"
          title={t('errors.card-not-found')}
          description={t('overview.notFoundHint')}
          action={<Button onClick={onHome}>{t('common.backToHome')}</Button>}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-12 sm:px-6">
      <div className="flex items-start gap-3">
        <IconButton
          outline
          label={t('common.back')}
          disabled={!card}
          onClick={() => card && onEdit(card)}
          icon={<ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />}
        />
        <div className="min-w-0">
          <h1 className="text-3xl font-black text-ink">{t('overview.title')}</h1>
          <p className="text-muted" aria-live="polite">
            {open
              ? t(isTouchScreen() ? 'overview.subtitleOpenTouch' : 'overview.subtitleOpen')
              : t('overview.subtitle')}
          </p>
          {card?.invitation && <InvitationLabel invitation={card.invitation} className="mt-2" />}
        </div>
      </div>
      <CreateFlowSteps current="preview" className="mx-auto mt-6 max-w-md" />

      {!card ? (
        <p role="status" className="py-20 text-center font-bold text-muted">
          {t('overview.loading')}
        </p>
      ) : (
        <>
          <div className="mx-auto mt-8 w-full max-w-sm">
            <CardMoment card={card} speech={speech} onStateChange={(state) => setOpen(state !== 'closed')} />
          </div>
          <div className="mx-auto mt-8 flex max-w-sm gap-3">
            <Button variant="secondary" size="lg" className="flex-1" onClick={() => onEdit(card)}>
              <Pencil aria-hidden="true" className="size-4" />
              {t('overview.edit')}
            </Button>
            <Button size="lg" className="flex-1" disabled={shareDisabled} onClick={() => onShare(card)}>
              <Share2 aria-hidden="true" className="size-4" />
              {t('overview.share')}
            </Button>
          </div>
          {card.invitation && guestsOffered && (
            <div className="mx-auto mt-3 flex max-w-sm">
              <ButtonLink to={paths.guestList(card.id)} variant="ghost" size="lg" className="flex-1">
                <UserRound aria-hidden="true" className="size-4" />
                {t('overview.guests')}
              </ButtonLink>
            </div>
          )}
        </>
      )}
    </div>
  );
}
