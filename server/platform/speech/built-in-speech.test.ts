import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/languages.ts';
import { BUILT_IN_SPEECH_ENGINE_ID, createBuiltInSpeechEngine } from './built-in-speech.ts';
import { SPEECH_TEXT_MAX_LENGTH, SpeechEngineError } from './speech-engine.ts';
import type { Voice } from '../../../shared/cards/card-rules.ts';

const GREETINGS: Record<Language, string> = {
  en: 'Hi Alex, Sam made something for you',
  ar: 'مرحبا يا ليلى، سامي صنع لك شيئا مميزا',
  ru: 'Привет, Аня! Саша сделал для тебя кое-что особенное',
};

const decoder = new MPEGDecoder();

/** Decodes with libmpg123 (another implementation than the encoder's), so "decodable" means what it says. */
async function decode(mp3: Buffer): Promise<{ samples: Float32Array; sampleRate: number; seconds: number }> {
  await decoder.reset();
  const decoded = decoder.decode(new Uint8Array(mp3));
  expect(decoded.errors).toEqual([]);
  const samples = decoded.channelData[0]!;
  return { samples, sampleRate: decoded.sampleRate, seconds: samples.length / decoded.sampleRate };
}

const LAYER3_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as const;

/** Walks the MPEG audio frames: every frame must be layer III, mono, and its bitrate is read from its header. */
function frameHeaders(mp3: Buffer): { kbps: number; mono: boolean }[] {
  const frames: { kbps: number; mono: boolean }[] = [];
  let offset = 0;
  while (offset + 4 <= mp3.length) {
    const header = mp3.readUInt32BE(offset);
    expect(header >>> 21, `frame sync at byte ${offset}`).toBe(0x7ff);
    const version = (header >>> 19) & 3;
    expect((header >>> 17) & 3, 'layer III').toBe(1);
    const kbps = (version === 3 ? LAYER3_KBPS.mpeg1 : LAYER3_KBPS.mpeg2)[(header >>> 12) & 15]!;
    const sampleRate = SAMPLE_RATES[version as 0 | 2 | 3][(header >>> 10) & 3]!;
    const padding = (header >>> 9) & 1;
    frames.push({ kbps, mono: ((header >>> 6) & 3) === 3 });
    offset += Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / sampleRate) + padding;
  }
  return frames;
}

function rmsDb(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return 10 * Math.log10(sum / samples.length);
}

