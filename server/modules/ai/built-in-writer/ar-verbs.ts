/**
 * The Arabic verbs people use in personal details ("يحب القهوة", "انتقلت للتو إلى دبي"), with what the
 * reader needs to say them back to the recipient: the forms a sender types (he, she, you, I, we, they, in the
 * past and the present) and the second person for one man, one woman, a recipient of unknown gender (the
 * plural of respect), two people (the dual) and more. No maintained Arabic morphology package on npm
 * conjugates offline, so the regular patterns are generated here and the verbs that bend (hollow, doubled,
 * defective, with a hamza) spell their forms out.
 */

/** Whom a form addresses: a man, a woman, one person of unknown gender, two people, more. */
export type Addressee = 'm' | 'f' | 'n' | 'two' | 'many';

/** Who a typed form speaks of. */
export type Speaker = 'third' | 'you' | 'i' | 'we';

export type Tense = 'past' | 'present';

/** The present in the indicative ("تحبين") and the subjunctive after أن/لن ("أن تحبي"). */
export type Mood = 'indicative' | 'subjunctive';

type Forms = Record<Addressee, string>;

export interface Verb {
  /** Liking verbs make a liking, not a clause ("تحب القهوة"). */
  liking?: boolean;
  /**
   * A word of theirs right after the verb is its object ("أنهى دراسته": finished his studies); after the
   * other verbs it is the subject ("فاز فريقه": his team won), and the clause is not about the recipient.
   */
  takesObject?: boolean;
  /** The second person in the past, for each addressee. */
  past: Forms;
  present: Forms;
  subjunctive: Forms;
  /** Every typed form (without vowel signs), and whom and when it speaks of. */
  typed: ReadonlyArray<{ form: string; spelled: string; speaker: Speaker; tense: Tense; plural?: boolean }>;
}

interface Spec {
  /** Third person masculine past and present, as written: "انتقل", "ينتقل". */
  past: string;
  present: string;
  liking?: boolean;
  /** The past stem before a consonant suffix when it is not the third person's: "عد" for عاد, "أنهي" for أنهى. */
  pastStem?: string;
  /** The present stems for the feminine and the plural when they differ: "تمش" for يمشي (تمشين، تمشون). */
  presentFeminine?: string;
  presentPlural?: string;
  presentDual?: string;
}

/** Verbs whose object commonly follows them as a word of theirs: "بدأ عمله", "افتتح مطعمها". */
const TAKES_OBJECT = new Set([
  'درس',
  'بدأ',
  'أنهى',
  'أكمل',
  'افتتح',
  'أطلق',
  'أسّس',
  'اشترى',
  'بنى',
  'زار',
  'جهّز',
  'حضّر',
  'تابع',
  'التقى',
  'خطب',
  'مارس',
  'افتقد',
  'ربّى',
  'صنع',
  'كتب',
  'رسم',
  'طبخ',
  'جمع',
  'زرع',
  'صوّر',
  'انتظر',
  'قضى',
  'شجّع',
  'اجتاز',
  'أنجب',
]);

