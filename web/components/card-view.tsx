import { Hand, Volume2, VolumeX, X } from 'lucide-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import type { PublicCard } from '../../shared/cards/cards.contract.ts';
import { addressFormOf } from '../../shared/cards/address-form.ts';
import { textDirection } from '../../shared/i18n/languages.ts';
import { fontStackOf } from '../lib/card-fonts.ts';
import { isTouchScreen, prefersLightweight } from '../lib/device.ts';
import { prefersReducedMotion } from '../lib/motion.ts';
import { focusAfterPaint } from '../lib/after-paint.ts';
import type { CardSpeech } from '../lib/use-card-speech.ts';
import { IconButton } from './icon-button.tsx';

/**
 * The card as people see it (SPEC §2 Overview, DESIGN §1.5): the closed cover ('Click to open card', 'click
 * me'; 'Tap' on touch screens) and the open card (To, the message in its saved styles, image, video, 'Voice
 * Message', From), the same moment for the sender's overview and the recipient page. The media elements
 * exist only once the card is open, so a recipient on a slow network downloads the cover first and the
 * video only when opened.
 */

export type CardMomentState = 'closed' | 'opening' | 'open';

/**
 * The opening (DESIGN §1.5): the tap starts the AI voice and the cover swings open on its spine like paper,
 * showing the card inside; with reduced motion, or when saving data, the card simply fades in. The open card
 * grows with what it holds: the page scrolls, never a box inside it.
 */
export function CardMoment({
  card,
  speech,
  onPlay,
  priority = false,
  onStateChange,
  openedByFace = false,
}: {
  card: PublicCard;
  speech?: CardSpeech;
  onPlay?: (media: 'video' | 'voice-message') => void;
  priority?: boolean;
  onStateChange?: (state: CardMomentState) => void;
  /** The recipient's face opened it (DESIGN §1.6): it starts opening at once, and the caller starts the voice. */
  openedByFace?: boolean;
}) {
  const lightweight = prefersLightweight();
  const opening = (): CardMomentState => (prefersReducedMotion() || lightweight ? 'open' : 'opening');
  const [state, setState] = useState<CardMomentState>(() => (openedByFace ? opening() : 'closed'));
  // How the open card came in: the cover swung, or (reduced motion, saving data) it fades in.
  const [entrance, setEntrance] = useState<'swing' | 'fade'>(() =>
    openedByFace && opening() === 'opening' ? 'swing' : 'fade',
  );
  const change = (next: CardMomentState) => {
    if (next === 'opening') setEntrance('swing');
    else if (next === 'open' && state === 'closed') setEntrance('fade');
    setState(next);
    onStateChange?.(next);
  };
  // Opened by the face, the card starts open: the page hears of it once, as it would of a tap.
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    if (state !== 'closed') onStateChange?.(state);
  }, [state, onStateChange]);

  // The voice starts in the tap itself (browsers allow sound only there); the open card is drawn as a
  // transition after it, so that the tap's task ends at once and the voice is not held behind the drawing.
  const open = () => {
    speech?.start();
    startTransition(() => change(opening()));
  };
  const close = () => {
    speech?.stop();
    change('closed');
  };

  if (state === 'closed') return <CardCover card={card} priority={priority} onOpen={open} />;
  const swinging = state === 'opening';
  // One tree for the swing and the open card, so that the card is not drawn a second time when the cover
  // has swung (its video and voice message would start loading again).
  return (
    <div
      className={swinging ? 'card-book relative' : entrance === 'fade' ? 'card-fade' : undefined}
      data-testid={swinging ? 'card-opening' : undefined}
    >
      <div className={swinging ? 'aspect-[3/4] overflow-hidden rounded-3xl' : undefined}>
        <OpenCardView
          card={card}
          onClose={close}
          lightweight={lightweight}
          {...(speech ? { speech } : {})}
          {...(onPlay ? { onPlay } : {})}
        />
      </div>
      {swinging && (
        <div
          aria-hidden="true"
          className="card-cover-swing absolute inset-x-0 top-0 aspect-[3/4] overflow-hidden rounded-3xl shadow-card-hover"
          onAnimationEnd={() => change('open')}
        >
          {card.templateImageUrl && (
            <img src={card.templateImageUrl} alt="" className="size-full object-cover" />
          )}
        </div>
      )}
    </div>
  );
}

