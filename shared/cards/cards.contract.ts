import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { isWellFormedText, nameSchema } from '../text/names.ts';

/**
 * The card (SPEC §3 "Card (WINCS)") shared by the server and the create/edit form: the text-style and length
 * bounds, the input of create and update, SPEC §5's five finalisation checks, and the presented card.
 * Bounds are decided in docs/decisions/0005-cards.md (SPEC leaves them open).
 */

/** SPEC §3's fonts, in SPEC's order; 'default' is the app's own text font. */
export const FONT_FAMILIES = [
  'default',
  'Arial',
  'Times',
  'Helvetica',
  'Georgia',
  'Verdana',
  'Cursive',
  'Fantasy',
  'Impact',
  'Papyrus',
  'Brush Script',
  'Lucida Handwriting',
  'Chiller',
  'Creepster',
  'Halloween',
  'Gothic',
  'Spooky',
  'Monospace',
  'Comic Sans',
  'Trebuchet',
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const FONT_SIZE_MIN = 10;
export const FONT_SIZE_MAX = 48;
/** `#rgb` or `#rrggbb`: nothing a style attribute could be abused with. */
export const TEXT_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const TEXT_STYLE_DEFAULTS = { fontFamily: 'default', fontSize: 14, color: '#333' } as const satisfies {
  fontFamily: FontFamily;
  fontSize: number;
  color: string;
};

/** AI voice options (SPEC §5); choosing the selected one again clears it (null). */
export const VOICES = ['male', 'female'] as const;
export type Voice = (typeof VOICES)[number];

/** Sender and recipient names, after trimming. */
export const CARD_NAME_MAX_LENGTH = 60;
/** The message, after trimming (the AI writes ≤ 80 words, people may write more). */
export const CARD_MESSAGE_MAX_LENGTH = 1000;

export const textStylesSchema = z
  .object({
    fontFamily: z.enum(FONT_FAMILIES),
    fontSize: z.number().int().min(FONT_SIZE_MIN).max(FONT_SIZE_MAX),
    color: z.string().regex(TEXT_COLOR_PATTERN),
  })
  .strict();
export type TextStyles = z.infer<typeof textStylesSchema>;

/**
 * The body of POST /api/cards and PATCH /api/cards/:id. Every field is optional here: on create a missing
 * field is empty, on update it keeps its saved value; whether the card is complete is SPEC §5's five checks
 * (`validateCardDraft`), so the answer carries SPEC's message rather than a schema issue. Strings are trimmed
 * first. Text styles merge onto the defaults (create) or the saved styles (update).
 */
export const cardInputSchema = z
  .object({
    templateId: z.string().trim().max(200).nullable().optional(),
    senderName: nameSchema({ max: CARD_NAME_MAX_LENGTH }).optional(),
    recipientName: nameSchema({ max: CARD_NAME_MAX_LENGTH }).optional(),
    /** Free text keeps its bidi controls (a mixed Arabic and English message may need them), but must be text. */
    message: z
      .string()
      .refine(isWellFormedText, { message: 'invalid-characters', abort: true })
      .trim()
      .max(CARD_MESSAGE_MAX_LENGTH, 'too-long')
      .optional(),
    /** null clears the voice (and then fails the voice check). */
    selectedVoice: z.enum(VOICES).nullable().optional(),
    textStyles: textStylesSchema.partial().strict().optional(),
    /**
     * The card's language (DESIGN §1.17): its AI message, its voice and its recipient page. On create it
     * defaults to the sender's UI language; another one comes with Plus and Premium (DESIGN §1.18).
     */
    language: z.enum(LANGUAGES).optional(),
    /** The AI voice also reads the message aloud once the card is open (off unless the sender asks). */
    readMessageAloud: z.boolean().optional(),
    /** One email to the sender the first time someone opens the card (DESIGN §1.7); off unless asked. */
    notifyOnOpen: z.boolean().optional(),
    /** The recipient page offers to open the card with the recipient's face (DESIGN §1.6); on by default. */
    faceOpening: z.boolean().optional(),
  })
  .strict();
export type CardInput = z.input<typeof cardInputSchema>;
/** The input after parsing (trimmed). */
export type CardInputValues = z.output<typeof cardInputSchema>;

/** SPEC §5's finalisation checks in SPEC's order: stable codes (locale keys) and SPEC's English alerts. */
export const CARD_CHECKS = [
  { code: 'card.templateRequired', field: 'templateId', message: 'Please select a template first' },
  { code: 'card.senderRequired', field: 'senderName', message: 'Please enter sender name' },
  { code: 'card.recipientRequired', field: 'recipientName', message: 'Please enter recipient name' },
  { code: 'card.messageRequired', field: 'message', message: 'Please enter a message' },
  { code: 'card.voiceRequired', field: 'selectedVoice', message: 'Please select an AI voice' },
] as const;
export type CardCheck = (typeof CARD_CHECKS)[number];
export type CardCheckCode = CardCheck['code'];

/** What the checks look at; values may come straight from form fields (untrimmed, empty, null). */
export interface CardDraft {
  templateId?: string | null | undefined;
  senderName?: string | null | undefined;
  recipientName?: string | null | undefined;
  message?: string | null | undefined;
  selectedVoice?: string | null | undefined;
}

const isBlank = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * SPEC §5 card finalisation: trims, then answers the FIRST failing check in SPEC's order (the browser shows
 * one alert at a time), or null when the draft may be saved.
 */
