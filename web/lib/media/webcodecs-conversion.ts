import {
  ALL_FORMATS,
  BlobSource,
  BufferTarget,
  Conversion,
  Input,
  Mp4OutputFormat,
  Output,
  Quality,
  StreamTarget,
  canEncodeVideo,
  type StreamTargetChunk,
} from 'mediabunny';
import {
  VIDEO_COMPRESSION_SETTINGS,
  errorReason,
  fitVideoDimensions,
  targetVideoBitrate,
} from '../../../shared/cards/video-compression.ts';
import { ensureAacEncoder } from './aac-encoder.ts';
import { UnreadableInputError } from './engine.ts';

/**
 * The main engine's conversion (DESIGN §4): mediabunny drives the browser's WebCodecs decoders and its H.264
 * encoder, several times faster than ffmpeg.wasm. Audio already in AAC is copied; other audio is re-encoded to
 * AAC 128 kbps, with mediabunny's wasm AAC encoder when the browser has none (Chromium on Linux). It runs in
 * the engine's worker (webcodecs.worker.ts): scaling each frame to 720p is seconds of script, which on the page
 * would make every keystroke of the sender wait.
 */

const { maxWidth, maxHeight, videoBitrate, audioBitrate, mimeType } = VIDEO_COMPRESSION_SETTINGS;

/** Whether this browser can encode H.264 through WebCodecs (else the caller falls back to ffmpeg.wasm). */
export async function canEncodeH264(): Promise<boolean> {
  if (typeof VideoEncoder === 'undefined' || typeof VideoDecoder === 'undefined') return false;
  return canEncodeVideo('avc', {
    width: maxWidth,
    height: maxHeight,
    quality: new Quality({ bitrate: videoBitrate }),
  });
}

/** Receives the mp4 in order as it is produced: `data` belongs at byte `position` of the file. */
export type ChunkSink = (data: Uint8Array, position: number) => void;

export interface ConversionJob {
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
  /** Given: a fragmented mp4 is written to it as it is produced, and the conversion answers null. */
  sink?: ChunkSink;
}

/** The compressed mp4, or null when it went to `sink`. */
export async function convert(file: File, { onProgress, signal, sink }: ConversionJob): Promise<Blob | null> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const source = await readable(() => describeSource(input));
    signal.throwIfAborted();
    // Even AAC may need re-encoding: mediabunny copies it only when its timestamps allow (phone clips often
    // start with priming samples before zero).
    if (source.audioCodec !== null) await ensureAacEncoder(audioBitrate);
    const conversion = await readable(() => initConversion(input, source, file.size, sink));
    signal.throwIfAborted();
    conversion.onProgress = (progress) => onProgress(progress);
    const cancel = () => void conversion.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await conversion.execute();
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    if (sink) return null;
    const buffer = (conversion.output.target as BufferTarget).buffer;
    if (!buffer) throw new Error('The conversion produced no output.');
    return new Blob([buffer], { type: mimeType });
  } catch (error) {
    // The caller's reason (cancel, timeout) rather than mediabunny's ConversionCanceledError.
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    input.dispose();
  }
}

/**
 * A step that reads the input before any frame is encoded. Its failure means this engine cannot read the file
 * (unknown container, undecodable codec): an UnreadableInputError, so 'auto' can hand the file to ffmpeg.wasm.
 */
async function readable<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof UnreadableInputError) throw error;
    throw new UnreadableInputError(errorReason(error), { cause: error });
  }
}

interface SourceDescription {
  /** Null when the file has no audio; 'unknown' when it has audio mediabunny cannot name. */
  audioCodec: string | null;
  width: number;
  height: number;
  duration: number;
}

async function describeSource(input: Input): Promise<SourceDescription> {
  const videoTrack = await input.getPrimaryVideoTrack();
  if (!videoTrack) throw new UnreadableInputError('The file has no video track.');
  const audioTrack = await input.getPrimaryAudioTrack();
  return {
    audioCodec: audioTrack ? ((await audioTrack.getCodec()) ?? 'unknown') : null,
    width: await videoTrack.getDisplayWidth(),
    height: await videoTrack.getDisplayHeight(),
    duration: await input.computeDuration([videoTrack]),
  };
}

async function initConversion(
  input: Input,
  source: SourceDescription,
  sourceBytes: number,
  sink: ChunkSink | undefined,
): Promise<Conversion> {
  const size = fitVideoDimensions(source.width, source.height);
  const output = new Output(
    sink
      ? {
          // Written in order, fragment by fragment (moov first, then moof+mdat about every second), so each
          // byte can be uploaded as soon as it exists; the index is still up front for playback.
          format: new Mp4OutputFormat({ fastStart: 'fragmented' }),
          target: new StreamTarget(
            new WritableStream<StreamTargetChunk>({
              write: (chunk) => sink(chunk.data, chunk.position),
            }),
          ),
        }
      : {
          // The index up front, like ffmpeg's +faststart: playback starts before the whole file has arrived.
          format: new Mp4OutputFormat({ fastStart: 'in-memory' }),
          target: new BufferTarget(),
        },
  );
  const conversion = await Conversion.init({
    input,
    output,
    tracks: 'primary',
    video: {
      codec: 'avc',
      width: size.width,
      height: size.height,
      // The size already keeps the aspect ratio; 'fill' only absorbs the rounding to even sides.
      fit: 'fill',
      quality: new Quality({ bitrate: targetVideoBitrate(sourceBytes, source.duration) }),
      // Even an H.264 source that fits 1280×720 is re-encoded: its bitrate is what makes it large.
      forceTranscode: true,
    },
    // AAC is copied (a quality setting would force a re-encode); anything else becomes AAC at 128 kbps.
    audio:
      source.audioCodec === 'aac'
        ? { codec: 'aac' }
        : { codec: 'aac', quality: new Quality({ bitrate: audioBitrate }) },
    showWarnings: false,
  });
  // A dropped track (an audio codec this browser cannot decode, say) would silently lose the sound.
  const discarded = conversion.discardedTracks[0];
  if (discarded || !conversion.isValid) {
    const track = discarded ? `${discarded.track.type} track (${discarded.reason})` : 'conversion';
    throw new UnreadableInputError(`This browser cannot convert the ${track}.`);
  }
  return conversion;
}
