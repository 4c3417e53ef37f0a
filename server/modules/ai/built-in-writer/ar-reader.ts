import { fitsInSentence, plausibleAge, sentencesOf, toLatinDigits } from './details.ts';
import { normal, verbForm, type Addressee, type VerbForm } from './ar-verbs.ts';
import type { DetailFact, DetailsReading, WritingContext } from './types.ts';

/**
 * Reads personal details typed in Arabic into facts said to the recipient. Each clause (a sentence, a part
 * between commas, a verb joined with و) is read on its own: an age, a liking ("يحب القهوة" → "تحبّ
 * القهوة"), a clause with a known verb restated in the second person of the recipient's gender and number
 * ("وقد انتقل للتو إلى دبي" → "قد انتقلتِ للتو إلى دبي"), a memory or a plan of "we", a sentence of "I", a
 * thing of theirs ("عمله الجديد" → "عملكَ الجديد"). A clause it cannot restate with confidence (an unknown
 * verb, a negation, a pronoun it cannot place) is left out and named as typed.
 */

const MAX_FACTS = 3;
const MAX_FACT_WORDS = 22;

const SUFFIX: Record<Addressee, string> = { m: 'كَ', f: 'كِ', n: 'كم', two: 'كما', many: 'كم' };
const YOU: Record<Addressee, string> = { m: 'أنتَ', f: 'أنتِ', n: 'أنتم', two: 'أنتما', many: 'أنتم' };

const FILLER = /^(?:من فضلك|رجاءً|رجاء|أيضاً|أيضا|ثم|كذلك)[،,:]?\s+/u;
const SHORT = /^(?:(?:اجعلها|اجعل الرسالة|خليها|اكتبها)\s+)?(?:قصيرة|مختصرة|باختصار|قصير|موجزة)$/u;
const STYLE = /^(?:اجعلها|اكتبها|خليها)\s+\p{L}+$|^(?:بدون|بلا)\s+(?:إيموجي|رموز|ايموجي)/u;
const REQUEST = new RegExp(
  '^(اذكر|اذكري|أذكر|قل|قولي|اكتب عن|اكتبي عن|تحدث عن|تحدثي عن|أشر إلى|أشيري إلى|لا تنس(?:َ|ى)?(?:\\s+(?:أن تذكر|ذكر))?|تمنّ|تمن|تمنى)(?!\\p{L})\\s*(?:(?:له|لها|لهم|لهما)(?!\\p{L})\\s*)?(?:(?:أن|أنّ|بأن|إن|إنّ)\\s+)?(.+)$',
  'u',
);
const UNREAD =
  /^(?:اكتب|اكتبي|انس|انسَ|غيّر|غير|ترجم|كرر|أعد|استخدم|كن|كوني)(?!\p{L})|الرسالة|البطاقة|رسالة|بطاقة|إيموجي|ايموجي|الذكاء الاصطناعي/u;
const AGE = [
  /(?:عمره|عمرها|يبلغ|تبلغ|بلغ|بلغت|سيبلغ|ستبلغ|يكمل|تكمل|أكمل|أكملت|سيكمل|ستكمل|يتم|تتم|أتم|أتمت|يصبح|تصبح|صار|صارت|عيد ميلاده|عيد ميلادها)\s+(?:الـ\s*|ال)?(\d{1,3})/u,
  /(\d{1,3})\s*(?:عاماً|عامًا|عاما|عام|سنة|سنه|سنوات|أعوام|اليوم)/u,
  /(?:الـ|ال)\s*(\d{1,3})(?!\d)/u,
  /^(\d{1,3})$/u,
];
const NOT_AN_AGE =
  /(?<!\p{L})(?:بعد|منذ|قبل)(?!\p{L})|ذكرى|زواج|زفاف|معاً|معا|شهر|أشهر|أسبوع|أيام|ساعة|كيلو|٪|%/u;
