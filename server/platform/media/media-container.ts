import { buffer } from 'node:stream/consumers';
import type { FileStorage } from '../storage/file-storage.ts';

/**
 * Whether a stored audio or video file really is one: its container parses (mediabunny, the library the
 * browser compresses videos with), it holds a track of the kind, and that track lasts longer than nothing.
 * A file whose first bytes merely look right (an `ftyp` box followed by zeros) is not. The file is read in
 * ranges, never whole: a 30 MB video costs only the bytes its index needs. mediabunny loads with the first file
 * checked.
 */
export async function holdsPlayableTrack(
  storage: Pick<FileStorage, 'openRead'>,
  key: string,
  size: number,
  kind: 'video' | 'audio',
): Promise<boolean> {
  const { ALL_FORMATS, CustomSource, Input } = await import('mediabunny');
  const input = new Input({
    formats: ALL_FORMATS,
    source: new CustomSource({
      getSize: () => size,
      read: async (start, end) =>
        new Uint8Array(await buffer(await storage.openRead(key, { start, end: end - 1 }))),
      prefetchProfile: 'network',
    }),
  });
  try {
    const track = kind === 'video' ? await input.getPrimaryVideoTrack() : await input.getPrimaryAudioTrack();
    return track !== null && (await input.computeDuration()) > 0;
  } catch {
    return false;
  } finally {
    input.dispose();
  }
}
