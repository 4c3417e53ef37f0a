/**
 * A video's display size and duration, read from its container without decoding a frame (mediabunny, loaded on
 * first use). SPEC §5 compresses a 5–10 MB video whose metadata cannot be read, so every failure, including a
 * slow read, is simply null.
 */

export interface VideoMetadata {
  /** Display size: rotation metadata applied (a portrait phone video is taller than wide). */
  width: number;
  height: number;
  /** Seconds; null when the container does not say. */
  duration: number | null;
  /** mediabunny's codec names ('avc', 'hevc', 'vp9', 'aac', 'opus', …); null when unknown or absent. */
  videoCodec: string | null;
  audioCodec: string | null;
}

/** Reading a header takes milliseconds; a file that needs longer is treated as unreadable. */
export const VIDEO_METADATA_TIMEOUT_MS = 5_000;

export async function readVideoMetadata(
  file: Blob,
  options: { timeoutMs?: number } = {},
): Promise<VideoMetadata | null> {
  const timeoutMs = options.timeoutMs ?? VIDEO_METADATA_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dispose = () => {};
  let finished = false;
  const read = (async (): Promise<VideoMetadata | null> => {
    const { ALL_FORMATS, BlobSource, Input } = await import('mediabunny');
    const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
    dispose = () => input.dispose();
    // Timed out while mediabunny was still loading: nobody waits for this input any more.
    if (finished) dispose();
    const videoTrack = await input.getPrimaryVideoTrack();
    if (!videoTrack) return null;
    const audioTrack = await input.getPrimaryAudioTrack();
    const [width, height, duration, videoCodec, audioCodec] = await Promise.all([
      videoTrack.getDisplayWidth(),
      videoTrack.getDisplayHeight(),
      input.getDurationFromMetadata([videoTrack]),
      videoTrack.getCodec(),
      audioTrack ? audioTrack.getCodec() : null,
    ]);
    return { width, height, duration, videoCodec, audioCodec };
  })();
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([read, timeout]);
  } catch {
    return null;
  } finally {
    finished = true;
    clearTimeout(timer);
    dispose();
  }
}
