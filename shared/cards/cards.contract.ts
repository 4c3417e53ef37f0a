import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import {
  invitationInputSchema,
  invitationSchema,
  publicInvitationSchema,
} from '../invitations/invitation.contract.ts';
import { nameSchema, textSchema } from '../text/names.ts';
import { revealSchema } from './reveal.contract.ts';
import {
  CARD_MESSAGE_MAX_LENGTH,
  CARD_NAME_MAX_LENGTH,
  FONT_FAMILIES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  TEXT_COLOR_PATTERN,
  VOICES,
} from './card-rules.ts';

/**
 * The card (SPEC §3 "Card (WINCS)") shared by the server and the create/edit form: the input of create and
 * update and the presented card, built on the bounds and checks of `card-rules.ts`.
 */

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
    templateId: textSchema({ max: 200 }).nullable().optional(),
    senderName: nameSchema({ max: CARD_NAME_MAX_LENGTH }).optional(),
    recipientName: nameSchema({ max: CARD_NAME_MAX_LENGTH }).optional(),
    /** Text of several lines: it keeps its line breaks and bidi controls (shared/text/names.ts). */
    message: textSchema({ max: CARD_MESSAGE_MAX_LENGTH, multiline: true }).optional(),
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
    /**
     * The event that makes the WINC an invitation (DESIGN §1.20), given whole; null makes it a greeting card
     * again, left out keeps what is saved.
     */
    invitation: invitationInputSchema.nullable().optional(),
  })
  .strict();
export type CardInput = z.input<typeof cardInputSchema>;
/** The input after parsing (trimmed). */
export type CardInputValues = z.output<typeof cardInputSchema>;

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
  /** The event of an invitation; null for a greeting card. */
  invitation: invitationSchema.nullable(),
  /** When its link opens, if the sender scheduled it (DESIGN §1.22); null: as soon as it is paid. */
  reveal: revealSchema.nullable(),
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
    invitation: publicInvitationSchema.nullable(),
  })
  .strict();
export type PublicCard = z.infer<typeof publicCardSchema>;

/** The answer of POST /api/cards/:id/unlock: the paid card and the balance after (unchanged on a repeat). */
export const unlockCardResponseSchema = z.object({
  card: cardSchema,
  credits: z.number().int().nonnegative(),
  /** False when the card was already paid: nothing was charged this time. */
  charged: z.boolean(),
});
export type UnlockCardResponse = z.infer<typeof unlockCardResponseSchema>;
