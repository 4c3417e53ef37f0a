import { FFmpeg } from '@ffmpeg/ffmpeg';
import { VIDEO_COMPRESSION_SETTINGS } from '../../../shared/cards/video-compression.ts';
import type { EngineJob, VideoEngine } from './engine.ts';
import { FFMPEG_CORE_DIR, FFMPEG_CORE_FILES } from './ffmpeg-core-files.ts';

/**
 * The fallback for browsers whose WebCodecs cannot encode H.264 (DESIGN §4): ffmpeg.wasm, single-threaded
 * (the multi-threaded core needs cross-origin isolation and crashed in the probe), with SPEC §9's settings as
 * they are written: libx264 CRF 28, AAC 128 kbps, scaled into 1280×720, mp4 with the index up front.
 */

const { maxWidth, maxHeight, ffmpegCrf, ffmpegPreset, audioBitrate, mimeType } = VIDEO_COMPRESSION_SETTINGS;

const OUTPUT = 'output.mp4';

/** ffmpeg's arguments for one compression. */
function ffmpegArguments(inputName: string): string[] {
  return [
    '-i',
    inputName,
    // The first video stream, and the first audio stream when there is one.
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    // Down (never up) into the box, aspect kept, even sides for 4:2:0.
    '-vf',
    `scale=w='min(${maxWidth},iw)':h='min(${maxHeight},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
    '-c:v',
    'libx264',
    '-preset',
    ffmpegPreset,
    '-crf',
    String(ffmpegCrf),
    // 4:2:0 is what every player decodes; a 4:2:2 or 4:4:4 source would otherwise stay so.
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    `${audioBitrate / 1000}k`,
    '-movflags',
    '+faststart',
    OUTPUT,
  ];
}

/** The worker is started and the 32 MB core compiled here: the engine load that SPEC times at 30 s. */
export async function loadFfmpegEngine(signal: AbortSignal): Promise<VideoEngine> {
  const ffmpeg = new FFmpeg();
  const terminate = () => ffmpeg.terminate();
  signal.addEventListener('abort', terminate, { once: true });
  try {
    // Absolute URLs: the worker resolves them against its own script, not the page.
    const base = new URL(`${import.meta.env.BASE_URL}${FFMPEG_CORE_DIR}/`, window.location.href);
    await ffmpeg.load({
      coreURL: new URL(FFMPEG_CORE_FILES.script, base).href,
      wasmURL: new URL(FFMPEG_CORE_FILES.wasm, base).href,
    });
  } catch (error) {
    ffmpeg.terminate();
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    signal.removeEventListener('abort', terminate);
  }
  return {
    name: 'ffmpeg',
    compress: (file, job) => compress(ffmpeg, file, job),
    // One engine per compression: the worker and its wasm heap (hundreds of MB after a large file) go now.
    dispose: () => ffmpeg.terminate(),
  };
}

async function compress(ffmpeg: FFmpeg, file: File, { onProgress, signal }: EngineJob): Promise<Blob> {
  // ffmpeg runs synchronously inside its worker: ending the worker is the only way to stop it.
  const terminate = () => ffmpeg.terminate();
  signal.addEventListener('abort', terminate, { once: true });
  // ffmpeg says why it failed in its log, not in the exit code; keep the tail for the error.
  const log: string[] = [];
  ffmpeg.on('log', ({ message }) => {
    log.push(message);
    if (log.length > 30) log.shift();
  });
  ffmpeg.on('progress', ({ progress }) => onProgress(progress));
  try {
    const inputName = `input${safeExtension(file.name)}`;
    await ffmpeg.writeFile(inputName, new Uint8Array(await file.arrayBuffer()));
    const exitCode = await ffmpeg.exec(ffmpegArguments(inputName));
    if (exitCode !== 0) throw new Error(failureReason(log, exitCode));
    const data = await ffmpeg.readFile(OUTPUT);
    if (typeof data === 'string') throw new Error('ffmpeg returned text instead of the video.');
    return new Blob([data as Uint8Array<ArrayBuffer>], { type: mimeType });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    signal.removeEventListener('abort', terminate);
  }
}

/** The original's extension helps ffmpeg pick a demuxer; anything odd is dropped (ffmpeg probes the bytes). */
function safeExtension(name: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

/** The line of the log that says what went wrong, or its last line. */
function failureReason(log: string[], exitCode: number): string {
  const lines = log.map((line) => line.trim()).filter(Boolean);
  const telling = lines.findLast((line) =>
    /error|invalid|not found|unsupported|could not|cannot|failed|memory|does not contain/i.test(line),
  );
  return telling ?? lines.at(-1) ?? `ffmpeg exited with code ${exitCode}`;
}
