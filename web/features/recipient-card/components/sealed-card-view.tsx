import { useEffect } from 'react';
import type { SealedCard } from '../../../../shared/cards/reveal.contract.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { formatZonedMoment } from '../../../../shared/time/format-moment.ts';
import { sameWallClock, useViewerTimeZone } from '../../../lib/zoned-moment.ts';

/** The longest delay a browser timer takes (about 24.8 days); a later reveal re-arms after it. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * A card still sealed (DESIGN §1.22): its cover, who it is for and from, and when it opens in the sender's
 * chosen zone and, when the viewer's differs, in theirs. At the moment it asks for the card again, which
 * opens it without a reload.
 */
export function SealedCardView({ card, onReveal }: { card: SealedCard; onReveal: () => void }) {
  const { t, i18n } = useTranslation();
  const revealAt = new Date(card.revealAt);
  const viewerZone = useViewerTimeZone();

  useEffect(() => {
    const wait = (at: string) => Math.min(Math.max(0, Date.parse(at) - Date.now()), MAX_TIMER_MS);
    const timer = setTimeout(onReveal, wait(card.revealAt));
    return () => clearTimeout(timer);
  }, [card, onReveal]);

  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-center sm:py-16">
      <h1 className="font-display text-3xl text-plum-900">
        {t('reveal.sealed.heading', { name: card.recipientName })}
      </h1>
      <p className="mt-2 text-plum-700">{t('reveal.sealed.from', { name: card.senderName })}</p>
      {card.templateImageUrl ? (
        <img
          src={card.templateImageUrl}
          alt=""
          width={400}
          height={533}
          fetchPriority="high"
          className="mx-auto mt-8 aspect-[3/4] w-full max-w-sm rounded-3xl bg-plum-100 object-cover"
        />
      ) : null}
      <p className="mt-6 text-lg font-semibold text-plum-900" data-testid="sealed-opens-on">
        {t('reveal.sealed.opensOn', {
          when: formatZonedMoment(revealAt, card.timeZone, i18n.language),
          zone: card.timeZone,
        })}
      </p>
      {viewerZone === null || sameWallClock(revealAt, viewerZone, card.timeZone) ? null : (
        <p className="mt-1 text-plum-700" data-testid="sealed-your-time">
          {t('reveal.sealed.yourTime', { when: formatZonedMoment(revealAt, viewerZone, i18n.language) })}
        </p>
      )}
    </div>
  );
}
