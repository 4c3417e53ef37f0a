import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicCard } from '../../shared/cards/cards.contract.ts';
import { addressFormOf } from '../../shared/cards/address-form.ts';
import { greetingText } from '../../shared/voice/greeting.ts';

export type CardSpeechCard = Pick<
  PublicCard,
  | 'greetingAudioUrl'
  | 'messageAudioUrl'
  | 'language'
  | 'recipientName'
  | 'senderName'
  | 'message'
  | 'invitation'
>;

export interface CardSpeech {
  /** Starts the greeting, then the message when the sender had it read: call it from the opening tap. */
  start: () => void;
  /**
   * Lets a `start` that comes later, without a tap of its own (the card opened by the recipient's face), make
   * sound: call it from the tap that began the wait. Some browsers (Safari) play sound only on an element
   * first played during a tap, so it plays the greeting silently there and rewinds it.
   */
  prime: () => void;
  stop: () => void;
  muted: boolean;
  toggleMute: () => void;
  /** What is being said: the greeting's words while it plays (captions), else null. */
  caption: string | null;
  /** Whether the card has anything to say. */
  hasVoice: boolean;
}

/**
 * The AI voice of an opened card (DESIGN §1.13): the greeting, then — when the sender asked for it — the
 * message read aloud. The first clip loads with the page; browsers play sound only after a tap, so `start`
 * belongs in the opening tap's handler, and plays the element there. The mute switch stays as set for the whole visit.
 */
/**
 * Puts `url` at the start in the element; a clip it already holds is kept, so a preloaded one plays at once.
 * It is rewound only if it has played: a seek drops what the element has ready and delays the sound until
 * the seek is done, even to where it already stands.
 */
function cue(audio: HTMLAudioElement, url: string) {
  if (audio.src !== new URL(url, document.baseURI).href) audio.src = url;
  else if (audio.currentTime !== 0) audio.currentTime = 0;
}

export function useCardSpeech(
  card: CardSpeechCard | undefined,
  options: { onGreetingHeard?: () => void } = {},
): CardSpeech {
  const { onGreetingHeard } = options;
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [speaking, setSpeaking] = useState<'greeting' | 'message' | null>(null);
  const [muted, setMuted] = useState(false);
  const startedRef = useRef(false);

  const stop = useCallback(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.onended = null;
      audio.pause();
    }
    setSpeaking(null);
  }, []);

  useEffect(() => stop, [stop]);

  // The voice loads with the cover, before the media (DESIGN §1.5): the tap then plays it without a wait.
  const firstClip = card?.greetingAudioUrl ?? card?.messageAudioUrl ?? null;
  useEffect(() => {
    if (!firstClip || startedRef.current) return;
    const audio = (audioRef.current ??= new Audio());
    audio.preload = 'auto';
    cue(audio, firstClip);
  }, [firstClip]);

  const start = useCallback(() => {
    if (!card) return;
    const clips = [
      { part: 'greeting' as const, url: card.greetingAudioUrl },
      { part: 'message' as const, url: card.messageAudioUrl },
    ].filter((clip): clip is { part: 'greeting' | 'message'; url: string } => clip.url !== null);
    if (clips.length === 0) return;
    startedRef.current = true;
    const audio = (audioRef.current ??= new Audio());
    audio.muted = muted;
    const play = (index: number) => {
      const clip = clips[index];
      if (!clip) {
        audio.onended = null;
        setSpeaking(null);
        return;
      }
      audio.onended = () => {
        if (clip.part === 'greeting') onGreetingHeard?.();
        play(index + 1);
      };
      cue(audio, clip.url);
      setSpeaking(clip.part);
      // A refused or failed play (no sound device, the clip not ready) leaves the card silent, never stuck.
      audio.play().catch(() => setSpeaking(null));
    };
    play(0);
  }, [card, muted, onGreetingHeard]);

  const prime = useCallback(() => {
    const url = card?.greetingAudioUrl ?? card?.messageAudioUrl;
    if (!url || startedRef.current) return;
    const audio = (audioRef.current ??= new Audio());
    cue(audio, url);
    audio.muted = true;
    audio
      .play()
      .then(() => {
        if (startedRef.current) return;
        audio.pause();
        audio.currentTime = 0;
      })
      .catch(() => undefined);
  }, [card]);

  const toggleMute = useCallback(() => {
    setMuted((current) => {
      if (audioRef.current) audioRef.current.muted = !current;
      return !current;
    });
  }, []);

  return {
    start,
    prime,
    stop,
    muted,
    toggleMute,
    caption:
      card && speaking === 'greeting'
        ? greetingText(card.language, card.recipientName, card.senderName, addressFormOf(card))
        : null,
    hasVoice: Boolean(card && (card.greetingAudioUrl || card.messageAudioUrl)),
  };
}
