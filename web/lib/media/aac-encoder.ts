import { Quality, canEncodeAudio } from 'mediabunny';

let aacEncoderReady: Promise<void> | null = null;

/**
 * Makes AAC encodable (DESIGN §4): registers mediabunny's wasm AAC encoder once, and only for a browser without
 * its own (Chromium on Linux); the wasm module loads only then.
 */
export function ensureAacEncoder(bitrate: number): Promise<void> {
  aacEncoderReady ??= (async () => {
    const native = await canEncodeAudio('aac', {
      numberOfChannels: 2,
      sampleRate: 48_000,
      quality: new Quality({ bitrate }),
    });
    if (native) return;
    const { registerAacEncoder } = await import('@mediabunny/aac-encoder');
    registerAacEncoder();
  })().catch((error: unknown) => {
    aacEncoderReady = null;
    throw error;
  });
  return aacEncoderReady;
}