/** Median pitch of the loud, clearly periodic 40 ms windows, by normalised autocorrelation (60–400 Hz). */
function medianPitchHz(samples: Float32Array, sampleRate: number): number {
  const size = Math.round(sampleRate * 0.04);
  const hop = Math.round(sampleRate * 0.01);
  const energy = (start: number) => {
    let sum = 0;
    for (let index = start; index < start + size; index++) sum += samples[index]! ** 2;
    return sum;
  };
  let loudest = 0;
  for (let start = 0; start + size < samples.length; start += hop) loudest = Math.max(loudest, energy(start));

  const pitches: number[] = [];
  for (let start = 0; start + size < samples.length; start += hop) {
    if (energy(start) < loudest * 0.05) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.floor(sampleRate / 400); lag <= Math.floor(sampleRate / 60); lag++) {
      let product = 0;
      let first = 0;
      let second = 0;
      for (let index = start; index + lag < start + size; index++) {
        product += samples[index]! * samples[index + lag]!;
        first += samples[index]! ** 2;
        second += samples[index + lag]! ** 2;
      }
      const correlation = product / Math.sqrt(first * second + 1e-12);
      if (correlation > best) [best, bestLag] = [correlation, lag];
    }
    if (best > 0.6) pitches.push(sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

describe('built-in speech engine', () => {
  const engine = createBuiltInSpeechEngine({ maxThreads: 2 });

  beforeAll(async () => {
    await decoder.ready;
  });

  afterAll(async () => {
    await engine.close();
    decoder.free();
  });

  it('has a versioned id for the cache key', () => {
    expect(engine.id).toBe(BUILT_IN_SPEECH_ENGINE_ID);
    expect(engine.id).toMatch(/^built-in-\d+$/);
  });

  for (const language of ['en', 'ar', 'ru'] as const) {
    it(`speaks a ${language} greeting in a female and a male voice, as small mono MP3`, async () => {
      const [female, male] = await Promise.all(
        (['female', 'male'] as Voice[]).map((voice) =>
          engine.synthesize({ text: GREETINGS[language], language, voice }),
        ),
      );

      const pitches: Record<string, number> = {};
      for (const [voice, audio] of Object.entries({ female, male })) {
        expect(audio!.contentType).toBe('audio/mpeg');
        const frames = frameHeaders(audio!.data);
        expect(frames.length).toBeGreaterThan(10);
        expect(frames.every((frame) => frame.mono && frame.kbps <= 48)).toBe(true);

        const { samples, sampleRate, seconds } = await decode(audio!.data);
        expect(seconds).toBeGreaterThan(1);
        expect(seconds).toBeLessThan(8);
        expect((audio!.data.length * 8) / seconds / 1000).toBeLessThanOrEqual(48.5);
        expect(Math.abs(audio!.durationMs! / 1000 - seconds)).toBeLessThan(0.15);
        expect(rmsDb(samples)).toBeGreaterThan(-30);
        pitches[voice] = medianPitchHz(samples, sampleRate);
      }

      expect(pitches.female).toBeGreaterThan(150);
      expect(pitches.male).toBeGreaterThan(60);
      expect(pitches.male).toBeLessThan(140);
      expect(pitches.female).toBeGreaterThan(pitches.male! * 1.4);
    });
  }

  it('runs 8 requests at once in worker threads while the event loop keeps ticking', async () => {
    const requests = Array.from({ length: 8 }, (_, index) => {
      const language = (['en', 'ar', 'ru'] as const)[index % 3]!;
      return {
        text: `${GREETINGS[language]} ${index}`,
        language,
        voice: index % 2 ? 'male' : 'female',
      } as const;
    });
    const completedBefore = engine.stats().completed;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();

    const results = await Promise.all(requests.map((request) => engine.synthesize(request)));
    const elapsedMs = performance.now() - started;
    clearInterval(timer);

    for (const audio of results) expect((await decode(audio.data)).seconds).toBeGreaterThan(1);
    const stats = engine.stats();
    expect(stats.completed - completedBefore).toBe(8);
    expect(stats.threads).toBeGreaterThanOrEqual(1);
    expect(stats.threads).toBeLessThanOrEqual(2);
    // Synthesis on the main thread would block it for the whole run; here it stays free to tick.
    expect(elapsedMs).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan((elapsedMs / 10) * 0.5);
  });

  it('says a name written in another script, neither skipping it nor spelling it out', async () => {
    const seconds = async (text: string) =>
      (await decode((await engine.synthesize({ text, language: 'en', voice: 'female' })).data)).seconds;
    const withoutNames = await seconds('Hi , made something for you');
    for (const text of ['Hi Аня, Саша made something for you', 'Hi ليلى, سامي made something for you']) {
      const withNames = await seconds(text);
      expect(withNames).toBeGreaterThan(withoutNames + 0.4);
      // Letter by letter ("Arabic letter lam, …") takes several seconds more.
      expect(withNames).toBeLessThan(withoutNames + 2);
    }
  });

  it('reads markup in the text as text, never as speech instructions', async () => {
    const text = 'Привет, <break time="10s"/> Аня';
    const audio = await engine.synthesize({ text, language: 'ru', voice: 'female' });
    expect((await decode(audio.data)).seconds).toBeLessThan(6);
  });

  it('refuses empty, too long and soundless texts', async () => {
    for (const text of ['  ', 'a'.repeat(SPEECH_TEXT_MAX_LENGTH + 1), '…']) {
      await expect(engine.synthesize({ text, language: 'en', voice: 'male' })).rejects.toBeInstanceOf(
        SpeechEngineError,
      );
    }
  });

  it('rejects with the abort reason when the caller gives up', async () => {
    const request = { text: GREETINGS.ru, language: 'ru', voice: 'male' } as const;
    await expect(engine.synthesize(request, AbortSignal.abort())).rejects.toMatchObject({
      name: 'AbortError',
    });

    const controller = new AbortController();
    const synthesis = engine.synthesize(
      { ...request, text: GREETINGS.en.repeat(20), language: 'en' },
      controller.signal,
    );
    controller.abort();
    await expect(synthesis).rejects.toMatchObject({ name: 'AbortError' });
    // The pool is still usable afterwards.
    expect((await engine.synthesize(request)).data.length).toBeGreaterThan(1000);
  });

  it('lets an idle worker go, with its engines, and starts another for the next request', async () => {
    const idling = createBuiltInSpeechEngine({ idleTimeoutMs: 200 });
    try {
      const request = { text: GREETINGS.ar, language: 'ar', voice: 'female' } as const;
      await idling.synthesize(request);
      expect(idling.stats().threads).toBe(1);
      await expect.poll(() => idling.stats().threads, { timeout: 10_000 }).toBe(0);
      expect((await decode((await idling.synthesize(request)).data)).seconds).toBeGreaterThan(1);
    } finally {
      await idling.close();
    }
  });
});
