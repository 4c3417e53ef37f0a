import type { EspeakWorker } from '@echogarden/espeak-ng-emscripten';
import { int16ChunksToPcm, type PcmAudio } from './pcm-audio.ts';

/**
 * Speech with espeak-ng (GPL-3.0-or-later), compiled to WebAssembly by the Echogarden project
 * (`@echogarden/espeak-ng-emscripten`, its 24 MB of voice data included), used unmodified from npm and kept
 * in this module alone so it can be swapped out. A formant synthesizer: every language, small and fast, and
 * audibly synthetic.
 */
export interface EspeakSettings {
  /** A language voice with an optional variant, e.g. `ru+m3` or `ar+f3`. */
  voice: string;
  /** Words per minute; espeak-ng's default is 175. */
  wordsPerMinute: number;
  /** Base pitch and intonation range, 0–100; espeak-ng's defaults are 50 and 50. */
  pitch: number;
  pitchRange: number;
}

let instance: Promise<EspeakWorker> | undefined;

/** Loading the data (24 MB) takes a few hundred milliseconds and is done once per thread. */
function loadEspeak(): Promise<EspeakWorker> {
  instance ??= import('@echogarden/espeak-ng-emscripten').then(
    async ({ default: initialize }) => new (await initialize()).eSpeakNGWorker(),
  );
  instance.catch(() => (instance = undefined));
  return instance;
}

/** espeak-ng reads its input as SSML: text from people must never become markup. */
function escapeSsml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!,
  );
}

/**
 * A name in another script inside a sentence (a Russian name on an Arabic card) is read by that script's
 * language instead of being spelled out letter by letter; the voice variant, and so the gender, carries over.
 * Latin words need nothing: espeak-ng reads them as English by itself.
 */
const SCRIPT_LANGUAGES = [
  { language: 'ru', run: /\p{scx=Cyrillic}+(?:[\s'’-]+\p{scx=Cyrillic}+)*/gu },
  { language: 'ar', run: /\p{scx=Arabic}+(?:[\s'’-]+\p{scx=Arabic}+)*/gu },
];

function toSsml(text: string, voice: string): string {
  const ownLanguage = voice.split(/[+-]/)[0];
  return SCRIPT_LANGUAGES.reduce(
    (ssml, { language, run }) =>
      language === ownLanguage
        ? ssml
        : ssml.replace(run, (words) => `<voice xml:lang="${language}">${words}</voice>`),
    escapeSsml(text),
  );
}

/** Speaks plain text; calls on one thread run one after another (the synthesis itself is synchronous). */
export async function synthesizeWithEspeak(text: string, settings: EspeakSettings): Promise<PcmAudio> {
  const espeak = await loadEspeak();
  if (espeak.set_voice(settings.voice) !== 0) throw new Error(`espeak-ng has no voice ${settings.voice}`);
  espeak.set_rate(settings.wordsPerMinute);
  espeak.set_pitch(settings.pitch);
  espeak.set_range(settings.pitchRange);

  const chunks: Int16Array[] = [];
  espeak.synthesize(toSsml(text, settings.voice), (samples) => {
    if (samples?.length) chunks.push(samples);
    return false;
  });
  return int16ChunksToPcm(chunks, espeak.samplerate);
}
