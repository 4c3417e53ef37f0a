import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import {
  VIDEO_COMPRESSION_FORCED_ABOVE_BYTES,
  VIDEO_COMPRESSION_MIN_BYTES,
  VIDEO_COMPRESSION_SETTINGS,
  decideVideoCompression,
  targetVideoBitrate,
  toVideoCompressionError,
  type CompressionResult,
  type VideoCompressionError,
} from '../../../../shared/cards/video-compression.ts';
import { compressVideo } from '../../../lib/media/compress-video.ts';
import { readVideoMetadata, type VideoMetadata } from '../../../lib/media/read-video-metadata.ts';
import { GrowingFile } from '../../../lib/uploads/growing-file.ts';

/**
 * A picked video's compression, started the moment it is picked (not when the card is saved): its mp4 grows
 * in `output` while the sender writes the rest of the card, and saving sends that output as it is produced.
 */
export interface VideoPreparation {
  /** The picked file this compression is for. */
  source: File;
  /** The compressed mp4 as it is produced; finished when `result` is. */
  output: GrowingFile;
  /** The finished compression, or its error (the original is then uploaded, SPEC §5). */
  result: Promise<CompressionResult<File>>;
  /** Follows the compression's progress (0–1) and expected size; answers how to stop following. */
  watch: (onProgress: (fraction: number, expectedSize: number | null) => void) => () => void;
}

export interface VideoPreparationState {
  phase: 'compressing' | 'compressed' | 'failed';
  /** 0–1. */
  progress: number;
  /**
   * Bytes the compressed file should have: the target bitrates × the duration, or more once what the encoder
   * has produced, extrapolated, says so (the browser's encoder overshoots on noisy clips).
   */
  expectedSize: number | null;
  /** Bytes of the finished file. */
  finalSize: number | null;
  error: VideoCompressionError | null;
}

/** SPEC §5: only a 5–10 MB video needs its size read to decide; the duration serves the expected size too. */
async function decide(file: File): Promise<{ compress: boolean; metadata: VideoMetadata | null }> {
  const between =
    file.size > VIDEO_COMPRESSION_MIN_BYTES && file.size <= VIDEO_COMPRESSION_FORCED_ABOVE_BYTES;
  const metadata = file.size > VIDEO_COMPRESSION_MIN_BYTES ? await readVideoMetadata(file) : null;
  const compress =
    decideVideoCompression({
      size: file.size,
      width: between ? metadata?.width : undefined,
      height: between ? metadata?.height : undefined,
    }) === 'compress';
  return { compress, metadata };
}

const EXTRAPOLATE_FROM = 0.1;

/** The encoder's targets: video at the bitrate the engine will use, plus AAC, over the clip's duration. */
export function expectedCompressedSize(sourceBytes: number, durationSeconds: number | null): number | null {
  if (!durationSeconds || durationSeconds <= 0) return null;
  const bitsPerSecond =
    targetVideoBitrate(sourceBytes, durationSeconds) + VIDEO_COMPRESSION_SETTINGS.audioBitrate;
  return Math.round((bitsPerSecond * durationSeconds) / 8);
}

/**
 * Starts compressing `file` as soon as it is set (when SPEC §5 says it must be compressed) and stops when it
 * is replaced, removed, or the editor closes. `preparation` is null for a video that is sent as it is.
 */
export function useVideoPreparation(file: File | null): {
  /** What is shown in the editor while it compresses. */
  state: VideoPreparationState | null;
  /** The compression of `picked` (null when it is sent as it is), once the decision is taken. */
  preparationOf: (picked: File) => Promise<VideoPreparation | null>;
} {
  const [current, setCurrent] = useState<{
    preparation: VideoPreparation | null;
    state: VideoPreparationState | null;
  }>({ preparation: null, state: null });
  const started = useRef<{ file: File; preparation: Promise<VideoPreparation | null> } | null>(null);

  useEffect(() => {
    started.current = null;
    if (!file) return;
    const abort = new AbortController();
    const update = (patch: Partial<VideoPreparationState>) =>
      setCurrent((shown) =>
        shown.preparation?.source === file && shown.state
          ? { ...shown, state: { ...shown.state, ...patch } }
          : shown,
      );
    const preparation = decide(file).then(({ compress, metadata }): VideoPreparation | null => {
      if (!compress || abort.signal.aborted) return null;
      const output = new GrowingFile(VIDEO_COMPRESSION_SETTINGS.mimeType);
      const watchers = new Set<(fraction: number, expectedSize: number | null) => void>();
      const targetSize = expectedCompressedSize(file.size, metadata?.duration ?? null);
      let expectedSize = targetSize;
      let shownPercent = 0;
      const result = compressVideo(file, {
        signal: abort.signal,
        output,
        onProgress: (progress) => {
          // A tenth in, the output so far says more than the target bitrate did when the encoder overshoots.
          // The output lags the progress (a fragment is written once it holds a second), so it only raises
          // the estimate.
          if (progress >= EXTRAPOLATE_FROM)
            expectedSize = Math.max(targetSize ?? 0, Math.round(output.size / progress));
          for (const watcher of watchers) watcher(progress, expectedSize);
          // The editor shows whole percents: it renders again only when the percent changes (a hundred times,
          // not once a frame), and as a transition, which the sender's keystrokes go before.
          const percent = Math.floor(progress * 100);
          if (percent === shownPercent) return;
          shownPercent = percent;
          startTransition(() => update({ progress, expectedSize }));
        },
      });
      const watch = (watcher: (fraction: number, expectedSize: number | null) => void) => {
        watchers.add(watcher);
        return () => void watchers.delete(watcher);
      };
      setCurrent({
        preparation: { source: file, output, result, watch },
        state: {
          phase: 'compressing',
          progress: 0,
          expectedSize,
          finalSize: null,
          error: null,
        },
      });
      result.then(
        (done) => update({ phase: 'compressed', progress: 1, finalSize: done.compressedSize }),
        (error: unknown) => {
          if (!abort.signal.aborted) update({ phase: 'failed', error: toVideoCompressionError(error) });
        },
      );
      return { source: file, output, result, watch };
    });
    started.current = { file, preparation };
    return () => abort.abort();
  }, [file]);

  const preparationOf = useCallback(
    (picked: File) =>
      started.current?.file === picked ? started.current.preparation : Promise.resolve(null),
    [],
  );
  // A replaced or removed video's compression is not shown (its own updates stop with its abort).
  return { state: current.preparation?.source === file ? current.state : null, preparationOf };
}
