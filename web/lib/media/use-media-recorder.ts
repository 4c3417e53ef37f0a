import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Recording a voice message (or, with `video`, a camera clip) in the browser: the microphone and camera
 * through `getUserMedia`, MediaRecorder for the encoding, a cap after which the recording stops by itself.
 * The devices are released (every track stopped) as soon as a take ends and when the component unmounts, so
 * the browser's "recording" indicator goes away. The sender's voice message and the recipient's replies use it.
 */

export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'recorded';

/** Why recording could not start or went wrong; each has its own message (`cardMedia.voice.problems.*`). */
export type MicrophoneProblem = 'denied' | 'no-microphone' | 'busy' | 'unsupported' | 'failed';

export interface VoiceTake {
  blob: Blob;
  /** A `blob:` URL for playback before the take is kept; revoked when the take is discarded or kept. */
  url: string;
  mimeType: string;
  durationSeconds: number;
  /** The take ended at the cap rather than with Stop. */
  reachedLimit: boolean;
}

/** The default cap: long enough for a heartfelt message, short enough to stay a greeting. */
export const VOICE_MESSAGE_MAX_SECONDS = 5 * 60;

/**
 * Opus in WebM is small and what Chromium and Firefox record; Safari records AAC in MP4. An empty answer lets
 * the browser pick its own default.
 */
const PREFERRED_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/webm'];

/** A camera clip: VP8/VP9 with Opus in WebM in Chromium and Firefox, H.264 in MP4 in Safari. */
const PREFERRED_VIDEO_MIME_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/mp4',
  'video/webm',
];

export function pickRecorderMimeType(
  isSupported: (mimeType: string) => boolean,
  preferred: readonly string[] = PREFERRED_MIME_TYPES,
): string {
  return preferred.find((type) => isSupported(type)) ?? '';
}

/** The recorded file's name: `voice-message.webm`, `voice-message.m4a`… after the container it was made in. */
export function recordingFileName(mimeType: string): string {
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  const extensions: Record<string, string> = {
    'audio/webm': 'webm',
    'video/webm': 'webm',
    'audio/mp4': 'm4a',
    'video/mp4': 'm4a',
    'audio/aac': 'aac',
    'audio/ogg': 'ogg',
    'audio/mpeg': 'mp3',
    'audio/wav': 'wav',
  };
  return `voice-message.${extensions[base] ?? 'webm'}`;
}

/**
 * The kept take as a File for the upload. Its type drops the codec parameter (`audio/webm`), and a recorder
 * that labelled audio-only output as video (`video/webm`) is corrected to audio.
 */
