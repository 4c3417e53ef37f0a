import { describe, expect, it } from 'vitest';
import { MB, VIDEO_MAX_BYTES } from './card-media.ts';
import {
  VIDEO_COMPRESSION_SETTINGS,
  VideoCompressionError,
  classifyCompressionError,
  compressedVideoFileName,
  compressionRatio,
  decideVideoCompression,
  errorReason,
  fitVideoDimensions,
  isAbortError,
  isVideoTooLarge,
  targetVideoBitrate,
  toVideoCompressionError,
} from './video-compression.ts';

const HD = { width: 1280, height: 720 };
const FULL_HD = { width: 1920, height: 1080 };

describe('decideVideoCompression (SPEC §5)', () => {
  it('never compresses 5 MB or less, whatever the resolution or metadata', () => {
    for (const size of [0, 1, 5 * MB - 1, 5 * MB]) {
      expect(decideVideoCompression({ size, ...FULL_HD }), String(size)).toBe('skip');
      expect(decideVideoCompression({ size, width: null, height: null }), String(size)).toBe('skip');
    }
  });

  it('between 5 and 10 MB compresses only above 1280×720', () => {
    for (const size of [5 * MB + 1, 7 * MB, 10 * MB]) {
      expect(decideVideoCompression({ size, ...HD }), String(size)).toBe('skip');
      expect(decideVideoCompression({ size, width: 640, height: 360 }), String(size)).toBe('skip');
      expect(decideVideoCompression({ size, width: 1281, height: 720 }), String(size)).toBe('compress');
      expect(decideVideoCompression({ size, width: 1280, height: 721 }), String(size)).toBe('compress');
      expect(decideVideoCompression({ size, ...FULL_HD }), String(size)).toBe('compress');
    }
  });

  it('takes the threshold literally for portrait video: taller than 720 is compressed', () => {
    expect(decideVideoCompression({ size: 6 * MB, width: 720, height: 1280 })).toBe('compress');
  });

  it('between 5 and 10 MB compresses when the metadata could not be read', () => {
    const size = 8 * MB;
    expect(decideVideoCompression({ size })).toBe('compress');
    expect(decideVideoCompression({ size, width: null, height: null })).toBe('compress');
    expect(decideVideoCompression({ size, width: 1280, height: null })).toBe('compress');
    expect(decideVideoCompression({ size, width: undefined, height: 720 })).toBe('compress');
    expect(decideVideoCompression({ size, width: 0, height: 0 })).toBe('compress');
    expect(decideVideoCompression({ size, width: Number.NaN, height: 720 })).toBe('compress');
  });

  it('always compresses over 10 MB, even small or unreadable video', () => {
    expect(decideVideoCompression({ size: 10 * MB + 1, width: 320, height: 240 })).toBe('compress');
    expect(decideVideoCompression({ size: 10 * MB + 1, ...HD })).toBe('compress');
    expect(decideVideoCompression({ size: 25 * MB })).toBe('compress');
  });
});

describe('isVideoTooLarge (SPEC §5/§9: 30 MB = 31457280 bytes)', () => {
  it('accepts exactly 30 MB and refuses one byte more', () => {
    expect(VIDEO_MAX_BYTES).toBe(31_457_280);
    expect(isVideoTooLarge(30 * MB - 1)).toBe(false);
    expect(isVideoTooLarge(30 * MB)).toBe(false);
    expect(isVideoTooLarge(30 * MB + 1)).toBe(true);
  });
});