const SPECS: readonly Spec[] = [
  { past: 'أحبّ', present: 'يحب', liking: true, pastStem: 'أحبب' },
  { past: 'عشق', present: 'يعشق', liking: true },
  {
    past: 'هوى',
    present: 'يهوى',
    liking: true,
    pastStem: 'هوي',
    presentFeminine: 'تهو',
    presentPlural: 'تهو',
    presentDual: 'تهوي',
  },
  { past: 'عشق', present: 'يموت في', liking: true },
  { past: 'درس', present: 'يدرس' },
  { past: 'عمل', present: 'يعمل' },
  { past: 'اشتغل', present: 'يشتغل' },
  { past: 'انتقل', present: 'ينتقل' },
  { past: 'تخرّج', present: 'يتخرّج' },
  { past: 'بدأ', present: 'يبدأ', presentFeminine: 'تبدئ', presentPlural: 'تبدؤ', presentDual: 'تبدآ' },
  {
    past: 'أنهى',
    present: 'ينهي',
    pastStem: 'أنهي',
    presentFeminine: 'تنه',
    presentPlural: 'تنه',
    presentDual: 'تنهي',
  },
  { past: 'سافر', present: 'يسافر' },
  { past: 'تزوّج', present: 'يتزوّج' },
  { past: 'أنجب', present: 'ينجب' },
  { past: 'حصل', present: 'يحصل' },
  { past: 'نجح', present: 'ينجح' },
  { past: 'تعلّم', present: 'يتعلّم' },
  { past: 'لعب', present: 'يلعب' },
  { past: 'عزف', present: 'يعزف' },
  { past: 'كتب', present: 'يكتب' },
  { past: 'قرأ', present: 'يقرأ', presentFeminine: 'تقرئ', presentPlural: 'تقرؤ', presentDual: 'تقرآ' },
  { past: 'رسم', present: 'يرسم' },
  { past: 'طبخ', present: 'يطبخ' },
  { past: 'ركض', present: 'يركض' },
  { past: 'سبح', present: 'يسبح' },
  { past: 'مارس', present: 'يمارس' },
  {
    past: 'جرى',
    present: 'يجري',
    pastStem: 'جري',
    presentFeminine: 'تجر',
    presentPlural: 'تجر',
    presentDual: 'تجري',
  },
  {
    past: 'مشى',
    present: 'يمشي',
    pastStem: 'مشي',
    presentFeminine: 'تمش',
    presentPlural: 'تمش',
    presentDual: 'تمشي',
  },
  { past: 'خطّط', present: 'يخطّط' },
  { past: 'استعدّ', present: 'يستعد', pastStem: 'استعدد' },
  { past: 'جهّز', present: 'يجهّز' },
  { past: 'حضّر', present: 'يحضّر' },
  { past: 'سكن', present: 'يسكن' },
  { past: 'أقام', present: 'يقيم', pastStem: 'أقم' },
  { past: 'زار', present: 'يزور', pastStem: 'زر' },
  { past: 'عاد', present: 'يعود', pastStem: 'عد' },
  { past: 'صار', present: 'يصير', pastStem: 'صر' },
  { past: 'أصبح', present: 'يصبح' },
  { past: 'فاز', present: 'يفوز', pastStem: 'فز' },
  {
    past: 'اشترى',
    present: 'يشتري',
    pastStem: 'اشتري',
    presentFeminine: 'تشتر',
    presentPlural: 'تشتر',
    presentDual: 'تشتري',
  },
  {
    past: 'بنى',
    present: 'يبني',
    pastStem: 'بني',
    presentFeminine: 'تبن',
    presentPlural: 'تبن',
    presentDual: 'تبني',
  },
  { past: 'افتتح', present: 'يفتتح' },
  { past: 'أطلق', present: 'يطلق' },
  { past: 'أسّس', present: 'يؤسّس' },
  { past: 'تدرّب', present: 'يتدرّب' },
  { past: 'احتفل', present: 'يحتفل' },
  { past: 'استمتع', present: 'يستمتع' },
  { past: 'شجّع', present: 'يشجّع' },
  { past: 'تابع', present: 'يتابع' },
  { past: 'جمع', present: 'يجمع' },
  { past: 'زرع', present: 'يزرع' },
  { past: 'صوّر', present: 'يصوّر' },
  { past: 'رقص', present: 'يرقص' },
  { past: 'انتظر', present: 'ينتظر' },
  { past: 'حلم', present: 'يحلم' },
  { past: 'عاش', present: 'يعيش', pastStem: 'عش' },
  { past: 'وصل', present: 'يصل' },
  { past: 'التحق', present: 'يلتحق' },
  { past: 'تقاعد', present: 'يتقاعد' },
  {
    past: 'ترقّى',
    present: 'يترقّى',
    pastStem: 'ترقّي',
    presentFeminine: 'تترقّ',
    presentPlural: 'تترقّ',
    presentDual: 'تترقّي',
  },
  { past: 'خطب', present: 'يخطب' },
  { past: 'تعرّف', present: 'يتعرّف' },
  {
    past: 'التقى',
    present: 'يلتقي',
    pastStem: 'التقي',
    presentFeminine: 'تلتق',
    presentPlural: 'تلتق',
    presentDual: 'تلتقي',
  },
  { past: 'افتقد', present: 'يفتقد' },
  { past: 'اشتاق', present: 'يشتاق', pastStem: 'اشتق' },
  { past: 'رُزق', present: 'يُرزق' },
  { past: 'ضحك', present: 'يضحك' },
  { past: 'ربح', present: 'يربح' },
  { past: 'أكمل', present: 'يكمل' },
  { past: 'اجتاز', present: 'يجتاز', pastStem: 'اجتز' },
  {
    past: 'قضى',
    present: 'يقضي',
    pastStem: 'قضي',
    presentFeminine: 'تقض',
    presentPlural: 'تقض',
    presentDual: 'تقضي',
  },
  { past: 'طار', present: 'يطير', pastStem: 'طر' },
  { past: 'تسلّق', present: 'يتسلّق' },
  { past: 'صنع', present: 'يصنع' },
  {
    past: 'ربّى',
    present: 'يربّي',
    pastStem: 'ربّي',
    presentFeminine: 'تربّ',
    presentPlural: 'تربّ',
    presentDual: 'تربّي',
  },
  {
    past: 'اعتنى',
    present: 'يعتني',
    pastStem: 'اعتني',
    presentFeminine: 'تعتن',
    presentPlural: 'تعتن',
    presentDual: 'تعتني',
  },
];