/** "مغرم بالقهوة", "مولعة بالجاز": a liking said with an adjective. */
const LIKING_WORD = /^(?:مغرم|مغرمة|مولع|مولعة|مهووس|مهووسة|عاشق|عاشقة)\s+ب(?:ـ)?(.+)$/u;
/** Fragments people type for news, said as a clause: "وظيفة جديدة!" → "حصلتَ على وظيفة جديدة". */
const NEWS: ReadonlyArray<{ pattern: RegExp; verb: string; preposition: string }> = [
  { pattern: /^(?:وظيفة|وظيفه|عمل|شغل|منصب)\s+جديد(?:ة|ه)?$/u, verb: 'يحصل', preposition: 'على' },
  { pattern: /^(?:ترقية|ترقيه)(?:\s+جديدة)?$/u, verb: 'يحصل', preposition: 'على' },
  { pattern: /^(?:بيت|منزل|شقة|شقه|سكن)\s+جديد(?:ة|ه)?$/u, verb: 'ينتقل', preposition: 'إلى' },
];
/** Words before a verb that keep their place: "قد انتقل", "سوف يسافر". */
const PARTICLES = new Set(['قد', 'لقد', 'سوف', 'للتو', 'أخيراً', 'أخيرا', 'اخيرا', 'مؤخراً', 'مؤخرا', 'حديثاً']);
/** Words after which the reader does not restate: negations, "was", "still". */
const UNSURE = new Set(
  [
    'لا',
    'لم',
    'لن',
    'ما',
    'ليس',
    'ليست',
    'كان',
    'كانت',
    'يكون',
    'تكون',
    'مازال',
    'مازالت',
    'لازال',
    'لازالت',
    'زال',
    'زالت',
    'يزال',
    'تزال',
    'ظل',
    'ظلت',
    'إذا',
    'اذا',
    'لو',
    'ربما',
  ].map(normal),
);
/** Who the details speak of: dropped, the verb says it. */
const SUBJECTS = new Set(
  ['هو', 'هي', 'هم', 'هما', 'هن', 'انت', 'أنت', 'أنتِ', 'أنتَ', 'انتي', 'أنتم', 'أنتما'].map(normal),
);
/** Words that take the subjunctive after them: "يحب أن يسافر" → "تحبين أن تسافري". */
const SUBJUNCTIVE_AFTER = new Set(['أن', 'ان', 'لن', 'كي', 'لكي', 'حتى'].map(normal));
const PREPOSITION =
  /^(?:في|إلى|الى|على|من|مع|عن|ل|ب|منذ|قبل|بعد|حول|عند|لدى)$|^(?:ال|بال|وال|لل|فال|كال)\p{L}/u;
/** Past forms that are more often nouns ("عمل جديد", "درس"): a verb only before a preposition or a definite word. */
const NOUN_LIKE = new Set(
  [
    'عمل',
    'درس',
    'رسم',
    'كتب',
    'جمع',
    'حلم',
    'سكن',
    'لعب',
    'طبخ',
    'صنع',
    'زرع',
    'ربح',
    'رقص',
    'عزف',
    'حصل',
    'وصل',
    'سفر',
  ].map(normal),
);
/** Words that begin with ي without being a verb of him: names, days, words. */
const NOT_A_VERB = new Set(
  [
    'يوم',
    'يوما',
    'يومياً',
    'يوميا',
    'يد',
    'يده',
    'يوسف',
    'ياسمين',
    'يونيو',
    'يوليو',
    'يناير',
    'يونيه',
    'يوليه',
    'يونس',
    'يحيى',
    'ياسر',
    'يزن',
    'يارا',
    'يمنى',
    'يسرى',
    'يوغا',
    'يخت',
  ].map(normal),
);
/** Words that end in ه without it being "his" (الله، وجه…), so they are never turned into "your". */
const NOT_A_PRONOUN = new Set(
  [
    'الله',
    'لله',
    'وجه',
    'انتباه',
    'اتجاه',
    'مياه',
    'شفاه',
    'فواكه',
    'تنبيه',
    'توجيه',
    'ترفيه',
    'نزيه',
    'شبه',
    'جاه',
    'إله',
    'اله',
    'تافه',
    'كره',
    'عبدالله',
    'طه',
    'وجيه',
    'نبيه',
    'فقيه',
    'اه',
    'آه',
    'مكروه',
    'بديه',
  ].map(normal),
);
/** "in it", "about it": they may point at a thing, so a clause with them is not restated. */
const THING_POINTERS = new Set(
  ['فيه', 'فيها', 'به', 'بها', 'منه', 'منها', 'عنه', 'عنها', 'عليه', 'عليها', 'إليه', 'إليها'].map(normal),
);

