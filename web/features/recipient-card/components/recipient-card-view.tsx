import { Eye, Languages, ScanFace } from 'lucide-react';
import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { PublicCard } from '../../../../shared/cards/cards.contract.ts';
import { LANGUAGE_NAMES } from '../../../../shared/i18n/languages.ts';
import { Button } from '../../../components/button.tsx';
import { CardMoment, type CardMomentState } from '../../../components/card-view.tsx';
import { useCardSpeech } from '../../../lib/use-card-speech.ts';
import { loadMessageFont } from '../../../lib/card-fonts.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { prefersLightweight } from '../../../lib/device.ts';
import { recordCardActivity } from '../api/record-card-activity.ts';
import { useCardLanguage } from '../hooks/use-card-language.ts';
import type { FaceUnavailable } from '../hooks/use-face-opening.ts';
import { FaceOpeningPanel } from './face-opening-panel.tsx';
import { MakeYourOwnInvite } from './make-your-own-invite.tsx';
import { wordingOf } from '../../../../shared/invitations/invitation-wording.ts';
import { addressFormOf } from '../../../../shared/cards/address-form.ts';

/** Face opening's course: not chosen, looking at the camera, just matched ("It's you!"), and the card opened. */
type FaceStep = 'off' | 'camera' | 'matched' | 'opened';
/** How long "It's you!" shows before the card opens. */
const MATCHED_PAUSE_MS = 700;

/**
 * The recipient page (DESIGN §1.5): who the card is for and who made it, then the closed cover, fetched
 * before anything else; clicking it opens the card (To, the message in its saved styles, image, video, voice
 * message) as the AI voice greets the recipient (and reads the message when the sender asked), X closes it.
 * When the sender left face opening on and added the recipient's photo, 'Open with your face' offers the
 * other way in (DESIGN §1.6); without a camera it says so and the cover stays. The page is in the card's
 * language, with a switch to the device's, and says the sender will see it was opened; what this device
 * plays is told to the sender (DESIGN §1.7). The media load only once the card is open. An invitation's part
 * (its event, the guest's reply: `invitation`, which the page composes) shows under the card once it has
 * opened, and stays if it is closed again (DESIGN §1.20), as does the reply to the sender (§1.21). A soft
 * invitation to make one follows.
 */
export function RecipientCardView({
  card,
  invitation,
  reply,
  keepsake,
}: {
  card: PublicCard;
  /** The recipient's reply to the sender (DESIGN §1.21), drawn (and its code loaded) once the card is opened. */
  reply?: ReactNode;
  /** "Keep this card" (DESIGN §1.21), shown once the card has been opened: its code loads then. */
  keepsake?: ReactNode;
  /**
   * What the page shows of an invitation, given whether the card has been opened yet: drawn at once, so its
   * code loads while the cover is still closed.
   */
  invitation?: (opened: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<CardMomentState>('closed');
  // What shows under the card (the event, the reply, the keepsake) comes once the cover has swung open, or is
  // closed again, and stays: drawn and loaded with the opening, it would hold back the voice and the swing.
  const [opened, setOpened] = useState(false);
  const onStateChange = useCallback((next: CardMomentState) => {
    setState(next);
    if (next !== 'opening') startTransition(() => setOpened(true));
  }, []);
  // The message's letters arrive while the cover is still closed (unless the visitor is saving data).
  useEffect(() => {
    if (!prefersLightweight()) whenIdle(() => loadMessageFont(card));
  }, [card]);
  const greetingHeard = useCallback(() => recordCardActivity(card.id, 'greeting'), [card.id]);
  const speech = useCardSpeech(card, { onGreetingHeard: greetingHeard });
  const language = useCardLanguage(card.language);
  const [face, setFace] = useState<FaceStep>('off');
  const [faceNotice, setFaceNotice] = useState<FaceUnavailable | null>(null);
  useEffect(() => {
    if (face !== 'matched') return;
    const timer = setTimeout(() => setFace('opened'), MATCHED_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [face]);
  const wording = wordingOf(card);
  // One register for all the page says to the recipient (Russian "ты" or "вы").
  const context = addressFormOf(card);
  const faceShown = (face === 'camera' || face === 'matched') && card.recipientImageUrl;
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-14 sm:px-6 sm:pt-12">
      <header className="mx-auto max-w-md text-center">
        <p className="text-xs font-extrabold tracking-wide text-coral-700 uppercase">
          {t(wording.eyebrow, { context })}
        </p>
        <h1 className="mt-2 text-3xl leading-tight font-black text-balance break-words text-ink sm:text-4xl">
          {t(wording.title, { name: card.recipientName, context })}
        </h1>
        <p className="mt-2 text-base break-words text-muted sm:text-lg">
          {t(wording.byline, { name: card.senderName, context })}
        </p>
        {language.other && (
          <button
            type="button"
            aria-label={t('recipient.readIn', { language: LANGUAGE_NAMES[language.other] })}
            onClick={() => language.show(language.other)}
            data-testid="recipient-language-switch"
            className="mt-3 inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-bold text-plum-700 hover:bg-plum-100/70"
          >
            <Languages aria-hidden="true" className="size-4" />
            <span lang={language.other}>{LANGUAGE_NAMES[language.other]}</span>
          </button>
        )}
      </header>

      <div className="mx-auto mt-8 w-full max-w-sm" data-card-state={state}>
        {faceShown ? (
          <FaceOpeningPanel
            photoUrl={card.recipientImageUrl!}
            form={context}
            onMatched={() => {
              speech.start();
              setFace('matched');
            }}
            onLeave={(unavailable) => {
              setFace('off');
              setFaceNotice(unavailable ?? null);
            }}
          />
        ) : (
          <CardMoment
            key={face}
            card={card}
            speech={speech}
            priority
            onPlay={(media) => recordCardActivity(card.id, media)}
            onStateChange={onStateChange}
            openedByFace={face === 'opened'}
          />
        )}
      </div>

      {!faceShown && state === 'closed' && card.faceOpening && (
        <div className="mx-auto mt-4 flex max-w-sm flex-col items-center gap-2">
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            data-testid="open-with-face"
            onClick={() => {
              // The voice will start when the face matches, long after this tap: let it make sound then.
              speech.prime();
              setFaceNotice(null);
              setFace('camera');
            }}
          >
            <ScanFace aria-hidden="true" className="size-5" />
            {t('recipient.face.open')}
          </Button>
          {faceNotice && (
            <p role="status" className="text-center text-sm text-muted" data-testid="face-opening-notice">
              {t(faceNotice === 'camera' ? 'recipient.face.noCamera' : 'recipient.face.unavailable', {
                context,
              })}
            </p>
          )}
        </div>
      )}

      <p className="mx-auto mt-4 flex max-w-sm items-center justify-center gap-1.5 text-center text-sm text-muted">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        {t('recipient.senderWillKnow', { name: card.senderName })}
      </p>

      {opened && keepsake && <div className="mx-auto mt-8 max-w-sm">{keepsake}</div>}

      {card.invitation && invitation?.(opened)}

      {opened && reply}

      <MakeYourOwnInvite form={context} className="mx-auto mt-12 max-w-md" />
    </div>
  );
}