describe('compression settings (SPEC §9)', () => {
  it('pins the engines’ settings and timeouts', () => {
    expect(VIDEO_COMPRESSION_SETTINGS).toMatchObject({
      maxWidth: 1280,
      maxHeight: 720,
      audioBitrate: 128_000,
      ffmpegCrf: 28,
      mimeType: 'video/mp4',
      compressionTimeoutMs: 120_000,
      engineLoadTimeoutMs: 30_000,
    });
    expect(VIDEO_COMPRESSION_SETTINGS.videoBitrate).toBeGreaterThanOrEqual(1_000_000);
    expect(VIDEO_COMPRESSION_SETTINGS.videoBitrate).toBeLessThanOrEqual(1_500_000);
  });

  it('fits the output into 1280×720 keeping the aspect ratio, with even sides, never upscaling', () => {
    expect(fitVideoDimensions(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(fitVideoDimensions(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(fitVideoDimensions(1280, 720)).toEqual({ width: 1280, height: 720 });
    expect(fitVideoDimensions(1080, 1920)).toEqual({ width: 404, height: 720 });
    expect(fitVideoDimensions(1440, 1080)).toEqual({ width: 960, height: 720 });
    expect(fitVideoDimensions(2560, 1080)).toEqual({ width: 1280, height: 540 });
    expect(fitVideoDimensions(640, 360)).toEqual({ width: 640, height: 360 });
    expect(fitVideoDimensions(641, 361)).toEqual({ width: 640, height: 360 });
  });

  it('uses 1.2 Mbps, capped at 60 % of the source’s average bitrate, never below 300 kbps', () => {
    expect(targetVideoBitrate(20 * MB, null)).toBe(1_200_000);
    expect(targetVideoBitrate(20 * MB, 0)).toBe(1_200_000);
    // 20 MB in 10 s is ~16.8 Mbps: the cap does not bite.
    expect(targetVideoBitrate(20 * MB, 10)).toBe(1_200_000);
    // 12 MB in 120 s is ~0.84 Mbps: 60 % of it.
    expect(targetVideoBitrate(12 * MB, 120)).toBe(Math.round(((12 * MB * 8) / 120) * 0.6));
    expect(targetVideoBitrate(6 * MB, 600)).toBe(300_000);
  });
});

describe('compression result (SPEC §3)', () => {
  it('states the ratio as percent saved, one decimal', () => {
    expect(compressionRatio(20 * MB, 5 * MB)).toBe(75);
    expect(compressionRatio(3, 1)).toBe(66.7);
    expect(compressionRatio(100, 100)).toBe(0);
    expect(compressionRatio(100, 150)).toBe(-50);
    expect(compressionRatio(0, 0)).toBe(0);
  });

  it('names the output after the original with .mp4', () => {
    expect(compressedVideoFileName('holiday.mov')).toBe('holiday.mp4');
    expect(compressedVideoFileName('clip.final.MP4')).toBe('clip.final.mp4');
    expect(compressedVideoFileName('no-extension')).toBe('no-extension.mp4');
    expect(compressedVideoFileName('.mp4')).toBe('video.mp4');
    expect(compressedVideoFileName('')).toBe('video.mp4');
  });
});

describe('classifyCompressionError (SPEC §8)', () => {
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });

  it('keeps the code of a VideoCompressionError', () => {
    for (const code of [
      'timeout',
      'engine-load-failed',
      'out-of-memory',
      'unsupported-format',
      'failed',
    ] as const) {
      expect(classifyCompressionError(new VideoCompressionError(code, 'x'))).toBe(code);
    }
  });

  it('recognises memory exhaustion', () => {
    expect(classifyCompressionError(new RangeError('Array buffer allocation failed'))).toBe('out-of-memory');
    expect(classifyCompressionError('RuntimeError: memory access out of bounds')).toBe('out-of-memory');
    expect(classifyCompressionError('Aborted(OOM)')).toBe('out-of-memory');
    expect(classifyCompressionError(named('QuotaExceededError', 'The quota has been exceeded.'))).toBe(
      'out-of-memory',
    );
  });

  it('recognises format, codec and demuxer problems', () => {
    expect(
      classifyCompressionError(named('UnsupportedInputFormatError', 'Input has an unsupported format.')),
    ).toBe('unsupported-format');
    expect(classifyCompressionError(named('NotSupportedError', 'Unsupported configuration.'))).toBe(
      'unsupported-format',
    );
    expect(classifyCompressionError(named('EncodingError', 'Decoding error.'))).toBe('unsupported-format');
    expect(classifyCompressionError('input.bin: Invalid data found when processing input')).toBe(
      'unsupported-format',
    );
    expect(classifyCompressionError(new Error('The file has no video track.'))).toBe('unsupported-format');
    expect(classifyCompressionError(new Error('Decoder (codec hevc) not found for input stream'))).toBe(
      'unsupported-format',
    );
  });

  it('recognises an engine that did not load', () => {
    expect(
      classifyCompressionError(new TypeError('Failed to fetch dynamically imported module: /x.js')),
    ).toBe('engine-load-failed');
    expect(
      classifyCompressionError(named('CompileError', 'WebAssembly.instantiate(): Refused to compile')),
    ).toBe('engine-load-failed');
    expect(classifyCompressionError(new Error('failed to import ffmpeg-core.js'))).toBe('engine-load-failed');
  });

  it('recognises a timeout', () => {
    expect(classifyCompressionError(named('TimeoutError', 'signal timed out'))).toBe('timeout');
  });

  it('calls anything else a failure, keeping its words as the reason', () => {
    const error = toVideoCompressionError(new Error('the encoder stopped'));
    expect(error).toMatchObject({
      code: 'failed',
      reason: 'the encoder stopped',
      name: 'VideoCompressionError',
    });
    expect(error.cause).toBeInstanceOf(Error);
    expect(classifyCompressionError(undefined)).toBe('failed');
    expect(classifyCompressionError({ message: 'odd' })).toBe('failed');
  });

  it('gives a short reason whatever was thrown', () => {
    expect(errorReason('plain words')).toBe('plain words');
    expect(errorReason(new Error(''))).toBe('Error');
    expect(errorReason(null)).toBe('null');
    expect(errorReason('x'.repeat(500))).toHaveLength(200);
  });

  it('tells a cancellation apart', () => {
    expect(isAbortError(new DOMException('stopped', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('stopped'))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
  });
});
