import { ArrowLeft, Pencil, Share2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import { Button } from '../../../components/button.tsx';
import { CreateFlowSteps } from '../../../components/create-flow-steps.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconButton } from '../../../components/icon-button.tsx';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { fontStackOf } from '../../../lib/card-fonts.ts';
import { useCard } from '../api/use-card.ts';

interface CardOverviewProps {
  cardId: string;
  /** Back to Home with the edit modal (SPEC §2). */
  onEdit: (card: Card) => void;
  onShare: (card: Card) => void;
  shareDisabled?: boolean;
  onHome: () => void;
}

/**
 * SPEC §2 Overview: the closed cover ('Click to open card', 'click me'), the open card (To, the message in its
 * saved styles, the signature, media when there is any), X to close; Edit and Share.
 * A load failure other than "not found" keeps 'Loading...' (SPEC); a missing card says so.
 */
export function CardOverview({ cardId, onEdit, onShare, shareDisabled, onHome }: CardOverviewProps) {
  const { t } = useTranslation();
  const query = useCard(cardId);
  const [open, setOpen] = useState(false);
  const card = query.data;

  if (hasErrorCode(query.error, 'card-not-found')) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <EmptyState
          role="alert"
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
            {open ? t('overview.subtitleOpen') : t('overview.subtitle')}
          </p>
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
            {open ? (
              <OpenCard card={card} onClose={() => setOpen(false)} />
            ) : (
              <ClosedCover card={card} onOpen={() => setOpen(true)} />
            )}
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
        </>
      )}
    </div>
  );
}

function ClosedCover({ card, onOpen }: { card: Card; onOpen: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  // Closing the card puts the focus back on the cover.
  useEffect(() => {
    if (document.activeElement === document.body) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <button
      ref={ref}
      type="button"
      onClick={onOpen}
      data-testid="card-cover"
      className="group relative block aspect-[3/4] w-full overflow-hidden rounded-3xl bg-gradient-to-br from-plum-200 to-coral-100 shadow-card-hover transition-transform hover:-translate-y-1"
    >
      {card.templateImageUrl && (
        <img
          src={card.templateImageUrl}
          alt=""
          width={400}
          height={533}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <span className="absolute end-3 top-3 rotate-6 rounded-full bg-coral-500 px-3 py-1 text-xs font-black tracking-wide text-white uppercase shadow-md motion-safe:animate-bounce">
        {t('overview.clickMe')}
      </span>
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-plum-950/80 to-transparent px-4 pt-12 pb-4 text-center text-base font-extrabold text-white">
        {t('overview.clickToOpen')}
      </span>
    </button>
  );
}

function OpenCard({ card, onClose }: { card: Card; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  // The X takes the focus, so a keyboard user can close the card again at once.
  useEffect(() => ref.current?.querySelector('button')?.focus({ preventScroll: true }), []);
  const { fontFamily, fontSize, color } = card.textStyles;
  return (
    <article
      ref={ref}
      data-testid="card-open"
      aria-label={t('overview.openCardLabel')}
      className="card-open relative flex aspect-[3/4] w-full flex-col overflow-hidden rounded-3xl border border-plum-100 bg-[#fffdf8] shadow-card-hover"
    >
      <IconButton
        label={t('overview.closeCard')}
        icon={<X aria-hidden="true" className="size-5" />}
        onClick={onClose}
        className="absolute end-2 top-2 z-10"
      />
      <div className="flex-1 space-y-4 overflow-y-auto px-6 pt-12 pb-6 text-start">
        <p dir="auto" className="text-lg font-extrabold text-plum-900">
          {t('overview.to', { name: card.recipientName })}
        </p>
        {card.recipientImageUrl && (
          <img
            src={card.recipientImageUrl}
            alt={t('overview.recipientImage', { name: card.recipientName })}
            data-testid="card-image"
            className="mx-auto max-h-48 rounded-2xl object-contain shadow-sm"
          />
        )}
        <p
          dir="auto"
          data-testid="card-message"
          style={{ fontFamily: fontStackOf(fontFamily), fontSize, color }}
          className="break-words whitespace-pre-wrap"
        >
          {card.message}
        </p>
        {card.videoUrl && (
          <video
            src={card.videoUrl}
            controls
            playsInline
            preload="metadata"
            data-testid="card-video"
            className="w-full rounded-2xl bg-black"
          />
        )}
        {card.audioUrl && (
          <div>
            <p className="text-sm font-bold text-plum-800">{t('overview.voiceMessage')}</p>
            <audio
              src={card.audioUrl}
              controls
              preload="metadata"
              data-testid="card-audio"
              className="mt-1 w-full"
            />
          </div>
        )}
        <p
          dir="auto"
          className="pt-2 text-end font-bold text-plum-800"
          style={{ fontFamily: fontStackOf(fontFamily) }}
        >
          {t('overview.from', { name: card.senderName })}
        </p>
      </div>
    </article>
  );
}
