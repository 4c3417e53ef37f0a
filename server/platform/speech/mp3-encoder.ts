import type { WasmMediaEncoder } from 'wasm-media-encoders';
import type { PcmAudio } from './pcm-audio.ts';

/**
 * Constant 48 kbps, mono: speech at the engines' 16 or 22.05 kHz is clean at this rate (both are MPEG-2
 * layer III sample rates, so nothing is resampled), and a greeting of a few seconds stays around 20 KB.
 */
export const MP3_BITRATE_KBPS = 48;

let encoder: Promise<WasmMediaEncoder<'audio/mpeg'>> | undefined;

/** The LAME encoder (wasm-media-encoders, MIT; LAME itself is LGPL) is loaded once per thread and reused. */
function loadEncoder(): Promise<WasmMediaEncoder<'audio/mpeg'>> {
  encoder ??= import('wasm-media-encoders').then(({ createMp3Encoder }) => createMp3Encoder());
  encoder.catch(() => (encoder = undefined));
  return encoder;
}

const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type Mp3SampleRate = (typeof MP3_SAMPLE_RATES)[number];

/** Encodes mono audio as a constant-bitrate MP3 at its own sample rate, which must be an MPEG one. */
export async function encodeMp3(audio: PcmAudio): Promise<Buffer> {
  if (!(MP3_SAMPLE_RATES as readonly number[]).includes(audio.sampleRate)) {
    throw new RangeError(`MP3 cannot carry a ${audio.sampleRate} Hz sample rate`);
  }
  const mp3 = await loadEncoder();
  mp3.configure({
    sampleRate: audio.sampleRate,
    channels: 1,
    bitrate: MP3_BITRATE_KBPS,
    outputSampleRate: audio.sampleRate as Mp3SampleRate,
  });
  // The encoder's output views its own memory and is overwritten by the next call: copy each part.
  const parts = [Buffer.from(mp3.encode([audio.samples])), Buffer.from(mp3.finalize())];
  return Buffer.concat(parts);
}