type Read = { fact: DetailFact } | { short: true } | { skip: true } | { phrase: string } | { unread: true };

export function readArabicDetails(text: string, context: WritingContext): DetailsReading {
  const addressee = addresseeOf(context);
  const reading: DetailsReading = { facts: [], short: false, notWoven: [] };
  const clean = toLatinDigits(text)
    .replace(/ـ/gu, '')
    .replace(/\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D/gu, ' ')
    .replace(/[!?]+/gu, '.')
    .replace(/\s+/gu, ' ');
  for (const sentence of sentencesOf(clean)) {
    let liking: DetailFact | null = null;
    for (const { clause, joined } of clausesOf(sentence)) {
      const result = readClause(clause, addressee, false, joined ? 'third' : 'i');
      if ('short' in result) reading.short = true;
      else if ('fact' in result) {
        liking = result.fact.kind === 'likes' ? result.fact : null;
        add(reading, result.fact, clause);
      } else if ('phrase' in result && liking) {
        const thing = `${liking.vars.thing ?? ''}، ${result.phrase}`;
        liking.vars = { thing };
        liking.words = `${liking.words}، ${clause}`;
      } else if ('phrase' in result || 'unread' in result) reading.notWoven.push(clause);
    }
  }
  return reading;
}

function add(reading: DetailsReading, fact: DetailFact, typed: string): void {
  const same = reading.facts.some(
    (known) =>
      known.kind === fact.kind &&
      JSON.stringify(known.vars) === JSON.stringify(fact.vars) &&
      known.age === fact.age,
  );
  if (same) return;
  if (reading.facts.length >= MAX_FACTS) reading.notWoven.push(typed);
  else reading.facts.push(fact);
}

function addresseeOf(context: WritingContext): Addressee {
  if (context.count === 'two') return 'two';
  if (context.count === 'many') return 'many';
  return context.gender === 'male' ? 'm' : context.gender === 'female' ? 'f' : 'n';
}

/**
 * The clauses of a sentence: its parts between commas, and a new one at each verb joined with و; a joined
 * clause goes on speaking of whom the sentence speaks of ("سافر إلى اليابان وأحب السوشي").
 */
function clausesOf(sentence: string): Array<{ clause: string; joined: boolean }> {
  const clauses: Array<{ clause: string; joined: boolean }> = [];
  for (const part of sentence.split(/\s*[،,]\s*/u)) {
    let current: string[] = [];
    let joined = false;
    const words = part.split(/\s+/u).filter(Boolean);
    words.forEach((word, index) => {
      const next = words[index + 1] ?? '';
      const joinedVerb = index > 0 && /^[وف]/u.test(word) && verbForm(word)?.joined === true;
      const joinedParticle = index > 0 && /^(?:وقد|ولقد|وسوف|ثم)$/u.test(word);
      const bareAnd = index > 0 && word === 'و' && verbForm(next) !== null;
      if ((joinedVerb || joinedParticle || bareAnd) && current.length > 0) {
        clauses.push({ clause: current.join(' '), joined });
        current = [];
        joined = true;
      }
      if (bareAnd) return;
      if (joinedParticle && word === 'ثم') return;
      current.push(joinedParticle ? word.replace(/^و/u, '') : word);
    });
    if (current.length > 0) clauses.push({ clause: current.join(' '), joined });
  }
  return clauses
    .map(({ clause, joined }) => ({ clause: clause.replace(/^[\s.:؛-]+|[\s.:؛-]+$/gu, ''), joined }))
    .filter(({ clause }) => Boolean(clause));
}

function readClause(raw: string, to: Addressee, nested: boolean, prefer: 'i' | 'third' = 'i'): Read {
  let text = raw.trim();
  while (FILLER.test(text)) text = text.replace(FILLER, '');
  text = text.replace(/^و\s+/u, '').replace(/[\s.!؟?:؛-]+$/u, '');
  if (!text) return { skip: true };
  if (SHORT.test(text)) return { short: true };
  if (STYLE.test(text)) return { skip: true };
  const request = nested ? null : REQUEST.exec(text);
  if (request) return readRequest(request[1] ?? '', request[2] ?? '', to);
  if (UNREAD.test(text)) return { skip: true };
  const age = ageIn(text);
  if (age !== null) return { fact: { kind: 'age', vars: {}, words: raw, age } };
  const likingWord = LIKING_WORD.exec(text);
  if (likingWord) return liking(likingWord[1] ?? '', raw, to);
  for (const news of NEWS) {
    if (!news.pattern.test(text)) continue;
    const verb = verbForm(news.verb)!;
    return clause(`${verb.verb.past[to]} ${news.preposition} ${text}`, raw);
  }
  return readVerbClause(text, raw, to, prefer);
}

