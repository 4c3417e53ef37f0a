import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n/languages.ts';
import { nameSchema, textSchema } from '../text/names.ts';
import { CARD_NAME_MAX_LENGTH } from '../cards/card-rules.ts';

/**
 * The AI message writer (SPEC §2 'AI Generate', §4 AI message dialog, §7 generateAIMessage, §9 AI; DESIGN
 * §1.12): what the dialog sends, what the server streams back, and SPEC's limits and choices. The values are
 * stable identifiers (SPEC's English wording); the dialog shows them through locale keys.
 */

/** SPEC §9: an AI message is trimmed to this many words. */
export const AI_MESSAGE_MAX_WORDS = 80;
/** SPEC §5: the personal-details instruction holds at most this many characters (with a live counter). */
export const AI_INSTRUCTION_MAX_LENGTH = 500;
/** SPEC §9: the writer's answer arrives within this time, or the built-in writer answers instead. */
export const AI_TIMEOUT_MS = 70_000;

/** SPEC §9's twelve occasions, in SPEC's order. */
export const OCCASIONS = [
  'Birthday',
  'Graduation',
  "Valentine's Day",
  'Holiday/Christmas',
  'Holiday/Halloween',
  'Holiday/Ramadan',
  'Holiday/Eid',
  'Thank You',
  'Congratulations',
  'New Baby',
  'Get Well Soon',
  'Just Because',
] as const;
export type Occasion = (typeof OCCASIONS)[number];
export const DEFAULT_OCCASION: Occasion = 'Birthday';

/** SPEC §9's five tones; the dialog starts on the first. */
export const TONES = [
  'Heartfelt & Emotional',
  'Funny & Playful',
  'Professional & Formal',
  'Casual & Friendly',
  'Romantic & Sweet',
] as const;
export type Tone = (typeof TONES)[number];
export const DEFAULT_TONE: Tone = 'Heartfelt & Emotional';

/**
 * Who the recipient is to the sender. SPEC names only 'Close Friend' (the default); the rest is the list a
 * sender of greeting cards needs. Gendered relations let Arabic and Russian address the recipient correctly;
 * the others are written in forms that do not assume a gender.
 */
