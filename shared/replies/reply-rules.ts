import { MB } from '../cards/card-media.ts';

/**
 * A reply's figures and choices, without their schemas (replies.contract.ts, which re-exports them): the pages
 * that show replies or send a note load these with their first screen, and zod only where a reply is checked.
 */

/** The six reactions a reply may be: the greetings' feelings, love, laughter, tears, warmth, party, thanks. */
export const REPLY_REACTIONS = ['❤️', '😂', '😭', '🥰', '🎉', '🙏'] as const;
export type ReplyReaction = (typeof REPLY_REACTIONS)[number];

export const REPLY_KINDS = ['reaction', 'text', 'voice', 'video'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];
export type ReplyMediaKind = Extract<ReplyKind, 'voice' | 'video'>;
export const REPLY_MEDIA_KINDS = ['voice', 'video'] as const satisfies readonly ReplyMediaKind[];

/** A text reply, trimmed: a few sentences, like a card's own back. */
export const REPLY_TEXT_MAX = 500;
/** Who replies, as they sign it. */
export const REPLY_NAME_MAX = 80;
/** A voice or video note lasts at most a minute. */
export const REPLY_MEDIA_MAX_SECONDS = 60;
/**
 * The largest note accepted, refused before any byte: 60 s of video compressed on the device at the sender
 * video's ~1.5 Mbps plus its audio is ~12 MB, 20 MB leaves room for a camera's keyframes; 60 s of Opus or AAC
 * voice at up to 128 kbps is ~1 MB, 2 MB leaves room for a browser's container overhead.
 */
export const REPLY_MEDIA_MAX_BYTES: Record<ReplyMediaKind, number> = { voice: 2 * MB, video: 20 * MB };

/** The tus `Upload-Metadata` keys of a voice or video reply's upload. */
export const REPLY_UPLOAD_METADATA_KEYS = {
  cardId: 'cardId',
  /** An invitation guest's link token, instead of the card. */
  guestToken: 'guestToken',
  kind: 'kind',
  name: 'name',
} as const;

export function isReplyReaction(value: string): value is ReplyReaction {
  return (REPLY_REACTIONS as readonly string[]).includes(value);
}

export function isReplyMediaKind(value: string): value is ReplyMediaKind {
  return (REPLY_MEDIA_KINDS as readonly string[]).includes(value);
}
