import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n/languages.ts';
import { nameSchema, textSchema } from '../text/names.ts';
import { CARD_NAME_MAX_LENGTH } from '../cards/card-rules.ts';
import { INVITATION_PLACE_MAX_LENGTH, INVITATION_TITLE_MAX_LENGTH } from '../invitations/invitation-rules.ts';

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

/**
 * SPEC §9's twelve occasions, and the ones every template of the catalog needs (a wedding is not a
 * 'Congratulations', a baby shower not a 'New Baby'), each beside its nearest; 'Invitation' writes an
 * invitation's text from its event.
 */
export const OCCASIONS = [
  'Birthday',
  'Graduation',
  'Wedding',
  'Engagement',
  'Anniversary',
  "Valentine's Day",
  'Holiday/Christmas',
  'Holiday/Halloween',
  'Holiday/Ramadan',
  'Holiday/Eid',
  'Holiday/Eid al-Adha',
  'Thank You',
  'Congratulations',
  'New Baby',
  'Baby Shower',
  'Bridal Shower',
  'Housewarming',
  'Retirement',
  'Get Well Soon',
  'Just Because',
  'Invitation',
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
 * category (or, failing that, of its name) by keywords in every language the catalog names them in, Birthday
 * when none matches. The order decides between names that hold two ("Eid al-Adha", "عيد ميلاد" is a birthday,
 * "عيد الميلاد المجيد" Christmas).
 */
const OCCASION_KEYWORDS: ReadonlyArray<readonly [Occasion, RegExp]> = [
  [
    'Holiday/Christmas',
    /christmas|xmas|new year|рождеств|новый год|الميلاد المجيد|ميلاد المسيح|كريسماس|رأس السنة/i,
  ],
  ['Birthday', /birthday|день рождения|ميلاد/i],
  ['Baby Shower', /baby shower|бэби-шауэр|беби-шауэр|استقبال المولود|سبوع|baby party/i],
  ['Bridal Shower', /bridal shower|hen party|девичник|حفل توديع العزوبية|ليلة الحناء|حناء/i],
  ['Engagement', /engage|помолвк|خطوبة|خطبة/i],
  ['Anniversary', /anniversar|годовщин|ذكرى الزواج|ذكرى زواج|عيد زواج/i],
  ['Wedding', /wedding|bride|groom|marri|свадьб|венчан|бракосочетан|زفاف|عرس|زواج/i],
  ['Graduation', /graduat|выпуск|تخرج/i],
  ["Valentine's Day", /valentine|love|влюблённ|валентин|حب/i],
  ['Holiday/Halloween', /halloween|хэллоуин|هالوين/i],
  ['Just Because', /just because|easter|friendship|просто так|пасх|الفصح|بدون مناسبة/i],
  ['Holiday/Ramadan', /ramadan|iftar|рамадан|ифтар|رمضان|إفطار|افطار/i],
  ['Holiday/Eid al-Adha', /adha|курбан|أضحى|اضحى/i],
  ['Holiday/Eid', /\beid\b|ураза|عيد/i],
  ['Housewarming', /housewarming|new home|новосель|منزل جديد|البيت الجديد|المنزل الجديد/i],
  ['Retirement', /retire|пенси|تقاعد/i],
  ['Thank You', /thank|спасибо|благодар|شكر/i],
  ['New Baby', /baby|newborn|малыш|новорожд|مولود|طفل/i],
  ['Get Well Soon', /get well|recover|выздоров|поправля|شفاء|سلامتك/i],
  ['Congratulations', /congrat|поздрав|تهنئة|تهان|مبروك/i],
];

function occasionByKeywords(name: string | null | undefined): Occasion | null {
  if (!name) return null;
  return OCCASION_KEYWORDS.find(([, pattern]) => pattern.test(name))?.[0] ?? null;
}

/** The occasion the AI dialog starts on for a template: its category's, else its name's, else Birthday. */
export function occasionForTemplate(template: {
  categoryName?: string | null;
  templateName?: string | null;
}): Occasion {
  return (
    occasionByKeywords(template.categoryName) ?? occasionByKeywords(template.templateName) ?? DEFAULT_OCCASION
  );
}

/** Whether the recipient's name names two or more people ("Jo & Sam", "Аня и Саша", "سارة وأحمد"). */
export function recipientCount(recipientName: string): 'one' | 'two' | 'many' {
  const people = recipientName
    .split(/\s*(?:&|\+|,|،|\band\b|(?<!\p{L})и(?!\p{L}))\s*|\s+و(?=\p{L})/iu)
    .map((part) => part.trim())
    .filter(Boolean);
  return people.length >= 3 ? 'many' : people.length === 2 ? 'two' : 'one';
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

/** What an invitation's text is written from: what, when (wall-clock, `YYYY-MM-DDTHH:MM`) and where. */
export const aiEventSchema = z
  .object({
    title: textSchema({ max: INVITATION_TITLE_MAX_LENGTH }).default(''),
    /** A start the form cannot read yet (the sender is still typing it) is left out, not refused. */
    startsAt: textSchema({ max: 40 })
      .transform((value) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/u.test(value) ? value : '',
      )
      .default(''),
    place: textSchema({ max: INVITATION_PLACE_MAX_LENGTH }).default(''),
  })
  .strict();
export type AiEvent = z.output<typeof aiEventSchema>;

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
    /** An invitation's event, which the 'Invitation' occasion writes from. */
    event: aiEventSchema.optional(),
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
    /** The personal details the built-in writer could not restate with confidence, as the sender typed them. */
    notWoven: z.array(z.string()),
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
  event?: AiEvent;
}