export function takeToFile(take: Pick<VoiceTake, 'blob' | 'mimeType'>, lastModified = Date.now()): File {
  const base = take.mimeType.split(';')[0]!.trim().toLowerCase() || 'audio/webm';
  const type = base.replace(/^video\//, 'audio/');
  return new File([take.blob], recordingFileName(take.mimeType), { type, lastModified });
}

/** The problem a failed `getUserMedia` (or MediaRecorder) call means, by the DOMException's name. */
export function microphoneProblemOf(error: unknown): MicrophoneProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-microphone';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

/** Whether this browser can record at all (a secure page with getUserMedia and MediaRecorder). */
export function canRecordAudio(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof MediaRecorder !== 'undefined'
  );
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

function clearTicker(ticker: { current: number | null }): void {
  if (ticker.current !== null) window.clearInterval(ticker.current);
  ticker.current = null;
}

/** How often the visible timer updates while recording. */
const TICK_MS = 250;

/** A camera clip's take as a File (for compressing and uploading), named after its container. */
export function videoTakeToFile(take: Pick<VoiceTake, 'blob' | 'mimeType'>, lastModified = Date.now()): File {
  const type = take.mimeType.split(';')[0]!.trim().toLowerCase() || 'video/webm';
  return new File([take.blob], `video-reply.${type === 'video/mp4' ? 'mp4' : 'webm'}`, {
    type,
    lastModified,
  });
}

/** The voice message recorder (the microphone only). */
export function useVoiceRecorder(maxSeconds: number = VOICE_MESSAGE_MAX_SECONDS) {
  return useMediaRecorder(maxSeconds);
}

/** A recorder of the microphone, and of the camera too with `video`; `liveStream` shows what is recorded. */
export function useMediaRecorder(maxSeconds: number, options: { video?: boolean } = {}) {
  const video = options.video ?? false;
  const [liveStream, setLiveStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const [take, setTake] = useState<VoiceTake | null>(null);
  const [problem, setProblem] = useState<MicrophoneProblem | null>(null);

  const mounted = useRef(false);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const ticker = useRef<number | null>(null);
  const takeUrl = useRef<string | null>(null);
  /** Bumped by every start and by unmounting, so a late permission answer for an older attempt is ignored. */
  const attempt = useRef(0);

  const dropTake = useCallback(() => {
    if (takeUrl.current) URL.revokeObjectURL(takeUrl.current);
    takeUrl.current = null;
    setTake(null);
  }, []);

  const stop = useCallback(() => {
    const active = recorder.current;
    if (active && active.state !== 'inactive') active.stop();
  }, []);

  const start = useCallback(async () => {
    dropTake();
    setProblem(null);
    if (!canRecordAudio()) {
      setProblem('unsupported');
      return;
    }
    const thisAttempt = ++attempt.current;
    setStatus('requesting');
    let microphone: MediaStream;
    try {
      microphone = await navigator.mediaDevices.getUserMedia(
        video
          ? { audio: true, video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } } }
          : { audio: true },
      );
    } catch (error) {
      if (thisAttempt !== attempt.current) return;
      setProblem(microphoneProblemOf(error));
      setStatus('idle');
      return;
    }
    if (thisAttempt !== attempt.current || !mounted.current) {
      stopTracks(microphone);
      return;
    }

    const mimeType = pickRecorderMimeType(
      (type) => MediaRecorder.isTypeSupported(type),
      video ? PREFERRED_VIDEO_MIME_TYPES : PREFERRED_MIME_TYPES,
    );
    let media: MediaRecorder;
    try {
      media = new MediaRecorder(microphone, mimeType ? { mimeType } : undefined);
    } catch {
      // The browser cannot record with any of the types it was offered.
      stopTracks(microphone);
      setProblem('unsupported');
      setStatus('idle');
      return;
    }

    const chunks: Blob[] = [];
    let startedAt = 0;
    let reachedLimit = false;
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onerror = () => {
      reachedLimit = false;
      setProblem('failed');
      if (media.state !== 'inactive') media.stop();
    };
    media.onstop = () => {
      clearTicker(ticker);
      stopTracks(microphone);
      if (mounted.current) setLiveStream(null);
      if (stream.current === microphone) stream.current = null;
      if (recorder.current === media) recorder.current = null;
      if (!mounted.current) return;
      const durationSeconds = Math.min((performance.now() - startedAt) / 1000, maxSeconds);
      const type = media.mimeType || mimeType || (video ? 'video/webm' : 'audio/webm');
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        setProblem((current) => current ?? 'failed');
        setStatus('idle');
        return;
      }
      const url = URL.createObjectURL(blob);
      takeUrl.current = url;
      setElapsedSeconds(durationSeconds);
      setTake({ blob, url, mimeType: type, durationSeconds, reachedLimit });
      setStatus('recorded');
    };

    stream.current = microphone;
    recorder.current = media;
    setLiveStream(microphone);
    // A timeslice makes the recorder hand over data every second, so a long take is not one huge final chunk.
    media.start(1000);
    startedAt = performance.now();
    setElapsedSeconds(0);
    setStatus('recording');
    ticker.current = window.setInterval(() => {
      const seconds = (performance.now() - startedAt) / 1000;
      setElapsedSeconds(Math.min(seconds, maxSeconds));
      if (seconds >= maxSeconds && media.state === 'recording') {
        reachedLimit = true;
        media.stop();
      }
    }, TICK_MS);
  }, [dropTake, maxSeconds, video]);

  /** Throws the take away and goes back to the start. */
  const discard = useCallback(() => {
    dropTake();
    setProblem(null);
    setElapsedSeconds(0);
    setStatus('idle');
  }, [dropTake]);

  /** The take as a File (the caller keeps it), and the recorder back to the start. */
  const keep = useCallback((): File | null => {
    if (!take) return null;
    const file = takeToFile(take);
    discard();
    return file;
  }, [discard, take]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      attempt.current += 1;
      clearTicker(ticker);
      const active = recorder.current;
      if (active && active.state !== 'inactive') active.stop();
      recorder.current = null;
      stopTracks(stream.current);
      stream.current = null;
      if (takeUrl.current) URL.revokeObjectURL(takeUrl.current);
      takeUrl.current = null;
    };
  }, []);

  return {
    status,
    liveStream,
    elapsedSeconds,
    take,
    problem,
    maxSeconds,
    start,
    stop,
    discard,
    keep,
    clearProblem: () => setProblem(null),
  };
}
