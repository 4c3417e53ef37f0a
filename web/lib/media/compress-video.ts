import {
  VIDEO_COMPRESSION_SETTINGS,
  VideoCompressionError,
  compressedVideoFileName,
  compressionRatio,
  errorReason,
  toVideoCompressionError,
  type CompressionResult,
} from '../../../shared/cards/video-compression.ts';
import type { GrowingFile } from '../uploads/growing-file.ts';
import { UnreadableInputError, canceledError, runPhase, type VideoEngine } from './engine.ts';

/**
 * SPEC §5/§9 video compression in the browser: H.264 + AAC mp4 within 1280×720. WebCodecs (mediabunny) when
 * the browser can encode H.264, else ffmpeg.wasm from our own origin. Both engines are separate chunks loaded
 * on first use, so importing this module costs the page nothing. Whether to compress at all is
 * `decideVideoCompression` (shared/cards/video-compression.ts); the 30 MB refusal is the caller's.
 * Decisions: docs/decisions/0008-video-compression.md.
 */

export type VideoCompressionEngine = 'auto' | 'webcodecs' | 'ffmpeg';

export interface CompressVideoOptions {
  /** Fraction done, 0–1, never decreasing; called with 1 once the output is ready. */
  onProgress?: (fraction: number) => void;
  /** Cancels the compression (the engine's work stops) and rejects with an AbortError. */
  signal?: AbortSignal;
  /**
   * 'auto' (the default): WebCodecs, or ffmpeg.wasm when WebCodecs cannot encode H.264 or cannot read this
   * file. The others force one engine (tests, benchmarks).
   */
  engine?: VideoCompressionEngine;
  /**
   * Receives the mp4 while it is produced (an upload sends it meanwhile): with WebCodecs a fragmented mp4,
   * fragment by fragment; with ffmpeg.wasm, which writes its index last, the whole file at the end. It is
   * finished on success and failed (with the same error) otherwise.
   */
  output?: GrowingFile;
}

const { compressionTimeoutMs, engineLoadTimeoutMs, mimeType } = VIDEO_COMPRESSION_SETTINGS;

/**
 * Compresses a video to `{originalBase}.mp4`. Rejects with an AbortError when canceled, otherwise with a
 * VideoCompressionError whose `code` names SPEC §8's message: the engine did not load within 30 s
 * ('engine-load-failed'), the compression took over 120 s ('timeout'), memory, format, or anything else.
 */
export async function compressVideo(
  file: File,
  options: CompressVideoOptions = {},
): Promise<CompressionResult<File>> {
  const { signal, engine = 'auto', output: stream } = options;
  if (signal?.aborted) throw canceledError();
  const progress = steadyProgress(options.onProgress);
  let output: Blob;
  try {
    output = await runEngines(file, engine, { onProgress: progress.report, signal, output: stream });
    if (stream && stream.size === 0) stream.append(new Uint8Array(await output.arrayBuffer()));
    stream?.finish();
  } catch (error) {
    progress.close();
    const failure = signal?.aborted ? canceledError() : toVideoCompressionError(error);
    stream?.fail(failure);
    throw failure;
  }
  progress.done();
  progress.close();
  const fileName = compressedVideoFileName(file.name);
  const compressed = new File([output], fileName, { type: mimeType, lastModified: Date.now() });
  return {
    file: compressed,
    originalSize: file.size,
    compressedSize: compressed.size,
    compressionRatio: compressionRatio(file.size, compressed.size),
    fileName,
  };
}

/** The caller's side of one compression: progress, cancellation and where the output streams to. */
interface Job {
  onProgress: (fraction: number) => void;
  signal: AbortSignal | undefined;
  output: GrowingFile | undefined;
}

async function runEngines(file: File, engine: VideoCompressionEngine, job: Job): Promise<Blob> {
  if (engine === 'ffmpeg') return runWith(loadFfmpeg, file, job);

  const webCodecs = await loadEngine(loadWebCodecs, job.signal);
  if (!webCodecs) {
    if (engine === 'webcodecs') {
      throw new VideoCompressionError(
        'engine-load-failed',
        'This browser cannot encode H.264 with WebCodecs.',
      );
    }
    return runWith(loadFfmpeg, file, job);
  }
  try {
    return await compressWith(webCodecs, file, job);
  } catch (error) {
    // ffmpeg reads containers and codecs the browser cannot (AVI, HEVC on Linux, AC-3 audio, …); this happens
    // before any byte is written, so the output is still empty.
    if (engine === 'auto' && error instanceof UnreadableInputError) {
      return runWith(loadFfmpeg, file, job);
    }
    throw error;
  } finally {
    webCodecs.dispose?.();
  }
}

const loadWebCodecs = async () => (await import('./webcodecs-engine.ts')).loadWebCodecsEngine();
const loadFfmpeg = async (signal: AbortSignal) =>
  (await import('./ffmpeg-engine.ts')).loadFfmpegEngine(signal);

async function runWith(
  load: (signal: AbortSignal) => Promise<VideoEngine>,
  file: File,
  job: Job,
): Promise<Blob> {
  const engine = await loadEngine(load, job.signal);
  try {
    return await compressWith(engine, file, job);
  } finally {
    engine.dispose?.();
  }
}

/** SPEC §9 engine load timeout: 30 s for the code and wasm to arrive and start; any failure is a load failure. */
async function loadEngine<T>(
  load: (signal: AbortSignal) => Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  try {
    return await runPhase(load, {
      timeoutMs: engineLoadTimeoutMs,
      timeoutError: () =>
        new VideoCompressionError(
          'engine-load-failed',
          `The compression engine did not load within ${engineLoadTimeoutMs / 1000} s.`,
        ),
      signal,
    });
  } catch (error) {
    if (signal?.aborted || error instanceof VideoCompressionError) throw error;
    throw new VideoCompressionError('engine-load-failed', errorReason(error), { cause: error });
  }
}

/** SPEC §9 compression timeout: 120 s from the first byte read to the finished mp4. */
function compressWith(engine: VideoEngine, file: File, { onProgress, signal, output }: Job): Promise<Blob> {
  return runPhase(
    (phaseSignal) =>
      engine.compress(file, { onProgress, signal: phaseSignal, ...(output ? { output } : {}) }),
    {
      timeoutMs: compressionTimeoutMs,
      timeoutError: () =>
        new VideoCompressionError(
          'timeout',
          `The compression took longer than ${compressionTimeoutMs / 1000} s.`,
        ),
      signal,
    },
  );
}

/**
 * The engines' estimates, clamped below 1 (mediabunny may say 1 before its output is finalised; only the
 * finished file is "done") and never going back (ffmpeg's estimate jitters).
 */
function steadyProgress(onProgress: ((fraction: number) => void) | undefined) {
  let last = -1;
  let closed = false;
  const emit = (fraction: number) => {
    if (closed || fraction <= last) return;
    last = fraction;
    onProgress?.(fraction);
  };
  return {
    report: (fraction: number) => {
      if (Number.isFinite(fraction)) emit(Math.min(0.99, Math.max(0, fraction)));
    },
    done: () => emit(1),
    /** Settled: an engine still winding down after a cancel or timeout reports nothing more. */
    close: () => {
      closed = true;
    },
  };
}