export const RELATIONSHIPS = [
  'Close Friend',
  'Friend',
  'Partner',
  'Husband',
  'Wife',
  'Mother',
  'Father',
  'Daughter',
  'Son',
  'Sister',
  'Brother',
  'Grandmother',
  'Grandfather',
  'Family Member',
  'Colleague',
  'Boss',
  'Teacher',
  'Neighbour',
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
export const DEFAULT_RELATIONSHIP: Relationship = 'Close Friend';

/** The recipient's grammatical gender where the relationship says it; null where it does not. */
export function relationshipGender(relationship: Relationship): 'female' | 'male' | null {
  switch (relationship) {
    case 'Wife':
    case 'Mother':
    case 'Daughter':
    case 'Sister':
    case 'Grandmother':
      return 'female';
    case 'Husband':
    case 'Father':
    case 'Son':
    case 'Brother':
    case 'Grandfather':
      return 'male';
    default:
      return null;
  }
}

/**
 * SPEC §9 "occasions mapped from a category name": the dialog preselects the occasion of the template's
 * category by keywords (any language the catalog names it in), Birthday when none matches. Categories SPEC
 * has no occasion for go to the nearest one (a wedding is a congratulation, a baby shower a new baby).
 */
const OCCASION_KEYWORDS: ReadonlyArray<readonly [Occasion, RegExp]> = [
  ['Birthday', /birthday|день рождения|ميلاد/i],
  ['Graduation', /graduat|выпуск|تخرج/i],
  ["Valentine's Day", /valentine|love|влюблённ|валентин|حب/i],
  ['Holiday/Christmas', /christmas|xmas|new year|рождеств|новый год|ميلاد المسيح|كريسماس/i],
  ['Holiday/Halloween', /halloween|хэллоуин|هالوين/i],
  ['Holiday/Ramadan', /ramadan|рамадан|رمضان/i],
  ['Holiday/Eid', /\beid\b|ураза|курбан|عيد/i],
  ['Thank You', /thank|спасибо|благодар|شكر/i],
  ['New Baby', /baby|newborn|малыш|рожден|مولود|طفل/i],
  ['Get Well Soon', /get well|recover|выздоравл|شفاء/i],
  ['Congratulations', /congrat|wedding|engagement|anniversary|поздрав|свадьб|تهنئة|زفاف|عرس/i],
  ['Just Because', /just because|easter|friendship|просто так|пасх|بدون مناسبة/i],
];

export function occasionForCategory(categoryName: string | null | undefined): Occasion {
  if (!categoryName) return DEFAULT_OCCASION;
  return OCCASION_KEYWORDS.find(([, pattern]) => pattern.test(categoryName))?.[0] ?? DEFAULT_OCCASION;
}

/** Splits on any run of whitespace: a word in every script the card may be written in. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

/** Spaces collapsed within lines, lines trimmed, at most one blank line between paragraphs. */
export function normalizeMessageWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/gu, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * SPEC §5: an AI message is trimmed to 80 words; its line breaks (a sign-off on its own line) stay. A cut text
 * ends on the last full sentence within the limit when there is one of reasonable length, otherwise on the
 * last whole word with an ellipsis, so a message never stops mid-thought without saying so.
 */
export function trimToWords(text: string, maxWords: number = AI_MESSAGE_MAX_WORDS): string {
  const normalized = normalizeMessageWhitespace(text);
  // Words at even indexes, the whitespace between them at odd ones.
  const parts = normalized.split(/(\s+)/u);
  if (countWords(normalized) <= maxWords) return normalized;
  const kept = parts.slice(0, maxWords * 2 - 1).join('');
  const sentenceEnd = Math.max(...['.', '!', '?', '؟', '…'].map((mark) => kept.lastIndexOf(mark)));
  if (sentenceEnd >= kept.length / 2) return kept.slice(0, sentenceEnd + 1).trim();
  return `${kept.replace(/[\s,;:،؛—-]+$/u, '')}…`;
}

/**
 * SPEC §7 generateAIMessage's fields, and the card's language (DESIGN §1.17). `previous` is the text the
 * dialog shows now, so 'Generate Another Message' answers a different one.
 */
export const aiMessageRequestSchema = z
  .object({
    occasion: z.enum(OCCASIONS),
    tone: z.enum(TONES),
    relationship: z.enum(RELATIONSHIPS),
    recipientName: nameSchema({ max: CARD_NAME_MAX_LENGTH }),
    senderName: nameSchema({ max: CARD_NAME_MAX_LENGTH }),
    personalDetails: textSchema({ max: AI_INSTRUCTION_MAX_LENGTH, multiline: true }).default(''),
    language: z.enum(LANGUAGES),
    previous: textSchema({ max: 4000, multiline: true }).optional(),
  })
  .strict();
export type AiMessageRequest = z.input<typeof aiMessageRequestSchema>;
export type AiMessageRequestValues = z.output<typeof aiMessageRequestSchema>;

/**
 * The answer of POST /api/ai/messages, streamed as server-sent events whose data is one of these: any number
 * of `delta` events while a provider writes, then one `done` event with the final, cleaned and trimmed text. `failed` says the
 * configured provider did not answer and the built-in writer's text is given instead (SPEC §8 'AI generation
 * failed'). An error before anything is streamed is an ordinary `{code, message}` answer.
 */
export const aiMessageEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    message: z.string(),
    writer: z.enum(['built-in', 'provider']),
    failed: z.boolean(),
  }),
]);
export type AiMessageEvent = z.infer<typeof aiMessageEventSchema>;

/** What the writer needs to compose one message; the service fills it from the request. */
export interface MessageBrief {
  occasion: Occasion;
  tone: Tone;
  relationship: Relationship;
  recipientName: string;
  senderName: string;
  personalDetails: string;
  language: Language;
}
