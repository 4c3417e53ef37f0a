import { z } from 'zod';
import { MB } from '../cards/card-media.ts';
import { nameSchema, textSchema } from '../text/names.ts';

/**
 * Replies (DESIGN §1.21): once a card is open, its recipient (or an invitation's guest) answers the sender with
 * a reaction, a short text, or a voice or video note, without an account. Only the card's owner sees them.
 * Decisions: docs/decisions/0035-replies.md.
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

/**
 * A reaction or a text reply, as sent. Lengths are bounded loosely here and exactly by `readReplyInput`, so an
 * over-long text or an unknown emoji is answered with its own code, not a generic validation failure.
 */
export const createReplyInputSchema = z.object({
  reaction: textSchema({ max: 32 }).optional(),
  text: textSchema({ max: REPLY_TEXT_MAX * 4, multiline: true }).optional(),
  name: nameSchema({ max: REPLY_NAME_MAX * 4 }).optional(),
});
export type CreateReplyInput = z.infer<typeof createReplyInputSchema>;

export type ReplyInputProblem = 'reply-empty' | 'reply-too-long' | 'unknown-reaction';

/** The checked reply: exactly one reaction from the list or one non-empty text of at most 500 characters. */
export function readReplyInput(
  input: CreateReplyInput,
):
  | { kind: 'reaction'; reaction: ReplyReaction; name: string | null }
  | { kind: 'text'; text: string; name: string | null }
  | { problem: ReplyInputProblem } {
  const name = replyNameOf(input.name);
  if (input.reaction !== undefined) {
    if (input.text !== undefined || !isReplyReaction(input.reaction)) return { problem: 'unknown-reaction' };
    return { kind: 'reaction', reaction: input.reaction, name };
  }
  const text = input.text?.trim() ?? '';
  if (text === '') return { problem: 'reply-empty' };
  // Counted as people count characters (an emoji is one), the way the text box counts them.
  if ([...text].length > REPLY_TEXT_MAX) return { problem: 'reply-too-long' };
  return { kind: 'text', text, name };
}

/** The name a reply is signed with: trimmed and cut to its length, or none. */
export function replyNameOf(name: string | null | undefined): string | null {
  const trimmed = [...(name ?? '').trim()].slice(0, REPLY_NAME_MAX).join('').trim();
  return trimmed === '' ? null : trimmed;
}

/** What the device that replied learns back: that it landed. */
export const sentReplySchema = z.object({
  id: z.string(),
  kind: z.enum(REPLY_KINDS),
  createdAt: z.string(),
});
export type SentReply = z.infer<typeof sentReplySchema>;

/** A reply as the card's owner sees it. */
export const replySchema = z.object({
  id: z.string(),
  cardId: z.string(),
  kind: z.enum(REPLY_KINDS),
  reaction: z.string().nullable(),
  text: z.string().nullable(),
  /** Who replied, as they signed it (a guest's name on an invitation); null when they did not say. */
  name: z.string().nullable(),
  /** The owner-only URL of a voice or video note. */
  mediaUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  createdAt: z.string(),
  /** When the owner first saw it in the card's details; null: new. */
  seenAt: z.string().nullable(),
});
export type Reply = z.infer<typeof replySchema>;

export const repliesResponseSchema = z.object({ replies: z.array(replySchema) });
export type RepliesResponse = z.infer<typeof repliesResponseSchema>;

/** The owner's cards with replies not seen yet: card id → how many. */
export const newRepliesResponseSchema = z.object({ cards: z.record(z.string(), z.number().int()) });
export type NewRepliesResponse = z.infer<typeof newRepliesResponseSchema>;

/** The profile's "Email me when someone replies" (on unless turned off). */
export const replyMailSettingSchema = z.object({ enabled: z.boolean() });
export type ReplyMailSetting = z.infer<typeof replyMailSettingSchema>;
