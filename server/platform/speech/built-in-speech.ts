import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import type { Language } from '../../../shared/i18n/languages.ts';
import { entryPoint, workerFlags } from '../entry-points.ts';
import {
  assertSpeakableText,
  SpeechEngineError,
  type SpeechAudio,
  type SpeechEngine,
  type SpeechRequest,
} from './speech-engine.ts';
import type { SpeechPlan, SpeechTask, SpeechTaskResult } from './speech-worker.ts';
import type { Voice } from '../../../shared/cards/card-rules.ts';

/** Part of every cache key: bump it whenever a voice, a setting, the trimming or the encoding changes. */
export const BUILT_IN_SPEECH_ENGINE_ID = 'built-in-1';

/**
 * The voices (docs/decisions/0012-speech-engines.md): flite's two US voices for English; for Arabic and
 * Russian espeak-ng's 'f5' variant and the Klatt-synthesized 'adam', the variants an English speech
 * recogniser understood best, as a stand-in for how human they sound. All a little slower than the engines'
 * defaults, which suits a greeting.
 */
const ESPEAK_VOICE = { wordsPerMinute: 155, pitch: 50, pitchRange: 55 } as const;
const VOICES: Record<Language, Record<Voice, SpeechPlan>> = {
  en: {
    female: { engine: 'flite', voice: 'slt', durationStretch: 1.05 },
    male: { engine: 'flite', voice: 'rms', durationStretch: 1.05 },
  },
  ar: {
    female: { engine: 'espeak', voice: 'ar+f5', ...ESPEAK_VOICE },
    male: { engine: 'espeak', voice: 'ar+adam', ...ESPEAK_VOICE },
  },
  ru: {
    female: { engine: 'espeak', voice: 'ru+f5', ...ESPEAK_VOICE },
    male: { engine: 'espeak', voice: 'ru+adam', ...ESPEAK_VOICE },
  },
};

/**
 * flite reads Latin letters only, so a name written in Cyrillic or Arabic would go unspoken; English texts with
 * such letters go to espeak-ng, which reads each run of them in its own language. Other scripts stay with
 * flite, which skips them: espeak-ng would spell them out as "Chinese letter, Chinese letter".
 */
const ENGLISH_WITH_OTHER_SCRIPTS: Record<Voice, SpeechPlan> = {
  female: { engine: 'espeak', voice: 'en-us+f5', ...ESPEAK_VOICE },
  male: { engine: 'espeak', voice: 'en-us+adam', ...ESPEAK_VOICE },
};
const CYRILLIC_OR_ARABIC_LETTER = /[\p{sc=Cyrillic}\p{sc=Arabic}]/u;

function planFor({ text, language, voice }: SpeechRequest): SpeechPlan {
  if (language === 'en' && CYRILLIC_OR_ARABIC_LETTER.test(text)) return ENGLISH_WITH_OTHER_SCRIPTS[voice];
  return VOICES[language][voice];
}

export interface BuiltInSpeechOptions {
  /** Worker threads synthesizing at once; by default one core less than the machine has, at most 2. */
  maxThreads?: number;
  /** A worker idle this long (a minute) exits and frees its engines (~80 MB); the next request reloads them. */
  idleTimeoutMs?: number;
  /** A synthesis (queueing included) that takes longer is abandoned and its worker replaced. */
  timeoutMs?: number;
}

export interface BuiltInSpeechEngine extends SpeechEngine {
  /** The pool's state: worker threads alive, tasks completed by them, tasks waiting. */
  stats(): { threads: number; completed: number; queued: number };
  close(): Promise<void>;
}

/** Requests beyond this many waiting are refused at once instead of piling up in memory. */
const MAX_QUEUED = 128;

/**
 * The default engine: offline, installed by `npm install` alone. Synthesis, trimming and MP3 encoding run in a
 * small pool of worker threads, so the event loop never waits on them; the pool (and piscina) load on first use.
 */
export function createBuiltInSpeechEngine(options: BuiltInSpeechOptions = {}): BuiltInSpeechEngine {
  const id = BUILT_IN_SPEECH_ENGINE_ID;
  const timeoutMs = options.timeoutMs ?? 60_000;
  let pool: Piscina<SpeechTask, SpeechTaskResult> | undefined;
  let starting: Promise<Piscina<SpeechTask, SpeechTaskResult>> | undefined;

  const startPool = async () => {
    const { Piscina } = await import('piscina');
    const worker = entryPoint(import.meta.url, './speech-worker.ts');
    return new Piscina<SpeechTask, SpeechTaskResult>({
      filename: worker.href,
      // `node --import tsx` passes its loader on to workers; vitest, which transforms files itself, does not.
      execArgv: workerFlags(worker),
      minThreads: 0,
      maxThreads: options.maxThreads ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
      // A minute, not more: a burst's engines (their WebAssembly memories never shrink) go back soon after it,
      // and the first greeting after a quiet minute pays the reload (0.4–0.8 s) instead.
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      maxQueue: MAX_QUEUED,
      // Below the main thread's priority, so HTTP requests stay quick while voices are made.
      niceIncrement: 5,
    });
  };
  const startedPool = () => {
    starting ??= startPool().then(
      (started) => (pool = started),
      (error: unknown) => {
        starting = undefined;
        throw error;
      },
    );
    return starting;
  };

  return {
    id,

    async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechAudio> {
      signal?.throwIfAborted();
      assertSpeakableText(id, request.text);
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const result = await (
          await startedPool()
        ).run(
          { text: request.text, plan: planFor(request) },
          { signal: signal ? AbortSignal.any([signal, timeout]) : timeout },
        );
        return { data: Buffer.from(result.mp3), contentType: 'audio/mpeg', durationMs: result.durationMs };
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new SpeechEngineError(id, `no audio after ${timeoutMs / 1000} s`);
        throw new SpeechEngineError(id, error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
    },

    stats() {
      return {
        threads: pool?.threads.length ?? 0,
        completed: pool?.completed ?? 0,
        queued: pool?.queueSize ?? 0,
      };
    },

    async close() {
      const closing = starting;
      starting = undefined;
      const closed = await closing?.catch(() => undefined);
      if (pool === closed) pool = undefined;
      await closed?.destroy();
    },
  };
}