/** Vowel signs and the tatweel, which people type or leave out at will. */
const MARKS = /[\u064B-\u0652\u0670\u0640]/gu;

/** A word as the reader compares it: no vowel signs, one alef, a final ى as ي, a final ة as ه. */
export function normal(word: string): string {
  return word
    .replace(MARKS, '')
    .replace(/[أإآ]/gu, 'ا')
    .replace(/ى(?=\s|$)/gu, 'ي')
    .replace(/ة(?=\s|$)/gu, 'ه');
}

function build(spec: Spec): Verb {
  const stem = spec.present.replace(/^ي/u, '');
  const [first, ...rest] = stem.split(' ');
  const tail = rest.length > 0 ? ` ${rest.join(' ')}` : '';
  const t = `ت${first}`;
  const feminine = spec.presentFeminine ?? t;
  const plural = spec.presentPlural ?? t;
  const dual = spec.presentDual ?? t;
  const pastStem = spec.pastStem ?? spec.past;
  const defective = spec.past.endsWith('ى');
  const pastBase = pastStem;
  const say = (word: string) => `${word}${tail}`;
  const verb: Verb = {
    ...(spec.liking ? { liking: true } : {}),
    ...(spec.liking || TAKES_OBJECT.has(spec.past) ? { takesObject: true } : {}),
    past: {
      m: say(`${pastBase}تَ`),
      f: say(`${pastBase}تِ`),
      n: say(`${pastBase}تم`),
      two: say(`${pastBase}تما`),
      many: say(`${pastBase}تم`),
    },
    present: {
      m: say(t),
      f: say(`${feminine}ين`),
      n: say(`${plural}ون`),
      two: say(`${dual}ان`),
      many: say(`${plural}ون`),
    },
    subjunctive: {
      m: say(t),
      f: say(`${feminine}ي`),
      n: say(`${plural}وا`),
      two: say(`${dual}ا`),
      many: say(`${plural}وا`),
    },
    typed: [],
  };
  const present = (prefix: string) => `${prefix}${first}`;
  const typed: Array<{ form: string; speaker: Speaker; tense: Tense; plural?: boolean }> = [
    { form: spec.past, speaker: 'third', tense: 'past' },
    { form: `${defective ? spec.past.slice(0, -1) : spec.past}ت`, speaker: 'third', tense: 'past' },
    {
      form: `${defective ? spec.past.slice(0, -1) : spec.past}وا`,
      speaker: 'third',
      tense: 'past',
      plural: true,
    },
    { form: `${defective ? pastStem : spec.past}ا`, speaker: 'third', tense: 'past', plural: true },
    { form: `${pastBase}تم`, speaker: 'you', tense: 'past', plural: true },
    { form: `${pastBase}تما`, speaker: 'you', tense: 'past', plural: true },
    { form: `${pastBase}نا`, speaker: 'we', tense: 'past' },
    { form: present('ي'), speaker: 'third', tense: 'present' },
    { form: present('ت'), speaker: 'third', tense: 'present' },
    { form: `${plural.replace(/^ت/u, 'ي')}ون`, speaker: 'third', tense: 'present', plural: true },
    { form: `${dual.replace(/^ت/u, 'ي')}ان`, speaker: 'third', tense: 'present', plural: true },
    { form: `${feminine}ين`, speaker: 'you', tense: 'present' },
    { form: `${plural}ون`, speaker: 'you', tense: 'present', plural: true },
    { form: `${dual}ان`, speaker: 'you', tense: 'present', plural: true },
    { form: present('أ'), speaker: 'i', tense: 'present' },
    { form: present('ن'), speaker: 'we', tense: 'present' },
  ];
  verb.typed = typed.map((entry) => {
    const first = entry.form.split(' ')[0] ?? '';
    return { ...entry, form: normal(first), spelled: first.replace(MARKS, '') };
  });
  return verb;
}

