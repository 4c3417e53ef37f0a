import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { wellFormedTextSchema } from '../text/names.ts';
import { LOCAL_DATE_TIME_PATTERN } from '../time/zoned-time.ts';

/**
 * A card's scheduled reveal (DESIGN §1.22, docs/decisions/0036-scheduled-reveal.md): the sender picks a
 * wall-clock time in the recipient's zone; before it the share link shows only the sealed cover.
 */

/** How far ahead a reveal may be set: a year and a day, so 'same day next year' always fits. */
export const REVEAL_MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/** Whether a card with this reveal is still sealed at `now`: the one comparison every gate makes. */
export function isSealed(card: { revealAt: Date | null }, now: Date): boolean {
  return card.revealAt !== null && card.revealAt.getTime() > now.getTime();
}

/**
 * The body of PUT /api/cards/:id/reveal: the moment as `<input type="datetime-local">` holds it and the IANA
 * zone it is in; `null` reveals the card now (cancelling a scheduled reveal).
 */
export const revealRequestSchema = z
  .object({
    reveal: z
      .object({
        at: z.string().regex(LOCAL_DATE_TIME_PATTERN),
        timeZone: wellFormedTextSchema().min(1).max(64),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type RevealRequest = z.infer<typeof revealRequestSchema>;

/** A card's reveal as its owner sees it. */
export const revealSchema = z.object({
  /** ISO 8601 instant (UTC). */
  revealAt: z.string(),
  /** Canonical IANA zone name. */
  timeZone: z.string(),
  /** The wall-clock time it opens at in `timeZone` (`YYYY-MM-DDTHH:mm`). */
  localTime: z.string(),
});
export type Reveal = z.infer<typeof revealSchema>;

/**
 * The answer of setting a reveal: the reveal as saved (null: the card is open), and whether the time asked
 * for did not exist in the zone (a daylight-saving gap) and was moved forward to `localTime`.
 */
export const revealResponseSchema = z.object({
  reveal: revealSchema.nullable(),
  adjusted: z.boolean(),
});
export type RevealResponse = z.infer<typeof revealResponseSchema>;

/**
 * What anyone holding the link of a card still sealed gets: the cover, who it is for and from, and when it
 * opens — never the message, media, greeting or event.
 */
export const sealedCardSchema = z
  .object({
    sealed: z.literal(true),
    id: z.string(),
    templateImageUrl: z.string().nullable(),
    senderName: z.string(),
    recipientName: z.string(),
    language: z.enum(LANGUAGES),
    /** Whether it is an invitation (its wording), without any of the event. */
    isInvitation: z.boolean(),
    revealAt: z.string(),
    timeZone: z.string(),
  })
  .strict();
export type SealedCard = z.infer<typeof sealedCardSchema>;
