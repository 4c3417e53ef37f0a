import type { Language } from '../../../../shared/i18n/languages.ts';

/**
 * What every language does with the sender's personal details before reading them: they are data typed by
 * a person, never instructions, so markup and links go, and anything that tries to steer the writer or
 * would make the card unkind is dropped whole (DESIGN §1.12).
 */

/** Details longer than this are a letter, not a detail; only their first sentences are read. */
const MAX_DETAIL_CHARS = 300;

/** Trimmed, markup and links removed, whitespace collapsed. */
export function cleanDetails(raw: string): string {
  return raw
    .replace(/<[^>]*>/gu, ' ')
    .replace(/\b(?:https?:\/\/|www\.)\S+/giu, ' ')
    .replace(/\S+@\S+\.\S+/gu, ' ')
    .replace(/[*_#`~>{}[\]|<\\]+/gu, ' ')
    .replace(/["“”«»„]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, MAX_DETAIL_CHARS)
    .replace(/^[\s,.;:!?-]+|[\s,;:-]+$/gu, '');
}

const letterBoundary = (words: readonly string[], open = false): RegExp =>
  new RegExp(`(?<!\\p{L})(?:${words.join('|')})${open ? '' : '(?!\\p{L})'}`, 'iu');

/** Attempts to give the writer other instructions, in the three languages. */
const STEERING = [
  /\b(?:ignore|disregard|override|bypass)\b/iu,
  /\b(?:previous|above|prior|earlier|following)\s+(?:instructions?|prompts?|text|rules?|message)\b/iu,
  /\b(?:system|hidden)\s+prompt\b|\bjailbreak\b|\bprompt\s+injection\b/iu,
  /\b(?:you are now|act as|pretend|roleplay|role-play|from now on|new instructions?)\b/iu,
  /\bforget\s+(?:everything|all|the|your|previous|what)\b/iu,
  /\bwrite\s+(?:an?\s+)?(?:insult|rude|mean|nasty|offensive|hateful|angry|breakup|poem about hate)/iu,
  /\b(?:instead|rather)\s+(?:write|say|make)\b/iu,
  letterBoundary(
    ['игнорируй', 'проигнорируй', 'притворись', 'представь, что ты', 'ты теперь', 'инструкци'],
    true,
  ),
  /забудь\s+(?:всё|все|предыдущ|инструкц|что)/iu,
  /напиши\s+(?:что-нибудь\s+)?(?:оскорб|гадост|грубо|злое|обидн)/iu,
  /تجاهل|تعليمات|تظاهر|أنت الآن|انس كل|اكتب\s+(?:إهانة|شتيمة|كلاما\s+بذيئا)/u,
];

/** Words that have no place in a greeting card, whoever asks for them. */
const UNKIND = [
  letterBoundary([
    'stupid',
    'idiot\\w*',
    'dumb',
    'moron\\w*',
    'hat(?:e|es|ed|eful|ing)',
    'ugly',
    'fat',
    'loser',
    'insult\\w*',
    'rude',
    'offensive',
    'nasty',
    'disgusting',
    'pathetic',
    'worthless',
    'kill\\w*',
    'die',
    'died',
    'dead',
    'suck\\w*',
    'fuck\\w*',
    'shit\\w*',
    'bitch\\w*',
    'bastard\\w*',
    'ass',
    'asshole\\w*',
    'crap\\w*',
    'damn\\w*',
    'retard\\w*',
    'jerk',
    'freak',
    'curse\\w*',
    'swear\\w*',
    'mock\\w*',
    'roast\\w*',
    'slut\\w*',
    'whore\\w*',
  ]),
  letterBoundary(
    [
      'туп',
      'дура',
      'дурак',
      'дурац',
      'идиот',
      'кретин',
      'урод',
      'жирн',
      'ненавиж',
      'ненавист',
      'оскорб',
      'груб',
      'гадост',
      'гадк',
      'мерзк',
      'сволоч',
      'бля',
      'хуй',
      'хуе',
      'пизд',
      'ебан',
      'ебат',
      'сука',
      'суки',
      'мудак',
      'умер',
      'смерт',
      'убей',
      'убить',
    ],
    true,
  ),
  new RegExp(
    `(?<!\\p{L})(?:و|ف|ب|ل|ال|وال|بال|لل)?(?:${[
      'غبي',
      'غبية',
      'أغبياء',
      'أحمق',
      'حمقاء',
      'تافه',
      'تافهة',
      'قبيح',
      'قبيحة',
      'أكره',
      'اكره',
      'أكرهك',
      'إهانة',
      'اهانة',
      'شتيمة',
      'اشتم',
      'وقح',
      'وقحة',
      'بذيء',
      'بذيئة',
      'حقير',
      'حقيرة',
      'لعنة',
      'ملعون',
      'مات',
      'ماتت',
      'موت',
    ].join('|')})(?!\\p{L})`,
    'u',
  ),
];

/** True when the details try to change the task or would make the card unkind: they are left out whole. */
export function isMischief(text: string): boolean {
  return [...STEERING, ...UNKIND].some((pattern) => pattern.test(text));
}

/** The language of the details by their letters; names and numbers in Latin script do not decide it. */
export function detailsLanguage(text: string): Language {
  const cyrillic = text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  const arabic = text.match(/\p{Script=Arabic}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  if (cyrillic > latin && cyrillic >= arabic) return 'ru';
  if (arabic > latin && arabic > cyrillic) return 'ar';
  return 'en';
}

/** Splits details into the sentences a sender wrote; each is read on its own. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?؟])\s+|\s*[\n;؛]\s*/u)
    .map((part) => part.replace(/^[\s,.;:!?؟،-]+|[\s,.;:!?؟،-]+$/gu, '').trim())
    .filter(Boolean);
}

/** The words of a text, as whitespace separates them. */
export function wordsOf(text: string): string[] {
  return text.split(/\s+/u).filter(Boolean);
}

/** Whether a fact fits in a card's sentence: a word at least, `maxWords` at most. */
export function fitsInSentence(text: string, maxWords: number): boolean {
  const count = wordsOf(text).length;
  return count > 0 && count <= maxWords;
}

/** Whole numbers in Latin or Arabic-Indic digits. */
export function toLatinDigits(text: string): string {
  return text.replace(/[٠-٩]/gu, (digit) => String(digit.charCodeAt(0) - 0x0660));
}

/** An age a card would mention. */
export function plausibleAge(value: string | undefined): number | null {
  const age = Number(value);
  return Number.isInteger(age) && age >= 1 && age <= 120 ? age : null;
}
