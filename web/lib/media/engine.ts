import { VideoCompressionError } from '../../../shared/cards/video-compression.ts';
import type { GrowingFile } from '../uploads/growing-file.ts';

/**
 * What compress-video.ts needs from an engine (WebCodecs via mediabunny, or ffmpeg.wasm), and the timing
 * helpers both sides use. Engines are separate modules so each is downloaded only when it runs.
 */

export interface EngineJob {
  /** Fraction done, 0–1; engines may report out of order or out of range, the caller smooths it. */
  onProgress: (fraction: number) => void;
  /** Aborted on cancellation or timeout; the engine stops its work (cancel, terminate) when it fires. */
  signal: AbortSignal;
  /**
   * Where the mp4 goes as it is produced, for an upload that sends it meanwhile. An engine that can write in
   * order (WebCodecs: a fragmented mp4) appends to it; one that cannot leaves it to the caller, who appends
   * the whole file at the end.
   */
  output?: GrowingFile;
}

export interface VideoEngine {
  readonly name: 'webcodecs' | 'ffmpeg';
  /** The compressed mp4. */
  compress(file: File, job: EngineJob): Promise<Blob>;
  /** Frees what the engine holds (a worker), whether or not it compressed anything. */
  dispose?(): void;
}

/**
 * The input could not be read or decoded by this engine before any encoding started (unknown container,
 * undecodable codec): another engine may still manage, so 'auto' tries the next one.
 */
export class UnreadableInputError extends VideoCompressionError {
  constructor(reason: string, options?: { cause?: unknown }) {
    super('unsupported-format', reason, options);
    this.name = 'UnreadableInputError';
  }
}

/** The rejection for a cancellation by the caller: a DOMException named AbortError, like fetch's. */
export function canceledError(): DOMException {
  return new DOMException('Video compression was canceled.', 'AbortError');
}

/**
 * Runs one phase (engine load, compression) under its own deadline and the caller's signal. The task gets a
 * signal that fires on either, so it can stop its work; the phase itself rejects at once with the reason (the
 * timeout's error or an AbortError), whether or not the task has noticed yet.
 */
export async function runPhase<T>(
  task: (signal: AbortSignal) => Promise<T>,
  options: { timeoutMs: number; timeoutError: () => Error; signal?: AbortSignal | undefined },
): Promise<T> {
  const controller = new AbortController();
  const outer = options.signal;
  if (outer?.aborted) throw canceledError();
  const onOuterAbort = () => controller.abort(canceledError());
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const timer = setTimeout(() => controller.abort(options.timeoutError()), options.timeoutMs);
  const aborted = new Promise<never>((_resolve, reject) => {
    // The reason is one of the two errors given to abort() above.
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
      once: true,
    });
  });
  try {
    return await Promise.race([task(controller.signal), aborted]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}
