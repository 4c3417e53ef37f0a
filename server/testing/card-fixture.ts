import crypto from 'node:crypto';

/** A complete card for the fixture catalog's 'birthday-01' template: it passes SPEC §5's checks. */
export const cardDraft = {
  templateId: 'birthday-01',
  senderName: 'Sam',
  recipientName: 'Alex',
  message: 'Happy birthday!',
  selectedVoice: 'female',
};

/** The start of an mp4 (an `ftyp` box) followed by random bytes: a video by content. */
export function fakeVideo(size: number): Buffer {
  const bytes = crypto.randomBytes(size);
  bytes.writeUInt32BE(32, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}

/** An ID3 header followed by random bytes: audio by content. */
export const fakeVoice = (size: number): Buffer =>
  Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00'), crypto.randomBytes(size - 8)]);