function readRequest(verb: string, content: string, to: Addressee): Read {
  if (verb.startsWith('تمن')) {
    const thing = restate(content.split(/\s+/u), to);
    return thing && sized(thing)
      ? { fact: { kind: 'wish', vars: { thing }, words: content } }
      : { unread: true };
  }
  if (verb === 'قل' || verb === 'قولي') {
    if (UNREAD.test(content)) return { skip: true };
    const said = restate(content.split(/\s+/u), to);
    return said && sized(said)
      ? { fact: { kind: 'sentence', vars: { sentence: `${said}.` }, words: content } }
      : { unread: true };
  }
  return readClause(content, to, true);
}

function readVerbClause(text: string, raw: string, to: Addressee, prefer: 'i' | 'third'): Read {
  const words = text.split(/\s+/u);
  const lead: string[] = [];
  let index = 0;
  if (SUBJECTS.has(normal(words[0] ?? ''))) index++;
  while (index < words.length && PARTICLES.has(words[index]!)) lead.push(words[index++]!);
  let found = verbAt(words, index, prefer);
  if (!found && index === 0 && words.length > 2 && !UNSURE.has(normal(words[0]!))) {
    // A name or a word for the recipient before the verb ("نور تحب", "ابنتي تدرس"): the verb says who.
    index = 1;
    while (index < words.length && PARTICLES.has(words[index]!)) lead.push(words[index++]!);
    found = verbAt(words, index, prefer);
  }
  if (words.some((word) => UNSURE.has(normal(word)))) return { unread: true };
  if (!found) return phrase(words, raw, to);
  const rest = words.slice(index + 1);
  if (!found.verb.takesObject && rest[0] && isTheirs(rest[0])) return { unread: true };
  if (found.speaker === 'we' || found.speaker === 'i') {
    const restated = restate(rest, to);
    if (restated === null) return { unread: true };
    const said = [...lead, words[index]!, restated].filter(Boolean).join(' ');
    if (!sized(said)) return { unread: true };
    if (found.speaker === 'we' && found.tense === 'past')
      return { fact: { kind: 'memory', vars: { clause: said }, words: raw } };
    if (found.speaker === 'we' && found.future)
      return { fact: { kind: 'plan', vars: { clause: said }, words: raw } };
    return { fact: { kind: 'sentence', vars: { sentence: `${said}.` }, words: raw } };
  }
  if (found.verb.liking && found.tense === 'present' && !found.future && lead.length === 0) {
    const object = rest[0] && normal(rest[0]) === normal('في') ? rest.slice(1) : rest;
    if (!object.some((word) => verbForm(word) !== null)) return liking(object.join(' '), raw, to);
  }
  const verb = found.future
    ? `س${found.verb.present[to]}`
    : found.tense === 'past'
      ? found.verb.past[to]
      : found.verb.present[to];
  const restated = restate(rest, to);
  if (restated === null) return { unread: true };
  return clause([...lead, verb, restated].filter(Boolean).join(' '), raw);
}

function verbAt(words: readonly string[], index: number, prefer: 'i' | 'third'): VerbForm | null {
  const word = words[index];
  if (!word) return null;
  const found = verbForm(word, prefer);
  if (!found) return null;
  const plain = normal(word);
  const next = words[index + 1];
  if (NOUN_LIKE.has(plain) && !(next && PREPOSITION.test(next)) && index === 0) return null;
  return found;
}

/** A clause without a verb: a thing of theirs ("عمله الجديد") is woven; anything else may continue a list. */
function phrase(words: readonly string[], raw: string, to: Addressee): Read {
  const theirs = isTheirs(words[0] ?? '');
  const restated = restate(words, to);
  if (restated === null || !sized(restated)) return { unread: true };
  if (theirs && words.length <= 6) return { fact: { kind: 'thing', vars: { thing: restated }, words: raw } };
  if (words.length <= 4 && restated === words.join(' ')) return { phrase: restated };
  return { unread: true };
}

