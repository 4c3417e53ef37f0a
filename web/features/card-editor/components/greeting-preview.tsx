import type { AddressForm } from '../../../../shared/cards/address-form.ts';
import { Square, Volume2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { textDirection, type Language } from '../../../../shared/i18n/languages.ts';
import type { GreetingPreviewResponse } from '../../../../shared/voice/voice.contract.ts';
import { Button } from '../../../components/button.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { refusalMessageKey } from '../../../../shared/text/names.ts';
import { fetchGreetingPreview } from '../api/greeting-preview-api.ts';
import type { Voice } from '../../../../shared/cards/card-rules.ts';

type PreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** Playing the greeting of these values of the fields (`key`): once they change, it no longer plays. */
  | { status: 'playing'; key: string }
  | { status: 'error'; errorKey: string };

/**
 * 'Hear it' beside the AI voice (DESIGN §1.13): the greeting the recipient will hear, in the chosen voice and
 * the card's language, before anything is paid. The server makes it once for the same words; a change of the
 * names, voice, language or register asks for the new greeting on the next press. The words show as captions while it
 * plays.
 */
export function GreetingPreview({
  recipientName,
  senderName,
  voice,
  language,
  form,
}: {
  recipientName: string;
  senderName: string;
  voice: Voice | null;
  language: Language;
  /** The card's register, which its message and kind give. */
  form: AddressForm;
}) {
  const { t } = useTranslation();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const [greeting, setGreeting] = useState<(GreetingPreviewResponse & { key: string }) | null>(null);
  const recipient = recipientName.trim();
  const sender = senderName.trim();
  const ready = recipient !== '' && sender !== '' && voice !== null;
  const key = JSON.stringify([recipient, sender, voice, language, form]);
  const current = greeting?.key === key ? greeting : null;
  const playing = state.status === 'playing' && state.key === key;

  // What plays must be what the fields say: a change stops the greeting of the old names.
  useEffect(() => audioRef.current?.pause(), [key]);

  const play = async () => {
    if (!ready) return;
    if (playing) {
      audioRef.current?.pause();
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading' });
    try {
      const heard =
        current ??
        (await fetchGreetingPreview({ recipientName: recipient, senderName: sender, voice, language, form }));
      setGreeting({ ...heard, key });
      const audio = audioRef.current!;
      if (audio.getAttribute('src') !== heard.audioUrl) audio.src = heard.audioUrl;
      audio.currentTime = 0;
      await audio.play();
      setState({ status: 'playing', key });
    } catch (error) {
      // The contract refuses names it would not save before anything is sent.
      setState({ status: 'error', errorKey: refusalMessageKey(error) ?? errorMessageKey(error) });
    }
  };

  return (
    <div className="mt-2 flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={!ready}
          pending={state.status === 'loading'}
          aria-pressed={playing}
          onClick={() => void play()}
          data-testid="hear-greeting"
        >
          {playing ? (
            <Square aria-hidden="true" className="size-4" />
          ) : (
            state.status !== 'loading' && <Volume2 aria-hidden="true" className="size-4" />
          )}
          {state.status === 'loading'
            ? t('editor.hearIt.loading')
            : playing
              ? t('editor.hearIt.stop')
              : t('editor.hearIt.play')}
        </Button>
        {!ready && <span className="text-xs text-muted">{t('editor.hearIt.needs')}</span>}
      </div>
      {playing && current && (
        <p
          dir={textDirection(language)}
          lang={language}
          className="rounded-2xl bg-plum-50 px-3 py-2 text-start text-sm font-semibold text-plum-900"
          data-testid="greeting-caption"
        >
          {current.text}
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {t(state.errorKey)}
        </p>
      )}
      <audio
        ref={audioRef}
        preload="none"
        data-testid="greeting-audio"
        onEnded={() => setState({ status: 'idle' })}
        onError={() =>
          setState((previous) => (previous.status === 'playing' ? { status: 'idle' } : previous))
        }
      />
    </div>
  );
}
