/**
 * The card's rules that need no schema library (bounds, fonts, voices, SPEC §5's finalisation checks, the
 * unlock price), shared by the server, the card contract and the browser's pages, which load them without zod.
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

/** SPEC §9: unlocking a card (marking it paid, so it can be shared) costs 30 credits. */
export const CARD_UNLOCK_COST = 30;