/** A word with "his" or "her" on it: "عمله", "قطتها". */
function isTheirs(word: string): boolean {
  const plain = normal(word);
  return (
    /\p{Script=Arabic}{2,}(?:ه|ها)$/u.test(plain) && !plain.startsWith('ال') && !NOT_A_PRONOUN.has(plain)
  );
}

function liking(object: string, raw: string, to: Addressee): Read {
  const thing = restate(object.split(/\s+/u).filter(Boolean), to);
  if (!thing || !sized(thing)) return { unread: true };
  return { fact: { kind: 'likes', vars: { thing }, words: raw } };
}

function clause(said: string, raw: string): Read {
  return sized(said) ? { fact: { kind: 'clause', vars: { clause: said }, words: raw } } : { unread: true };
}

/**
 * The words after the verb, said to the recipient: "his" and "her" become "your" (ـكَ، ـكِ، ـكم، ـكما), "he"
 * and "she" become "you", a verb of theirs is conjugated for the recipient; null when a word is a verb the
 * reader does not know or a pronoun that may point at a thing.
 */
function restate(words: readonly string[], to: Addressee): string | null {
  const out: string[] = [];
  for (const [index, word] of words.entries()) {
    const plain = normal(word);
    if (!/\p{Script=Arabic}/u.test(word)) {
      out.push(word.replace(/,/gu, '،').replace(/;/gu, '؛'));
      continue;
    }
    if (THING_POINTERS.has(plain)) return null;
    if (plain === 'الي') {
      out.push('إلى');
      continue;
    }
    if (SUBJECTS.has(plain)) {
      out.push(YOU[to]);
      continue;
    }
    const verb = verbForm(word);
    if (verb && !NOUN_LIKE.has(plain) && !(verb.plural && verb.tense === 'past')) {
      if (verb.speaker === 'i' || verb.speaker === 'we') return null;
      const previous = normal(words[index - 1] ?? '');
      const forms = SUBJUNCTIVE_AFTER.has(previous)
        ? verb.verb.subjunctive
        : verb.tense === 'past'
          ? verb.verb.past
          : verb.verb.present;
      out.push(`${verb.joined ? 'و' : ''}${verb.future ? 'س' : ''}${forms[to]}`);
      continue;
    }
    if (/^[وف]?س?ي\p{Script=Arabic}{2,}$/u.test(plain) && !NOT_A_VERB.has(plain.replace(/^[وف]/u, '')))
      return null;
    out.push(yours(word, to));
  }
  return out.join(' ');
}

/** "عمله" → "عملكَ"; a definite word never carries "his", and a final ه on it is the typed ة. */
function yours(word: string, to: Addressee): string {
  const plain = normal(word);
  if (NOT_A_PRONOUN.has(plain) || NOT_A_PRONOUN.has(plain.replace(/^[وفبل]/u, ''))) return word;
  if (/^(?:[وفبلك]?ال|لل)/u.test(plain))
    return /[وي]ه$/u.test(word) && !NOT_A_PRONOUN.has(plain.replace(/^[وفبلك]?ال|^لل/u, ''))
      ? `${word.slice(0, -1)}ة`
      : word;
  const suffix = SUFFIX[to];
  if (to === 'two' || to === 'many') {
    if (word.length >= 4 && word.endsWith('هما')) return `${word.slice(0, -3)}${suffix}`;
    if (word.length >= 3 && word.endsWith('هم')) return `${word.slice(0, -2)}${suffix}`;
  }
  if (word.length >= 3 && word.endsWith('ها')) return `${word.slice(0, -2)}${suffix}`;
  if (word.length >= 2 && word.endsWith('ه')) return `${word.slice(0, -1)}${suffix}`;
  return word;
}

function ageIn(text: string): number | null {
  if (text.split(/\s+/u).length > 6 || NOT_AN_AGE.test(text)) return null;
  for (const pattern of AGE) {
    const age = plausibleAge(pattern.exec(text)?.[1]);
    if (age !== null) return age;
  }
  return null;
}

function sized(text: string): boolean {
  return fitsInSentence(text, MAX_FACT_WORDS);
}
