import { z } from 'zod';
import { CARD_NAME_MAX_LENGTH, VOICES } from '../cards/cards.contract.ts';
import { LANGUAGES, type Language } from '../i18n/languages.ts';

/**
 * The AI voice (DESIGN §1.13): the greeting it speaks to the recipient, and the editor's 'Hear it' preview.
 * The greeting's wording lives here because the server speaks it and the recipient page shows it as captions.
 */

/**
 * "Hi {recipient}, {sender} made something for you" (DESIGN §1.5) as each language says it naturally. The
 * Arabic and Russian forms are chosen so that neither the sender's nor the recipient's gender has to be known:
 * Arabic "here is something special from…" has no gendered verb, and Russian uses the present tense, whose
 * verb does not change with gender as the past tense would.
 */
export function greetingText(language: Language, recipientName: string, senderName: string): string {
  const recipient = recipientName.trim();
  const sender = senderName.trim();
  switch (language) {
    case 'ar':
      return `مرحباً يا ${recipient}! إليك شيء مميز من ${sender}.`;
    case 'ru':
      return `Привет, ${recipient}! ${sender} дарит тебе кое-что особенное.`;
    default:
      return `Hi ${recipient}, ${sender} made something for you.`;
  }
}

/** POST /api/voice/greetings — the editor's 'Hear it': the greeting for these names, voice and language. */
export const greetingPreviewRequestSchema = z
  .object({
    recipientName: z.string().trim().min(1).max(CARD_NAME_MAX_LENGTH),
    senderName: z.string().trim().min(1).max(CARD_NAME_MAX_LENGTH),
    voice: z.enum(VOICES),
    language: z.enum(LANGUAGES),
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

export const voiceApi = {
  greetingPreview: '/api/voice/greetings',
  /** A synthesized clip, named by what it says (text, voice, language, engine): it never changes. */
  clip: (clipId: string) => `/media/voice/${encodeURIComponent(clipId)}.mp3`,
} as const;