export function validateCardDraft(draft: CardDraft): CardCheck | null {
  const failing: Record<CardCheck['field'], boolean> = {
    templateId: isBlank(draft.templateId),
    senderName: isBlank(draft.senderName),
    recipientName: isBlank(draft.recipientName),
    message: isBlank(draft.message),
    selectedVoice: !VOICES.includes(draft.selectedVoice as Voice),
  };
  return CARD_CHECKS.find((check) => failing[check.field]) ?? null;
}

/**
 * The card as the API presents it to its owner. Owner ids (userId, authorId, guestSessionId) never leave the
 * server. Media URLs are null until uploads land.
 */
export const cardSchema = z.object({
  id: z.string(),
  templateId: z.string().nullable(),
  /** The template's 400×533 cover at the time the card was made. */
  templateImageUrl: z.string().nullable(),
  senderName: z.string(),
  /** The recipient's name; SPEC §3 keeps it both as `name` and `recipientName`. */
  name: z.string(),
  recipientName: z.string(),
  message: z.string(),
  /** The template's name when the card was made. */
  title: z.string(),
  selectedVoice: z.enum(VOICES).nullable(),
  textStyles: textStylesSchema,
  language: z.enum(LANGUAGES),
  readMessageAloud: z.boolean(),
  /** The AI voice's greeting of the recipient by name, in the card's voice and language (DESIGN §1.13). */
  greetingAudioUrl: z.string().nullable(),
  /** The AI voice reading the message; null unless the sender asked for it. */
  messageAudioUrl: z.string().nullable(),
  recipientImageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  /** Still a guest's card (it moves to the account at sign-in). */
  isGuestCard: z.boolean(),
  isPaid: z.boolean(),
  isPublic: z.boolean(),
  /** How many recipient devices may open the card: the owner's plan's when it was paid (null: no limit). */
  viewLimit: z.number().int().nullable(),
  notifyOnOpen: z.boolean(),
  /** The sender's face-opening switch (it matters only once the card has a recipient photo). */
  faceOpening: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  lastModified: z.string(),
  updatedAt: z.string(),
  viewCount: z.number().int(),
});
export type Card = z.infer<typeof cardSchema>;

/**
 * The card as anyone holding its share link sees it (DESIGN §1.5, the recipient page): what the card shows
 * and nothing else — no owner, payment, guest or counter fields.
 */
export const publicCardSchema = cardSchema
  .pick({
    id: true,
    templateImageUrl: true,
    title: true,
    senderName: true,
    recipientName: true,
    message: true,
    selectedVoice: true,
    textStyles: true,
    language: true,
    greetingAudioUrl: true,
    messageAudioUrl: true,
    recipientImageUrl: true,
    videoUrl: true,
    audioUrl: true,
  })
  .extend({
    /** The page offers 'Open with your face': the sender left it on and the card has the recipient's photo. */
    faceOpening: z.boolean(),
  })
  .strict();
export type PublicCard = z.infer<typeof publicCardSchema>;

/** SPEC §9: unlocking a card (marking it paid, so it can be shared) costs 30 credits. */
export const CARD_UNLOCK_COST = 30;

/** The answer of POST /api/cards/:id/unlock: the paid card and the balance after (unchanged on a repeat). */
export const unlockCardResponseSchema = z.object({
  card: cardSchema,
  credits: z.number().int().nonnegative(),
  /** False when the card was already paid: nothing was charged this time. */
  charged: z.boolean(),
});
export type UnlockCardResponse = z.infer<typeof unlockCardResponseSchema>;

/** The API paths of cards, one place for the server routes and the browser client. */
export const cardsApi = {
  create: '/api/cards',
  card: (id: string) => `/api/cards/${encodeURIComponent(id)}`,
  unlock: (id: string) => `/api/cards/${encodeURIComponent(id)}/unlock`,
  /** The recipient page's card: a paid card to anyone with its link (DESIGN §1.5), no sign-in needed. */
  publicCard: (id: string) => `/api/public/cards/${encodeURIComponent(id)}`,
} as const;