export const VERBS: readonly Verb[] = SPECS.map(build);

/** What one typed word is, when it is one of the verbs. */
export interface VerbForm {
  verb: Verb;
  speaker: Speaker;
  tense: Tense;
  /** The word was in the future ("سيسافر"). */
  future: boolean;
  /** The word carried a joined "and" ("وتدرس"). */
  joined: boolean;
  /** "They" or "you all" (a couple or a group was typed of). */
  plural: boolean;
}

const BY_FORM = new Map<string, Array<Omit<VerbForm, 'future' | 'joined'> & { spelled: string }>>();
for (const verb of VERBS) {
  for (const entry of verb.typed) {
    const list = BY_FORM.get(entry.form) ?? [];
    if (!list.some((known) => known.verb === verb && known.speaker === entry.speaker))
      list.push({
        verb,
        speaker: entry.speaker,
        tense: entry.tense,
        plural: entry.plural ?? false,
        spelled: entry.spelled,
      });
    BY_FORM.set(entry.form, list);
  }
}

/**
 * The verb a typed word is ("وتدرس" → درس, joined), or null. Without vowel signs some forms are two things:
 * "أفتقد" is "I miss" and "افتقد" "he missed", "أحب" is "I love" or "he loved"; a written hamza reads as
 * "I" unless the sentence speaks of them (`third`).
 */
export function verbForm(word: string, prefer: 'i' | 'third' = 'i'): VerbForm | null {
  const plain = normal(word);
  if (/[\u064B-\u064D]/u.test(word)) return null;
  const spelled = word.replace(MARKS, '');
  const tries: Array<{ form: string; spelled: string; joined: boolean; future: boolean }> = [
    { form: plain, spelled, joined: false, future: false },
  ];
  if (/^[وف]/u.test(plain))
    tries.push({ form: plain.slice(1), spelled: spelled.slice(1), joined: true, future: false });
  for (const attempt of [...tries])
    if (/^س[يتان]/u.test(attempt.form))
      tries.push({
        form: attempt.form.slice(1),
        spelled: attempt.spelled.slice(1),
        joined: attempt.joined,
        future: true,
      });
  const hamza = /^[وف]?أ/u.test(word);
  for (const attempt of tries) {
    const found = (BY_FORM.get(attempt.form) ?? []).filter(
      (entry) => !attempt.future || entry.tense === 'present',
    );
    if (found.length === 0) continue;
    const exact = found.filter((entry) => entry.spelled === attempt.spelled);
    if (exact.length > 0 && exact.length < found.length) found.splice(0, found.length, ...exact);
    const first =
      hamza && prefer === 'i'
        ? (found.find((entry) => entry.speaker === 'i') ?? found[0]!)
        : (found.find((entry) => entry.speaker !== 'i') ?? found[0]!);
    const { spelled: _, ...form } = first;
    return { ...form, joined: attempt.joined, future: attempt.future };
  }
  return null;
}
