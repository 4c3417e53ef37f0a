import { Eye, Languages } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicCard } from '../../../../shared/cards/cards.contract.ts';
import { LANGUAGE_NAMES } from '../../../../shared/i18n/languages.ts';
import { CardMoment, type CardMomentState } from '../../../components/card-view.tsx';
import { useCardSpeech } from '../../../lib/use-card-speech.ts';
import { recordCardActivity } from '../api/record-card-activity.ts';
import { useCardLanguage } from '../hooks/use-card-language.ts';
import { MakeYourOwnInvite } from './make-your-own-invite.tsx';

/**
 * The recipient page (DESIGN §1.5): who the card is for and who made it, then the closed cover, fetched
 * before anything else; clicking it opens the card (To, the message in its saved styles, image, video, voice
 * message) as the AI voice greets the recipient (and reads the message when the sender asked), X closes it.
 * The page is in the card's language, with a switch to the device's, and says the sender will see it was
 * opened; what this device plays is told to the sender (DESIGN §1.7). The media load only once the card is open. A soft invitation follows.
 */
export function RecipientCardView({ card }: { card: PublicCard }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CardMomentState>('closed');
  const greetingHeard = useCallback(() => recordCardActivity(card.id, 'greeting'), [card.id]);
  const speech = useCardSpeech(card, { onGreetingHeard: greetingHeard });
  const language = useCardLanguage(card.language);
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-14 sm:px-6 sm:pt-12">
      <header className="mx-auto max-w-md text-center">
        <p className="text-xs font-extrabold tracking-wide text-coral-700 uppercase">
          {t('recipient.eyebrow')}
        </p>
        <h1 className="mt-2 text-3xl leading-tight font-black text-balance break-words text-ink sm:text-4xl">
          {t('recipient.title', { name: card.recipientName })}
        </h1>
        <p className="mt-2 text-base break-words text-muted sm:text-lg">
          {t('recipient.fromSender', { name: card.senderName })}
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
        <CardMoment
          card={card}
          speech={speech}
          priority
          onPlay={(media) => recordCardActivity(card.id, media)}
          onStateChange={setState}
        />
      </div>

      <p className="mx-auto mt-4 flex max-w-sm items-center justify-center gap-1.5 text-center text-sm text-muted">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        {t('recipient.senderWillKnow', { name: card.senderName })}
      </p>

      <MakeYourOwnInvite className="mx-auto mt-12 max-w-md" />
    </div>
  );
}
