import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { CARD_NAME_MAX_LENGTH, VOICES } from '../cards/card-rules.ts';
import { nameSchema } from '../text/names.ts';
import { ADDRESS_FORMS } from '../cards/address-form.ts';

/** The AI voice (DESIGN §1.13): the editor's 'Hear it' preview. The greeting's wording is `greeting.ts`. */

/**
 * POST /api/voice/greetings — the editor's 'Hear it': the greeting for these names, voice and language. The
 * names follow the card's name rule, so the preview says what the card will.
 */
export const greetingPreviewRequestSchema = z
  .object({
    recipientName: nameSchema({ min: 1, max: CARD_NAME_MAX_LENGTH }),
    senderName: nameSchema({ min: 1, max: CARD_NAME_MAX_LENGTH }),
    voice: z.enum(VOICES),
    language: z.enum(LANGUAGES),
    /** The card's register, from its message and kind (`addressFormOf`), so the preview speaks like the card. */
    form: z.enum(ADDRESS_FORMS).default('informal'),
  })
  .strict();
export type GreetingPreviewRequest = z.input<typeof greetingPreviewRequestSchema>;
export type GreetingPreviewValues = z.output<typeof greetingPreviewRequestSchema>;

export const greetingPreviewResponseSchema = z.object({
  /** The spoken words, for captions. */
  text: z.string(),
  /** The synthesized greeting (MP3); the same words, voice and language always answer the same URL. */
  audioUrl: z.string(),
});
export type GreetingPreviewResponse = z.infer<typeof greetingPreviewResponseSchema>;
