import { describe, expect, it } from 'vitest';
import { detectAudioFormat, detectVideoFormat, mediaTypeOfExtension } from './media-format.ts';

/** An ISO BMFF file start: a 32-byte `ftyp` box with the given major brand. */
function ftyp(brand: string): Buffer {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(32, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brand, 8, 'latin1');
  return box;
}
const ebml = (docType: string) =>
  Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from(docType)]);

describe('media formats by content', () => {
  it('recognises the videos browsers play: mp4, mov and WebM', () => {
    expect(detectVideoFormat(ftyp('isom'))).toMatchObject({ ext: 'mp4', mime: 'video/mp4' });
    expect(detectVideoFormat(ftyp('mp42'))).toMatchObject({ ext: 'mp4' });
    expect(detectVideoFormat(ftyp('qt  '))).toMatchObject({ ext: 'mov', mime: 'video/quicktime' });
    expect(detectVideoFormat(ebml('webm'))).toMatchObject({ ext: 'webm', mime: 'video/webm' });
  });

  it('refuses as a video: audio-only mp4, Matroska that is not WebM, HTML, images and short files', () => {
    expect(detectVideoFormat(ftyp('M4A '))).toBeNull();
    expect(detectVideoFormat(ebml('matroska'))).toBeNull();
    expect(detectVideoFormat(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(detectVideoFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toBeNull();
    expect(detectVideoFormat(Buffer.from('ftyp'))).toBeNull();
  });

  it('recognises voice messages: MP3, AAC, M4A, Ogg, FLAC, WAV and WebM audio', () => {
    expect(detectAudioFormat(Buffer.from('ID3\x04\x00\x00\x00\x00'))).toMatchObject({ ext: 'mp3' });
    expect(detectAudioFormat(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toMatchObject({ ext: 'mp3' });
    expect(detectAudioFormat(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toMatchObject({ ext: 'aac' });
    expect(detectAudioFormat(ftyp('M4A '))).toMatchObject({ ext: 'm4a', mime: 'audio/mp4' });
    expect(detectAudioFormat(ftyp('mp42'))).toMatchObject({ ext: 'm4a' });
    expect(detectAudioFormat(Buffer.from('OggS\x00\x02\x00\x00'))).toMatchObject({ ext: 'ogg' });
    expect(detectAudioFormat(Buffer.from('fLaC\x00\x00\x00\x22'))).toMatchObject({ ext: 'flac' });
    expect(detectAudioFormat(Buffer.from('RIFF\x24\x08\x00\x00WAVEfmt '))).toMatchObject({ ext: 'wav' });
    expect(detectAudioFormat(ebml('webm'))).toMatchObject({ ext: 'weba', mime: 'audio/webm' });
  });

  it('refuses as audio: text, HTML, images and RIFF files that are not WAVE', () => {
    expect(detectAudioFormat(Buffer.from('hello world'))).toBeNull();
    expect(detectAudioFormat(Buffer.from('<html><body>'))).toBeNull();
    expect(detectAudioFormat(Buffer.from('RIFF\x24\x08\x00\x00WEBPVP8 '))).toBeNull();
    expect(detectAudioFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
  });

  it('serves each stored extension with its type, and nothing else', () => {
    expect(mediaTypeOfExtension('mp4')).toBe('video/mp4');
    expect(mediaTypeOfExtension('weba')).toBe('audio/webm');
    expect(mediaTypeOfExtension('webp')).toBe('image/webp');
    expect(mediaTypeOfExtension('html')).toBeNull();
  });
});
