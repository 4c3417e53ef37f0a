import { MB, VIDEO_MAX_BYTES } from './card-media.ts';

/**
 * In-browser video compression before upload (SPEC §3 Compression result, §5 Video, §8 Compression errors, §9
 * Video size and compression): when a video is compressed, with which settings, what a compression returns and
 * how its failures are named. The engines live in web/lib/media/; the refusal over 30 MB is the caller's.
 * Decisions: docs/decisions/0008-video-compression.md.
 */

/** SPEC §5: 5 MB or less is never compressed. */
export const VIDEO_COMPRESSION_MIN_BYTES = 5 * MB;
/** SPEC §5: over 10 MB is always compressed. */
export const VIDEO_COMPRESSION_FORCED_ABOVE_BYTES = 10 * MB;
/** SPEC §9 resolution threshold, and the box the output is scaled into. */
export const VIDEO_MAX_WIDTH = 1280;
export const VIDEO_MAX_HEIGHT = 720;

/** SPEC §9 compression settings, as each engine applies them. */
export const VIDEO_COMPRESSION_SETTINGS = {
  maxWidth: VIDEO_MAX_WIDTH,
  maxHeight: VIDEO_MAX_HEIGHT,
  /**
   * WebCodecs encoders take a bitrate, not a quality factor: 1.2 Mbps H.264 at 720p looks like CRF 28 does for
   * camera footage and turns a 1080p phone clip into a quarter or less of its size.
   */
  videoBitrate: 1_200_000,
  /** The floor of the bitrate cap below, so a very efficient source does not come out as mush. */
  minVideoBitrate: 300_000,
  /**
   * The share of the source's average bitrate the video may use at most: a long, already-efficient clip over
   * 10 MB must come out smaller, not larger, than it went in (1.2 Mbps would double a 0.6 Mbps source).
   */
  maxShareOfSourceBitrate: 0.6,
  audioBitrate: 128_000,
  /** SPEC §9 "H.264 at quality factor 28", used as-is by the ffmpeg fallback (libx264 -crf). */
  ffmpegCrf: 28,
  /**
   * The single-threaded wasm x264 must finish a phone clip within the 120 s timeout, on slower CPUs than ours
   * too: a 24 MB 12.5 s 1080p clip took 46 s with `superfast` and 70 s with `veryfast` here (docs/decisions/0008).
   */
  ffmpegPreset: 'superfast',
  mimeType: 'video/mp4',
  extension: 'mp4',
  /** SPEC §9: compression timeout 120 s, engine load timeout 30 s. */
  compressionTimeoutMs: 120_000,
  engineLoadTimeoutMs: 30_000,
} as const;

export type VideoCompressionDecision = 'compress' | 'skip';

export interface VideoCompressionInput {
  size: number;
  /** Display width and height; null or undefined when the metadata could not be read. */
  width?: number | null;
  height?: number | null;
}

const isReadableDimension = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * SPEC §5: ≤ 5 MB never; > 10 MB always; in between only when wider than 1280 or taller than 720, or when the
 * dimensions could not be read.
 */
export function decideVideoCompression(input: VideoCompressionInput): VideoCompressionDecision {
  if (input.size <= VIDEO_COMPRESSION_MIN_BYTES) return 'skip';
  if (input.size > VIDEO_COMPRESSION_FORCED_ABOVE_BYTES) return 'compress';
  const { width, height } = input;
  if (!isReadableDimension(width) || !isReadableDimension(height)) return 'compress';
  return width > VIDEO_MAX_WIDTH || height > VIDEO_MAX_HEIGHT ? 'compress' : 'skip';
}

/** SPEC §5/§9: a video over 30 MB (31457280 bytes) is refused, before compression or when it did not help. */
export function isVideoTooLarge(size: number): boolean {
  return size > VIDEO_MAX_BYTES;
}

/**
 * The output size: the input scaled down (never up) to fit 1280×720 with its aspect ratio kept, both sides even
 * because H.264 in 4:2:0 needs even dimensions.
 */
export function fitVideoDimensions(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, VIDEO_MAX_WIDTH / width, VIDEO_MAX_HEIGHT / height);
  const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);
  return { width: even(width * scale), height: even(height * scale) };
}

/**
 * The WebCodecs video bitrate: 1.2 Mbps, capped at a share of the source's average bitrate (see
 * `maxShareOfSourceBitrate`) when the duration is known, never below the floor.
 */
