/** Mono audio as floating-point samples in [-1, 1]. */
export interface PcmAudio {
  samples: Float32Array;
  sampleRate: number;
}

/** Reads a RIFF/WAVE file of 16-bit PCM (what flite writes); several channels are mixed down to one. */
export function parseWav(bytes: Uint8Array): PcmAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('Not a WAVE file');

  let channels = 0;
  let sampleRate = 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = view.getUint16(body, true);
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      const bitsPerSample = view.getUint16(body + 14, true);
      if (format !== 1 || bitsPerSample !== 16 || channels < 1) {
        throw new Error(`Unsupported WAVE format ${format}, ${bitsPerSample} bits, ${channels} channels`);
      }
    } else if (id === 'data') {
      if (!channels) throw new Error('WAVE data before its format');
      const frames = Math.floor(Math.min(size, bytes.length - body) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let frame = 0; frame < frames; frame++) {
        let sum = 0;
        for (let channel = 0; channel < channels; channel++) {
          sum += view.getInt16(body + (frame * channels + channel) * 2, true);
        }
        samples[frame] = sum / channels / 32768;
      }
      return { samples, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAVE file without data');
}

/** Joins 16-bit chunks (what espeak-ng hands over while it synthesizes) into one float signal. */
export function int16ChunksToPcm(chunks: readonly Int16Array[], sampleRate: number): PcmAudio {
  const samples = new Float32Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    for (let index = 0; index < chunk.length; index++) samples[offset + index] = chunk[index]! / 32768;
    offset += chunk.length;
  }
  return { samples, sampleRate };
}

export interface SpeechFinish {
  /** Audio whose loudest 10 ms window stays below this (dBFS) has no sound in it, only the engine's hiss. */
  soundFloorDb: number;
  /** A 10 ms window quieter than this, relative to the loudest window, counts as silence. */
  silenceDb: number;
  /** Silence kept before the first and after the last sound, so nothing starts or ends abruptly. */
  leadMs: number;
  tailMs: number;
  /** Linear fades at both ends over this long, so the cut makes no click. */
  fadeMs: number;
  /** Loudness the result is brought to (RMS of the voiced part), bounded by the peak limit. */
  targetRmsDb: number;
  peakDb: number;
}

/** Settings that suit a short spoken greeting played on a phone. */
export const SPEECH_FINISH: SpeechFinish = {
  soundFloorDb: -40,
  silenceDb: -40,
  leadMs: 60,
  tailMs: 200,
  fadeMs: 8,
  targetRmsDb: -19,
  peakDb: -1,
};

const decibelsToGain = (db: number) => 10 ** (db / 20);

/**
 * Trims the engines' leading and trailing silence, fades the edges and evens out the loudness, so every voice
 * and engine plays at about the same level. Audio without any sound comes back empty.
 */
export function finishSpeech(audio: PcmAudio, finish: SpeechFinish = SPEECH_FINISH): PcmAudio {
  const { samples, sampleRate } = audio;
  const window = Math.max(1, Math.round(sampleRate / 100));
  const windows = Math.ceil(samples.length / window);
  const energies = new Float64Array(windows);
  for (let index = 0; index < windows; index++) {
    let sum = 0;
    const end = Math.min(samples.length, (index + 1) * window);
    for (let position = index * window; position < end; position++) sum += samples[position]! ** 2;
    energies[index] = sum / (end - index * window);
  }
  const loudest = energies.reduce((max, energy) => Math.max(max, energy), 0);
  if (loudest < decibelsToGain(finish.soundFloorDb) ** 2) return { samples: new Float32Array(0), sampleRate };

  const threshold = loudest * decibelsToGain(finish.silenceDb) ** 2;
  const first = energies.findIndex((energy) => energy > threshold);
  const last = windows - 1 - [...energies].reverse().findIndex((energy) => energy > threshold);
  const start = Math.max(0, first * window - Math.round((finish.leadMs * sampleRate) / 1000));
  const end = Math.min(samples.length, (last + 1) * window + Math.round((finish.tailMs * sampleRate) / 1000));
  const trimmed = samples.slice(start, end);

  let voicedEnergy = 0;
  let voicedWindows = 0;
  let peak = 0;
  for (let index = first; index <= last; index++) {
    if (energies[index]! > threshold) {
      voicedEnergy += energies[index]!;
      voicedWindows++;
    }
  }
  for (const sample of trimmed) peak = Math.max(peak, Math.abs(sample));
  const rms = Math.sqrt(voicedEnergy / voicedWindows);
  const gain = Math.min(decibelsToGain(finish.targetRmsDb) / rms, decibelsToGain(finish.peakDb) / peak);

  const fade = Math.min(Math.round((finish.fadeMs * sampleRate) / 1000), Math.floor(trimmed.length / 2));
  for (let index = 0; index < trimmed.length; index++) {
    const edge = Math.min(index, trimmed.length - 1 - index);
    trimmed[index] = trimmed[index]! * gain * (edge < fade ? edge / fade : 1);
  }
  return { samples: trimmed, sampleRate };
}
