import { threadId } from 'node:worker_threads';
import { synthesizeWithEspeak, type EspeakSettings } from './espeak.ts';
import { synthesizeWithFlite, type FliteSettings } from './flite.ts';
import { encodeMp3 } from './mp3-encoder.ts';
import { finishSpeech } from './pcm-audio.ts';

/** Which engine speaks a text, with its settings: chosen on the main thread, carried out here. */
export type SpeechPlan = ({ engine: 'flite' } & FliteSettings) | ({ engine: 'espeak' } & EspeakSettings);

export interface SpeechTask {
  text: string;
  plan: SpeechPlan;
}

export interface SpeechTaskResult {
  mp3: Uint8Array;
  durationMs: number;
  /** The worker thread that did the work, so callers and tests can tell it left the main thread. */
  threadId: number;
}

/**
 * A pool worker (piscina): synthesizes, trims and encodes one text. The engines load on first use and stay
 * loaded for the worker's life; one task at a time per worker, since both engines are synchronous.
 */
export default async function synthesizeSpeech({ text, plan }: SpeechTask): Promise<SpeechTaskResult> {
  const raw =
    plan.engine === 'flite' ? await synthesizeWithFlite(text, plan) : await synthesizeWithEspeak(text, plan);
  const audio = finishSpeech(raw);
  if (audio.samples.length === 0) throw new Error('The speech engine produced no sound for this text');
  const mp3 = await encodeMp3(audio);
  return {
    mp3,
    durationMs: Math.round((audio.samples.length / audio.sampleRate) * 1000),
    threadId,
  };
}