export function targetVideoBitrate(sourceBytes: number, durationSeconds: number | null | undefined): number {
  const { videoBitrate, minVideoBitrate, maxShareOfSourceBitrate } = VIDEO_COMPRESSION_SETTINGS;
  if (!durationSeconds || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return videoBitrate;
  const sourceBitsPerSecond = (sourceBytes * 8) / durationSeconds;
  const capped = Math.min(videoBitrate, sourceBitsPerSecond * maxShareOfSourceBitrate);
  return Math.round(Math.max(minVideoBitrate, capped));
}

/** The part of a file that a compression result needs; a browser `File` fits, and shared/ stays DOM-free. */
export interface CompressedFileLike {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** SPEC §3 Compression result. */
export interface CompressionResult<F extends CompressedFileLike = CompressedFileLike> {
  file: F;
  originalSize: number;
  compressedSize: number;
  /** Percent saved, one decimal: 75 means the output is a quarter of the input; negative if it grew. */
  compressionRatio: number;
  /** The output's name: the original's base name with `.mp4`. */
  fileName: string;
}

/** Percent saved by the compression, one decimal (SPEC §3 compressionRatio). */
export function compressionRatio(originalSize: number, compressedSize: number): number {
  if (originalSize <= 0) return 0;
  return Math.round((1 - compressedSize / originalSize) * 1000) / 10;
}

/** `holiday.mov` → `holiday.mp4`; a name that is only an extension (or empty) becomes `video.mp4`. */
export function compressedVideoFileName(originalName: string): string {
  const dot = originalName.lastIndexOf('.');
  const base = (dot >= 0 ? originalName.slice(0, dot) : originalName).trim() || 'video';
  return `${base}.${VIDEO_COMPRESSION_SETTINGS.extension}`;
}

/**
 * SPEC §8 compression errors, one code each; the UI shows its message:
 * - `timeout`: the compression took longer than 120 s.
 * - `engine-load-failed`: 'Video compression engine failed to load. Please refresh and try again.'
 * - `out-of-memory`: 'Video file is too large to process. Please try a smaller video file.'
 * - `unsupported-format`: 'Video format not supported. Please try a different video file.'
 * - `failed`: 'Video compression failed: {reason}'.
 */
export const VIDEO_COMPRESSION_ERROR_CODES = [
  'timeout',
  'engine-load-failed',
  'out-of-memory',
  'unsupported-format',
  'failed',
] as const;
export type VideoCompressionErrorCode = (typeof VIDEO_COMPRESSION_ERROR_CODES)[number];

/** A compression failure with its SPEC §8 code; `reason` is the engine's words, for 'failed: {reason}'. */
export class VideoCompressionError extends Error {
  readonly code: VideoCompressionErrorCode;
  readonly reason: string;

  constructor(code: VideoCompressionErrorCode, reason: string, options?: { cause?: unknown }) {
    super(`Video compression ${code}: ${reason}`, options);
    this.name = 'VideoCompressionError';
    this.code = code;
    this.reason = reason;
  }
}

/** A cancellation (the caller's AbortSignal), which is not a failure to report. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

const REASON_MAX_LENGTH = 200;

/** The words of an error, whatever was thrown (the ffmpeg worker rejects with plain strings). */
export function errorReason(error: unknown): string {
  const text =
    error instanceof Error
      ? error.message || error.name
      : typeof error === 'string'
        ? error
        : typeof error === 'object' && error !== null && 'message' in error
          ? String(error.message)
          : String(error);
  const trimmed = text.trim() || 'unknown error';
  return trimmed.length > REASON_MAX_LENGTH ? `${trimmed.slice(0, REASON_MAX_LENGTH - 1)}…` : trimmed;
}

// Matched against "name: message"; the engines throw by name (mediabunny, DOMException) or only by words.
const TIMEOUT = /\bTimeoutError\b|timed out/i;
/**
 * Memory: JS allocation failures, emscripten's OOM abort and the wasm out-of-bounds crash that ffmpeg.wasm
 * shows when a large file exhausts its heap.
 */
const OUT_OF_MEMORY = /memory|\boom\b|allocation failed|QuotaExceededError/i;
/** The engine's code or wasm did not arrive or would not compile (network, CSP, old browser). */
const ENGINE_LOAD =
  /dynamically imported module|importing a module script failed|failed to import|CompileError|LinkError|ChunkLoadError/i;
/** Container or codec problems: unknown container, no video track, undecodable stream, ffmpeg's demuxer errors. */
const UNSUPPORTED =
  /UnsupportedInputFormatError|NotSupportedError|unsupported|not supported|codec|format|demux|invalid data|decod|no video track|moov atom not found|does not contain any stream/i;

/** SPEC §8: which compression error a thrown value is (check `isAbortError` first: a cancellation is none). */
export function classifyCompressionError(error: unknown): VideoCompressionErrorCode {
  if (error instanceof VideoCompressionError) return error.code;
  const name =
    typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string'
      ? (error as { name: string }).name
      : '';
  const text = `${name}: ${errorReason(error)}`;
  if (TIMEOUT.test(text)) return 'timeout';
  if (OUT_OF_MEMORY.test(text)) return 'out-of-memory';
  if (ENGINE_LOAD.test(text)) return 'engine-load-failed';
  if (UNSUPPORTED.test(text)) return 'unsupported-format';
  return 'failed';
}

/** Any thrown value as a VideoCompressionError with its SPEC §8 code (the original kept as `cause`). */
export function toVideoCompressionError(error: unknown): VideoCompressionError {
  if (error instanceof VideoCompressionError) return error;
  return new VideoCompressionError(classifyCompressionError(error), errorReason(error), { cause: error });
}