/** The closed cover; clicking it opens the card. */
export function CardCover({
  card,
  onOpen,
  priority = false,
}: {
  card: Pick<PublicCard, 'templateImageUrl' | 'message' | 'invitation'>;
  onOpen: () => void;
  /** The cover is the first thing a recipient sees: fetch it before anything else on the page. */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  const [touch] = useState(isTouchScreen);
  const context = addressFormOf(card);
  // Closing the card puts the focus back on the cover.
  useEffect(() => focusAfterPaint(() => (document.activeElement === document.body ? ref.current : null)), []);
  return (
    <button
      ref={ref}
      type="button"
      onClick={onOpen}
      data-testid="card-cover"
      className="group block w-full text-center focus-visible:outline-none"
    >
      {/* Above the artwork, not on it: a cover's own lettering often sits at its foot. */}
      <span className="mx-auto mb-3 flex w-fit max-w-full items-center justify-center gap-2 rounded-full bg-plum-100 px-4 py-1.5 text-base font-extrabold text-plum-900">
        <Hand aria-hidden="true" className="size-5 shrink-0" />
        {t(touch ? 'overview.tapToOpen' : 'overview.clickToOpen', { context })}
      </span>
      <span className="relative block aspect-[3/4] w-full overflow-hidden rounded-3xl bg-gradient-to-br from-plum-200 to-coral-100 shadow-card-hover transition-transform group-hover:-translate-y-1 group-focus-visible:outline-3 group-focus-visible:outline-offset-2 group-focus-visible:outline-plum-500">
        {card.templateImageUrl && (
          <img
            src={card.templateImageUrl}
            alt=""
            width={400}
            height={533}
            fetchPriority={priority ? 'high' : 'auto'}
            className="absolute inset-0 size-full object-cover"
          />
        )}
        <span className="absolute end-3 top-3 rotate-6 rounded-full bg-coral-700 px-3 py-1 text-xs font-black tracking-wide text-white uppercase shadow-md motion-safe:animate-bounce">
          {t(touch ? 'overview.tapMe' : 'overview.clickMe', { context })}
        </span>
      </span>
    </button>
  );
}

/**
 * The open card with its X to close it again; with `speech`, the AI voice's mute switch and the greeting's
 * words as captions while it speaks.
 */
export function OpenCardView({
  card,
  onClose,
  speech,
  onPlay,
  lightweight = false,
}: {
  card: PublicCard;
  onClose: () => void;
  speech?: CardSpeech;
  /** The recipient started the video or the voice message. */
  onPlay?: (media: 'video' | 'voice-message') => void;
  /** Saving data: the video and the voice message load only when played. */
  lightweight?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  // The X takes the focus, so a keyboard user can close the card again at once.
  useEffect(() => focusAfterPaint(() => ref.current?.querySelector('button')), []);
  const { fontFamily, fontSize, color } = card.textStyles;
  return (
    <article
      ref={ref}
      data-testid="card-open"
      aria-label={t('overview.openCardLabel')}
      className="relative flex w-full flex-col rounded-3xl border border-plum-100 bg-[#fffdf8] shadow-card-hover"
    >
      <IconButton
        label={t('overview.closeCard')}
        icon={<X aria-hidden="true" className="size-5" />}
        onClick={onClose}
        className="absolute end-2 top-2 z-10"
      />
      {speech?.hasVoice && (
        <IconButton
          label={speech.muted ? t('overview.voice.unmute') : t('overview.voice.mute')}
          aria-pressed={speech.muted}
          icon={
            speech.muted ? (
              <VolumeX aria-hidden="true" className="size-5" />
            ) : (
              <Volume2 aria-hidden="true" className="size-5" />
            )
          }
          onClick={speech.toggleMute}
          className="absolute start-2 top-2 z-10"
          data-testid="card-voice-mute"
        />
      )}
      <div className="flex-1 space-y-4 px-6 pt-12 pb-6 text-start">
        <p dir="auto" className="text-lg font-extrabold text-plum-900">
          {t('overview.to', { name: card.recipientName })}
        </p>
        {speech && (
          <p
            aria-live="polite"
            lang={card.language}
            dir={textDirection(card.language)}
            data-testid="card-voice-caption"
            className={
              speech.caption
                ? 'rounded-2xl bg-plum-50 px-3 py-2 text-sm font-semibold text-plum-900'
                : 'sr-only'
            }
          >
            {speech.caption}
          </p>
        )}
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
            preload={lightweight ? 'none' : 'metadata'}
            data-testid="card-video"
            onPlay={() => onPlay?.('video')}
            className="w-full rounded-2xl bg-black"
          />
        )}
        {card.audioUrl && (
          <div>
            <p className="text-sm font-bold text-plum-800">{t('overview.voiceMessage')}</p>
            <audio
              src={card.audioUrl}
              controls
              preload={lightweight ? 'none' : 'metadata'}
              data-testid="card-audio"
              onPlay={() => onPlay?.('voice-message')}
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
