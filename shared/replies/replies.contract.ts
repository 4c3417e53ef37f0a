import { z } from 'zod';
import { nameSchema, textSchema } from '../text/names.ts';
import {
  type ReplyReaction,
  REPLY_KINDS,
  REPLY_TEXT_MAX,
  REPLY_NAME_MAX,
  isReplyReaction,
} from './reply-rules.ts';

export * from './reply-rules.ts';

/**
 * Replies (DESIGN §1.21): once a card is open, its recipient (or an invitation's guest) answers the sender with
 * a reaction, a short text, or a voice or video note, without an account. Only the card's owner sees them.
 * Decisions: docs/decisions/0035-replies.md.
 */

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
