/**
 * What a file really is, read from its first bytes (never from its name or the declared Content-Type):
 * the audio and video containers browsers play. Images are recognised by sharp instead (see
 * image-sanitizer.ts), which also re-encodes them.
 */
export interface MediaFormat {
  /** File extension used in the storage key; it decides the Content-Type the file is served with. */
  ext: string;
  mime: string;
  /** The ISO BMFF family (mp4, mov, m4a) carries audio or video; the brand tells audio-only files apart. */
  audioOnly: boolean;
}

/** How many leading bytes `detectMediaFormat` needs. */
export const MEDIA_SNIFF_BYTES = 64;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** ISO base media (mp4, mov, m4a, 3gp): a `ftyp` box first, whose major brand names the flavour. */
function isoBaseMedia(head: Buffer): MediaFormat | null {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return null;
  const brand = ascii(head, 8, 12);
  if (brand === 'qt  ') return { ext: 'mov', mime: 'video/quicktime', audioOnly: false };
  if (brand === 'M4A ' || brand === 'M4B ') return { ext: 'm4a', mime: 'audio/mp4', audioOnly: true };
  if (/^[\x20-\x7e]{4}$/.test(brand)) return { ext: 'mp4', mime: 'video/mp4', audioOnly: false };
  return null;
}

/** Matroska/WebM: the EBML magic, then a DocType; browsers play the WebM flavour. */
function webm(head: Buffer): boolean {
  return (
    head.length >= 4 &&
    head[0] === 0x1a &&
    head[1] === 0x45 &&
    head[2] === 0xdf &&
    head[3] === 0xa3 &&
    head.includes('webm', 4, 'latin1')
  );
}

/** A file to be a card's video: mp4, mov or WebM. */
export function detectVideoFormat(head: Buffer): MediaFormat | null {
  const iso = isoBaseMedia(head);
  if (iso && !iso.audioOnly) return iso;
  if (webm(head)) return { ext: 'webm', mime: 'video/webm', audioOnly: false };
  return null;
}

/**
 * A file to be a card's voice message: MP3, AAC (ADTS), M4A/MP4 audio, Ogg (Opus/Vorbis), WAV, FLAC or WebM
 * audio (what Chromium's recorder makes; Safari's recorder makes MP4).
 */
export function detectAudioFormat(head: Buffer): MediaFormat | null {
  if (head.length < 4) return null;
  if (ascii(head, 0, 3) === 'ID3') return { ext: 'mp3', mime: 'audio/mpeg', audioOnly: true };
  if (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    // MPEG audio frame sync; layer bits 00 is ADTS (AAC), anything else an MPEG layer (MP3).
    return (head[1]! & 0x06) === 0
      ? { ext: 'aac', mime: 'audio/aac', audioOnly: true }
      : { ext: 'mp3', mime: 'audio/mpeg', audioOnly: true };
  }
  if (ascii(head, 0, 4) === 'OggS') return { ext: 'ogg', mime: 'audio/ogg', audioOnly: true };
  if (ascii(head, 0, 4) === 'fLaC') return { ext: 'flac', mime: 'audio/flac', audioOnly: true };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE')
    return { ext: 'wav', mime: 'audio/wav', audioOnly: true };
  const iso = isoBaseMedia(head);
  if (iso) return { ext: 'm4a', mime: 'audio/mp4', audioOnly: true };
  if (webm(head)) return { ext: 'weba', mime: 'audio/webm', audioOnly: true };
  return null;
}

/** The Content-Type of a stored media file, from the extension its key got when its content was checked. */
export function mediaTypeOfExtension(ext: string): string | null {
  const types: Record<string, string> = {
    mp4: 'video/mp4',
    mov: 'video/quicktime',
    webm: 'video/webm',
    mp3: 'audio/mpeg',
    aac: 'audio/aac',
    m4a: 'audio/mp4',
    ogg: 'audio/ogg',
    flac: 'audio/flac',
    wav: 'audio/wav',
    weba: 'audio/webm',
    webp: 'image/webp',
  };
  return types[ext] ?? null;
}
