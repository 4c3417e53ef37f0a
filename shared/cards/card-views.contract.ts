import { z } from 'zod';
import { cardSchema } from './cards.contract.ts';

/**
 * Views of a shared card and what the sender learns of them (DESIGN §1.7): a view is a recipient device
 * opening the card; the page tells the server when that device heard the greeting, watched the video or
 * played the voice message, and My WINCS shows it to the sender, live.
 */

export const CARD_ACTIVITIES = ['greeting', 'video', 'voice-message'] as const;
export type CardActivity = (typeof CARD_ACTIVITIES)[number];

/** POST /api/public/cards/:id/activity — from a device that opened the card; anything else changes nothing. */
export const cardActivityRequestSchema = z.object({ activity: z.enum(CARD_ACTIVITIES) }).strict();
export type CardActivityRequest = z.infer<typeof cardActivityRequestSchema>;

/** What a card's recipients did, for its sender. */
export const cardViewsSummarySchema = z.object({
  /** Devices that opened it (the owner's own are not counted). */
  devices: z.number().int(),
  /** ISO 8601: when the first of them opened it. */
  firstOpenedAt: z.string(),
  greetingHeard: z.boolean(),
  videoWatched: z.boolean(),
  voiceMessagePlayed: z.boolean(),
});
export type CardViewsSummary = z.infer<typeof cardViewsSummarySchema>;

/**
 * A card's view limit as its sender sees it in My WINCS: whether a new device was turned away at it (since
 * it was last raised), whether the sender raised it, and the raise they may buy now (null: none — not reached,
 * raised already, or no plan allows more).
 */
export const viewLimitStatusSchema = z.object({
  reached: z.boolean(),
  raised: z.boolean(),
  offer: z.object({ limit: z.number().int(), credits: z.number().int() }).nullable(),
});
export type ViewLimitStatus = z.infer<typeof viewLimitStatusSchema>;

/** POST /api/cards/:id/view-limit — the owner raises the card's view limit (once): the card and the balance. */
export const raiseViewLimitResponseSchema = z.object({
  card: cardSchema,
  credits: z.number().int(),
});
export type RaiseViewLimitResponse = z.infer<typeof raiseViewLimitResponseSchema>;
