import type { Language } from '../../../shared/i18n/languages.ts';
import type { Voice } from '../../../shared/cards/card-rules.ts';

/** What to say, in which language and which of the card's voices. */
export interface SpeechRequest {
  text: string;
  language: Language;
  voice: Voice;
}

/** Compressed audio, ready to store and serve as it is. */
export interface SpeechAudio {
  data: Buffer;
  /** 'audio/mpeg' from every engine so far. */
  contentType: string;
  /** Playing time, when the engine knows it (the built-in one does): for captions and stored metadata. */
  durationMs?: number;
}

/**
 * Turns text into speech (DESIGN §1.13). The caller builds the text, caches by text + voice + language +
 * `id`, and chooses what to do when an engine fails; an engine never falls back to another by itself.
 */
export interface SpeechEngine {
  /** Stable id that is part of the cache key, e.g. 'built-in-1'; it changes whenever the output would. */
  readonly id: string;
  /**
   * Rejects with a {@link SpeechEngineError} when the engine cannot speak the text, and with the signal's
   * reason (an AbortError unless the caller gave another) when `signal` aborts first.
   */
  synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechAudio>;
  /** Stops worker threads or connections when the app closes. */
  close?(): Promise<void>;
}

/** The longest text an engine accepts: OpenAI's limit for one request, and far above a greeting plus message. */
export const SPEECH_TEXT_MAX_LENGTH = 4096;

/** An engine failed (bad answer, timeout, nothing audible); the caller may try another engine. */
export class SpeechEngineError extends Error {
  override name = 'SpeechEngineError';

  constructor(
    readonly engineId: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`${engineId}: ${message}`, options);
  }
}

/** Refuses texts no engine should be sent: empty, or longer than {@link SPEECH_TEXT_MAX_LENGTH}. */
export function assertSpeakableText(engineId: string, text: string): void {
  if (!text.trim()) throw new SpeechEngineError(engineId, 'there is no text to speak');
  if (text.length > SPEECH_TEXT_MAX_LENGTH) {
    throw new SpeechEngineError(
      engineId,
      `the text is ${text.length} characters long, more than ${SPEECH_TEXT_MAX_LENGTH}`,
    );
  }
}
