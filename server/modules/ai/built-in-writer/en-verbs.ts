/**
 * The English verbs the details reader knows, with their forms: "loves" is a verb of the third person,
 * "burnt" a past, "ran" has the participle "run". Only known verbs are recognised, so a noun that looks like
 * a verb form ("cats") never starts a clause.
 */

const REGULAR =
  'adopt adore agree arrive ask bake believe bike book call camp celebrate change chat cheer climb collect complete cook count cycle dance decide design dream earn end enjoy explore face fail finish fix garden graduate hate help hike hope host jog join jump kiss knit laugh launch learn like listen live look love marry miss move need open order organise organize paint pass play practise practice prepare promise qualify rescue retire row sail save score serve share shop sign ski smile start stay study surf switch talk text train travel try turn visit volunteer walk want watch welcome wish work worry'.split(
    ' ',
  );

/** Base, past, participle (the participle only when it differs from the past). */
const IRREGULAR: ReadonlyArray<readonly [string, string, string?]> = [
  ['be', 'was', 'been'],
  ['have', 'had'],
  ['do', 'did', 'done'],
  ['go', 'went', 'gone'],
  ['get', 'got'],
  ['make', 'made'],
  ['take', 'took', 'taken'],
  ['see', 'saw', 'seen'],
  ['come', 'came', 'come'],
  ['give', 'gave', 'given'],
  ['find', 'found'],
  ['buy', 'bought'],
  ['bring', 'brought'],
  ['think', 'thought'],
  ['teach', 'taught'],
  ['catch', 'caught'],
  ['win', 'won'],
  ['run', 'ran', 'run'],
  ['begin', 'began', 'begun'],
  ['swim', 'swam', 'swum'],
  ['write', 'wrote', 'written'],
  ['eat', 'ate', 'eaten'],
  ['drive', 'drove', 'driven'],
  ['ride', 'rode', 'ridden'],
  ['fly', 'flew', 'flown'],
  ['grow', 'grew', 'grown'],
  ['know', 'knew', 'known'],
  ['leave', 'left'],
  ['lose', 'lost'],
  ['meet', 'met'],
  ['sell', 'sold'],
  ['tell', 'told'],
  ['feel', 'felt'],
  ['keep', 'kept'],
  ['sleep', 'slept'],
  ['spend', 'spent'],
  ['build', 'built'],
  ['burn', 'burnt'],
  ['become', 'became', 'become'],
  ['sing', 'sang', 'sung'],
  ['break', 'broke', 'broken'],
  ['choose', 'chose', 'chosen'],
  ['fall', 'fell', 'fallen'],
  ['forget', 'forgot', 'forgotten'],
  ['hold', 'held'],
  ['read', 'read'],
  ['put', 'put'],
  ['set', 'set'],
  ['cut', 'cut'],
  ['quit', 'quit'],
  ['sit', 'sat'],
  ['stand', 'stood'],
  ['wear', 'wore', 'worn'],
  ['draw', 'drew', 'drawn'],
  ['throw', 'threw', 'thrown'],
  ['speak', 'spoke', 'spoken'],
  ['pay', 'paid'],
  ['say', 'said'],
  ['lead', 'led'],
  ['send', 'sent'],
  ['shoot', 'shot'],
  ['hit', 'hit'],
  ['let', 'let'],
  ['lend', 'lent'],
  ['understand', 'understood'],
  ['stop', 'stopped'],
  ['plan', 'planned'],
  ['drop', 'dropped'],
  ['skip', 'skipped'],
  ['travel', 'travelled'],
];
/** Forms that need no guessing: the third person of the irregular verbs, and the modals. */
const THIRD_IRREGULAR: Record<string, string> = {
  is: 'be',
  has: 'have',
  does: 'do',
  goes: 'go',
  "isn't": 'be',
  "hasn't": 'have',
  "doesn't": 'do',
};
const YOU_FORM: Record<string, string> = {
  is: 'are',
  was: 'were',
  has: 'have',
  does: 'do',
  "isn't": "aren't",
  "wasn't": "weren't",
  "hasn't": "haven't",
  "doesn't": "don't",
};

function thirdOf(base: string): string {
  if (/(?:s|sh|ch|x|z|o)$/u.test(base)) return `${base}es`;
  if (/[^aeiou]y$/u.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

function pastOf(base: string): string {
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/u.test(base)) return `${base.slice(0, -1)}ied`;
  return `${base}ed`;
}

const BASES = new Set([...REGULAR, ...IRREGULAR.map(([base]) => base)]);
const THIRD = new Map<string, string>([
  ...[...BASES].map((base) => [thirdOf(base), base] as const),
  ...Object.entries(THIRD_IRREGULAR),
]);
const PAST = new Map<string, string>([
  ...REGULAR.map((base) => [pastOf(base), base] as const),
  ...IRREGULAR.map(([base, past]) => [past, base] as const),
  ['were', 'be'],
  ['burned', 'burn'],
  ['learnt', 'learn'],
  ["wasn't", 'be'],
  ["didn't", 'do'],
]);
const PARTICIPLE = new Map<string, string>(
  IRREGULAR.map(([, past, participle]) => [past, participle ?? past] as const),
);

/** "loves", "is", "watches": a known verb in the third person singular of the present. */
export function isThirdPerson(word: string): boolean {
  return THIRD.has(word.toLowerCase());
}

/** "love", "meet": a known verb in its dictionary form. */
export function isBase(word: string): boolean {
  return BASES.has(word.toLowerCase());
}

/** "burnt", "moved", "was": a known verb in the past. */
export function isPast(word: string): boolean {
  return PAST.has(word.toLowerCase());
}

/** The verb's dictionary form ("moved" → "move", "loves" → "love"), or null for a word it does not know. */
export function baseOf(word: string): string | null {
  const lower = word.toLowerCase();
  if (BASES.has(lower)) return lower;
  return THIRD.get(lower) ?? PAST.get(lower) ?? null;
}

/** The form after "have": "ran" → "run", "moved" → "moved". */
export function participleOf(past: string): string {
  return PARTICIPLE.get(past.toLowerCase()) ?? past;
}

/** The verb as it agrees with "you": "loves" → "love", "is" → "are", "was" → "were"; a past stays a past. */
export function youForm(word: string): string {
  const lower = word.toLowerCase();
  const irregular = YOU_FORM[lower];
  if (irregular) return irregular;
  const base = THIRD.get(lower);
  return base ?? word;
}
