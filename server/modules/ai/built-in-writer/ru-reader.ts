import { fitsInSentence, plausibleAge, sentencesOf, wordsOf } from './details.ts';
import { capitalize } from './template.ts';
import type { DetailFact, DetailKind, DetailsReading, WritingContext } from './types.ts';

/**
 * Reading personal details typed in Russian and restating them to the recipient. A detail is split into
 * clauses (sentences, commas, "и"/"а"/"но" before a new subject or verb; a list of things stays whole), each
 * clause is read as who it is about (the recipient as "она/он/они", their name or no subject at all; "мы";
 * "я") and its verb is put into the second person for this recipient: "ты" (informal), "Вы" (polite) or
 * "вы" (a couple or a group). Present and future verbs follow the conjugation endings (любит → любишь /
 * любите, учится → учишься / учитесь, любят → любите); a past verb takes the recipient's gender, or the
 * gender the sender's own form shows ("переехала") when the relationship does not tell, and "-ли" for "Вы"
 * and "вы". Whatever cannot be restated with confidence is left out and returned as typed in `notWoven`: a
 * past form of the other gender, "она" about one of a couple, a predicate without a verb ("она рада"), a
 * pronoun whose case the next word does not show, a verb-like word the reader does not know.
 */

type Address = 'informal' | 'polite' | 'plural';
type Subject = 'recipient' | 'we' | 'i';
type Typed = 'she' | 'they' | 'you' | 'youPlural' | 'implied';

const MAX_FACTS = 2;
const MAX_FACT_WORDS = 22;
const NOT_LETTER = '(?!\\p{L})';

const YOU: Record<Address, { nom: string; gen: string; dat: string; ins: string; prep: string }> = {
  informal: { nom: 'ты', gen: 'тебя', dat: 'тебе', ins: 'тобой', prep: 'тебе' },
  polite: { nom: 'Вы', gen: 'Вас', dat: 'Вам', ins: 'Вами', prep: 'Вас' },
  plural: { nom: 'вы', gen: 'вас', dat: 'вам', ins: 'вами', prep: 'вас' },
};

const ADVERBS = new Set(
  'очень так просто недавно наконец уже всегда тоже также ещё еще только что безумно давно сейчас скоро теперь снова опять реально правда вот вчера сегодня завтра прям прямо ужасно жутко страшно обязательно успешно официально вроде вместе'.split(
    ' ',
  ),
);

/** Words that end like a verb but are not one, so a fragment starting with them is not read as "ты …". */
const NOT_A_VERB = new Set(
  `сила школа скала стрела игла пчела метла смола вилла мила стелла белла футбол волейбол баскетбол вокзал
  финал сериал журнал канал материал идеал генерал сигнал рассол посол котёл котел орёл орел козёл козел
  дятел пепел ангел отдел предел раздел стол стул угол зал бал пол пенал бокал скандал карнавал подвал
  капитал овал вал байкал урал непал портал фестивал крокодил тыл пыл гул аул караул стамбул павел михаил
  даниил гавриил самуил рафаил кирилл привет билет ответ предмет бюджет портрет секрет совет букет пакет
  балет омлет паркет кабинет интернет планшет сюжет пистолет самолёт самолет полёт полет отчёт отчет счёт
  счет кит аппетит кредит визит хит университет факультет институт маршрут абсолют салют уют парашют
  кот торт спорт порт паспорт курорт концерт десерт сайт муж брат бали алла элла дела тела числа масла гол
  осёл осел арсенал персонал минерал цвет свет рассвет скелет дуэт куплет квартет силуэт поэт атлет декрет
  туалет жилет браслет амулет этикет макет кларнет вертолёт вертолет конфет лет бандит магнит гранит лимит
  депозит бисквит комитет приоритет авторитет иммунитет`.split(/\s+/u),
);

/** Words that agree with the recipient without a verb ("она рада"): they cannot be re-addressed safely. */
const PREDICATIVE =
  /^(?:рад|рада|рады|счастлив|счастлива|счастливы|готов|готова|готовы|беременна|беременны|влюблён|влюблен|влюблена|влюблены|замужем|женат|женаты|свободен|свободна|свободны|занят|занята|заняты|доволен|довольна|довольны|уверен|уверена|уверены|должен|должна|должны|похож|похожа|похожи|больна|болен|больны|сам|сама|сами|один|одна|одни)$/iu;

/**
 * "родился сын": the verb is about the newcomer named after it, not about the recipient, so "ты родился"
 * would be wrong.
 */
const BORN = /^(?:родил|появил|поселил|завел|завёл|заведен)\p{L}*$/iu;
const NEWCOMER =
  /^(?:сын|сынок|дочь|дочка|ребёнок|ребенок|малыш|малышка|внук|внучка|внуки|двойня|близнецы|щенок|котёнок|котенок|кот|кошка|собака|пёс|пес)$/iu;

/** Third-person pronouns left over after the recipient's are restated: about someone, but whom? */
const OTHER_PERSON = /^(?:она|он|оно|они|ей|ему|им|ими|неё|нее|него|них|ней|нему|ним|нём|нем)$/iu;

/** The recipient's own pronouns as the sender typed them ("я горжусь тобой"), in each form of address. */
const SECOND_PERSON: Record<string, readonly [string, string, string]> = {
  ты: ['ты', 'Вы', 'вы'],
  тебя: ['тебя', 'Вас', 'вас'],
  тебе: ['тебе', 'Вам', 'вам'],
  тобой: ['тобой', 'Вами', 'вами'],
  твой: ['твой', 'Ваш', 'ваш'],
  твоя: ['твоя', 'Ваша', 'ваша'],
  твоё: ['твоё', 'Ваше', 'ваше'],
  твое: ['твоё', 'Ваше', 'ваше'],
  твою: ['твою', 'Вашу', 'вашу'],
  твои: ['твои', 'Ваши', 'ваши'],
  твоего: ['твоего', 'Вашего', 'вашего'],
  твоей: ['твоей', 'Вашей', 'вашей'],
  твоему: ['твоему', 'Вашему', 'вашему'],
  твоим: ['твоим', 'Вашим', 'вашим'],
  твоих: ['твоих', 'Ваших', 'ваших'],
  твоём: ['твоём', 'Вашем', 'вашем'],
  твоем: ['твоём', 'Вашем', 'вашем'],
};

const FILLER = /^(?:пожалуйста|и|а|но|также|ещё|еще|кстати|ну|плюс)[,:]?\s+/iu;
const SHORT =
  /^(?:(?:сделай(?:те)?|пусть\s+будет|можно|напиши(?:те)?)\s+)?(?:покороче|коротко|кратко|короче|коротенько|лаконично|не\s+длинно)(?:\s+пожалуйста)?$/iu;
const STYLE =
  /^(?:сделай(?:те)?|пиши(?:те)?|напиши(?:те)?)\s+(?:посмешнее|смешно|весело|серь[её]зно|официально|тепло|романтично|душевно)|^без\s+(?:смайл|эмодзи)/iu;
const REQUEST =
  /^(упомяни(?:те)?|отметь(?:те)?|добавь(?:те)?|вспомни(?:те)?|не\s+забудь(?:те)?(?:\s+(?:упомянуть|сказать|написать|про|о|об))?|напиши(?:те)?|расскажи(?:те)?|скажи(?:те)?|передай(?:те)?|пожелай(?:те)?)[,:]?\s+(.+)$/iu;
/** An order about the message ("сделай смешно", "используй эмодзи"): not a detail, so neither woven nor named. */
const ORDER =
  /^(?:пиши|напиши|забудь|игнорируй|используй|измени|сделай|переведи|повтори|ответь|начни|замени|удали|покажи|будь|не\s+пиши)(?!\p{L})/iu;
/** Words about the message itself ("в открытке без смайлов"): such a clause is named, never woven. */
const ABOUT_MESSAGE = /(?:открытк|сообщени|поздравлени|промпт|инструкци|нейросет|эмодзи|смайл)/iu;
const AGE = [
  new RegExp(
    `(?:исполняется|исполнилось|исполнится|будет|стукнет|стукнуло|юбилей)\\s+(\\d{1,3})${NOT_LETTER}`,
    'iu',
  ),
  new RegExp(`(\\d{1,3})\\s*-?\\s*(?:лет|год|года|летие|летний|летняя|й|ый|ий|ая|ти|ть)${NOT_LETTER}`, 'iu'),
  /^(\d{1,3})(?:\s+(?:сегодня|завтра|уже|скоро))?$/u,
  /^(?:сегодня|завтра|скоро)\s+(\d{1,3})$/u,
  /^(?:ей|ему)\s+(?:уже\s+)?(\d{1,3})(?:\s+(?:лет|год|года))?$/iu,
];
/** Verbs that say an age; any other verb makes a number a duration ("дружим 20 лет"). */
const AGE_VERB = /^(?:исполняется|исполнилось|исполнится|будет|стукнет|стукнуло)$/iu;
const NOT_AN_AGE =
  /годовщин|свадьб|вместе|месяц|недел|(?<!\p{L})(?:дн(?:я|ей)|час(?:а|ов)?|км|кг|раз|раза)(?!\p{L})|процент|%|детей|внук|назад/iu;

/** The verbs that say what the recipient loves: their clause is a liking. */
const LIKING =
  /^(?:любит|любят|любишь|любите|обожает|обожают|обожаешь|обожаете|увлекается|увлекаются|увлекаешься|увлекаетесь|фанатеет|фанатеют)$/iu;

/** Present-tense forms whose second person does not follow the ending. [ты, Вы/вы] */
const IRREGULAR: Record<string, readonly [string, string]> = {
  хочет: ['хочешь', 'хотите'],
  хотят: ['', 'хотите'],
  ест: ['ешь', 'едите'],
  едят: ['', 'едите'],
  даст: ['дашь', 'дадите'],
  дадут: ['', 'дадите'],
  бежит: ['бежишь', 'бежите'],
  бегут: ['', 'бежите'],
};

/** [typed ending, ты, Вы/вы] for the third-person singular and the second-person singular. */
const SINGULAR_ENDINGS: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/ется$/u, 'ешься', 'етесь'],
  [/ётся$/u, 'ёшься', 'ётесь'],
  [/ится$/u, 'ишься', 'итесь'],
  [/ет$/u, 'ешь', 'ете'],
  [/ёт$/u, 'ёшь', 'ёте'],
  [/ит$/u, 'ишь', 'ите'],
  [/ешься$/u, 'ешься', 'етесь'],
  [/ёшься$/u, 'ёшься', 'ётесь'],
  [/ишься$/u, 'ишься', 'итесь'],
  [/ешь$/u, 'ешь', 'ете'],
  [/ёшь$/u, 'ёшь', 'ёте'],
  [/ишь$/u, 'ишь', 'ите'],
];
/** [typed ending, вы] for the third-person plural. */
const PLURAL_ENDINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/ются$/u, 'етесь'],
  [/утся$/u, 'етесь'],
  [/ятся$/u, 'итесь'],
  [/атся$/u, 'итесь'],
  [/ют$/u, 'ете'],
  [/ут$/u, 'ете'],
  [/ят$/u, 'ите'],
  [/ат$/u, 'ите'],
  [/етесь$/u, 'етесь'],
  [/итесь$/u, 'итесь'],
  [/ете$/u, 'ете'],
  [/ите$/u, 'ите'],
];
const PRESENT_SINGULAR = /\p{L}{2,}(?:ется|ётся|ится|ет|ёт|ит)$/u;
const PRESENT_PLURAL = /\p{L}{2,}(?:ются|утся|ятся|атся|ют|ут|ят|ат)$/u;
const PAST = /^(\p{L}{2,}?)(шёл|шел|шла|шли|лся|лась|лись|ла|ли|л)$/u;

export function readRussianDetails(text: string, context: WritingContext): DetailsReading {
  const reading: DetailsReading = { facts: [], short: false, notWoven: [] };
  const address: Address = context.count !== 'one' ? 'plural' : context.polite ? 'polite' : 'informal';
  for (const sentence of sentencesOf(withoutEmoji(text))) {
    let implied: Subject = 'recipient';
    for (const part of clausesOf(sentence, context)) {
      const result = readPart(part, context, address, implied);
      if (result.short) reading.short = true;
      if (result.subject) implied = result.subject;
      if (result.skip) continue;
      if (!result.fact) reading.notWoven.push(part);
      else if (reading.facts.length < MAX_FACTS) reading.facts.push(result.fact);
      else reading.notWoven.push(part);
    }
  }
  return reading;
}

function withoutEmoji(text: string): string {
  return text
    .replace(/(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D})+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The clauses of one sentence: a comma or "и"/"а"/"но" starts a new clause only before a subject, a verb, an
 * age or a request; otherwise it continues a list ("любит кофе, кошек и джаз").
 */
function clausesOf(sentence: string, context: WritingContext): string[] {
  const pieces = sentence.split(/(\s*,\s*|\s+(?:и|а|но|плюс)\s+|\s+[+&]\s+)/iu);
  const clauses: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const piece = (pieces[i] ?? '').trim();
    const joint = i > 0 ? (pieces[i - 1] ?? '') : '';
    if (!piece) continue;
    const glue = joint.trim() === ',' ? ', ' : ` ${joint.trim()} `;
    if (clauses.length === 0 || startsClause(piece, context)) clauses.push(piece);
    else clauses[clauses.length - 1] += `${glue}${piece}`;
  }
  return clauses.map((clause) => clause.replace(/^[\s,.;:!?-]+|[\s,.;:!?-]+$/gu, '')).filter(Boolean);
}

function startsClause(piece: string, context: WritingContext): boolean {
  const tokens = wordsOf(piece);
  const first = (tokens[0] ?? '').toLowerCase();
  if (/^(?:она|он|они|мы|я|ты|вы)$/iu.test(first)) return true;
  if (REQUEST.test(piece) || SHORT.test(piece) || STYLE.test(piece) || ORDER.test(piece)) return true;
  if (ABOUT_MESSAGE.test(piece) || ageIn(piece) !== null) return true;
  const name = context.recipientName.toLowerCase();
  if (name && piece.toLowerCase().startsWith(`${name} `)) return true;
  const verb = firstContentWord(tokens);
  return verb !== null && looksLikeVerb(verb);
}

function firstContentWord(tokens: readonly string[]): string | null {
  const word = tokens.find((token) => !ADVERBS.has(token.toLowerCase()));
  return word ? word.toLowerCase() : null;
}

function looksLikeVerb(word: string): boolean {
  const lower = word.toLowerCase();
  if (NOT_A_VERB.has(lower) || /\d/u.test(lower)) return false;
  if (IRREGULAR[lower]) return true;
  return PRESENT_SINGULAR.test(lower) || PRESENT_PLURAL.test(lower) || isPast(lower);
}

function isPast(word: string): boolean {
  const match = PAST.exec(word);
  if (!match) return false;
  const stem = match[1] ?? '';
  const ending = match[2] ?? '';
  if (/^ш/u.test(ending)) return true;
  if (ending === 'ли' && stem.length < 3) return /^(?:были|жили|пили)$/u.test(word);
  // A past stem ends in a vowel ("сдала"), or in a consonant that drops the masculine "л" ("выросла").
  if (/[аеёиоуыэюя]$/u.test(stem)) return true;
  return /[сзкгбпр]$/u.test(stem) && ending !== 'л' && ending !== 'лся';
}

interface PartReading {
  fact?: DetailFact;
  short?: boolean;
  subject?: Subject;
  /** An instruction about the message, not a detail: neither woven nor named. */
  skip?: boolean;
}

function readPart(raw: string, context: WritingContext, address: Address, implied: Subject): PartReading {
  let text = raw.trim();
  while (FILLER.test(text)) text = text.replace(FILLER, '');
  text = text.replace(/[\s,.;:!?-]+$/u, '');
  if (!text) return { skip: true };
  if (SHORT.test(text)) return { short: true, skip: true };
  if (STYLE.test(text)) return { skip: true };
  const request = REQUEST.exec(text);
  if (request) return readRequest((request[1] ?? '').toLowerCase(), request[2] ?? '', raw, context, address);
  if (ORDER.test(text)) return { skip: true };
  if (ABOUT_MESSAGE.test(text)) return {};
  const age = ageIn(text);
  if (age !== null) return { fact: { kind: 'age', vars: {}, words: raw, age } };
  return readStatement(text, raw, context, address, implied);
}

/** "упомяни её новую работу" → «Про твою новую работу я тоже помню»; the order itself is never repeated. */
function readRequest(
  verb: string,
  rest: string,
  typed: string,
  context: WritingContext,
  address: Address,
): PartReading {
  const content = rest.replace(/^(?:ей|ему|им)\s+/iu, '');
  if (verb.startsWith('пожелай')) {
    const thing = objectsToYou(wordsOf(content), context, address);
    return thing && sized(thing) ? { fact: { kind: 'wish', vars: { thing }, words: typed } } : {};
  }
  if (ORDER.test(content)) return { skip: true };
  if (ABOUT_MESSAGE.test(content)) return {};
  if (/^что\s/iu.test(content) || /^(?:скажи|передай|не\s+забудь(?:те)?\s+сказать)/u.test(verb)) {
    const said = content.replace(/^что\s+/iu, '');
    const age = ageIn(said);
    if (age !== null) return { fact: { kind: 'age', vars: {}, words: typed, age } };
    return readStatement(said, typed, context, address, 'recipient');
  }
  const about = /^(?:про|о|об)\s/iu.test(content);
  const cleaned = objectsToYou(wordsOf(about ? content : `про ${content}`), context, address);
  return cleaned && sized(cleaned) ? { fact: { kind: 'thing', vars: { about: cleaned }, words: typed } } : {};
}

function readStatement(
  text: string,
  typed: string,
  context: WritingContext,
  address: Address,
  implied: Subject,
): PartReading {
  const tokens = withRecipientAsSubject(text, context);
  const first = (tokens[0] ?? '').toLowerCase();
  if (first === 'мы') return readFirstPerson(tokens, typed, context, address, 'we');
  if (first === 'я') return readFirstPerson(tokens, typed, context, address, 'i');
  const pronoun: Typed | null =
    first === 'она' || first === 'он'
      ? 'she'
      : first === 'они'
        ? 'they'
        : first === 'ты'
          ? 'you'
          : first === 'вы'
            ? 'youPlural'
            : null;
  if (
    pronoun === 'you' &&
    address === 'informal' &&
    !looksLikeVerb(firstContentWord(tokens.slice(1)) ?? '')
  ) {
    const said = objectsToYou(tokens, context, address);
    if (!said || !sized(said) || tokens.length < 3) return {};
    return {
      subject: 'recipient',
      fact: { kind: 'sentence', vars: { sentence: `${capitalize(said)}.` }, words: typed },
    };
  }
  if (pronoun) {
    const fact = aboutRecipient(tokens.slice(1), typed, context, address, pronoun);
    return { subject: 'recipient', ...(fact ? { fact } : {}) };
  }
  const verb = firstContentWord(tokens);
  if (verb && looksLikeVerb(verb)) {
    if (implied === 'recipient') {
      const fact = aboutRecipient(tokens, typed, context, address, 'implied');
      return fact ? { fact } : {};
    }
    return readFirstPerson([implied === 'we' ? 'мы' : 'я', ...tokens], typed, context, address, implied);
  }
  const thing = objectsToYou(tokens, context, address);
  if (!thing || !sized(thing)) return {};
  return wordsOf(thing).length <= 8
    ? { fact: { kind: 'thing', vars: { thing }, words: typed } }
    : { fact: { kind: 'note', vars: { note: thing }, words: typed } };
}

/** "мы познакомились в Париже" is a memory, "мы едем в Рим" a plan, "я скучаю по нашим прогулкам" a sentence. */
function readFirstPerson(
  tokens: readonly string[],
  typed: string,
  context: WritingContext,
  address: Address,
  subject: 'we' | 'i',
): PartReading {
  const rest = objectsToYou(tokens.slice(1), context, address);
  if (rest === null || !sized(rest)) return { subject };
  const clause = `${tokens[0]!.toLowerCase()} ${rest}`;
  const verb = firstContentWord(tokens.slice(1)) ?? '';
  let kind: DetailKind = 'sentence';
  if (subject === 'we' && /^\p{L}+(?:ли|лись)$/u.test(verb)) kind = 'memory';
  else if (
    subject === 'we' &&
    /(?:^|\s)(?:будем|поедем|едем|летим|полетим|пойдём|пойдем|собираемся|планируем|скоро|летом|зимой|весной|осенью|в\s+следующ)/iu.test(
      rest,
    )
  )
    kind = 'plan';
  const vars: Record<string, string> =
    kind === 'sentence' ? { sentence: `${capitalize(clause)}.` } : { clause };
  return { subject, fact: { kind, vars, words: typed } };
}

/** A clause about the recipient, restated to them; null when it cannot be said with confidence. */
function aboutRecipient(
  tokens: readonly string[],
  typed: string,
  context: WritingContext,
  address: Address,
  pronoun: Typed,
): DetailFact | null {
  const verbIndex = tokens.findIndex((token) => !ADVERBS.has(token.toLowerCase()));
  const verb = tokens[verbIndex];
  if (verbIndex < 0 || !verb || !looksLikeVerb(verb)) return null;
  const restated = verbToYou(verb.toLowerCase(), context, address, pronoun);
  if (!restated) return null;
  const before = tokens.slice(0, verbIndex).map((token) => token.toLowerCase());
  if (BORN.test(verb) && NEWCOMER.test(tokens[verbIndex + 1] ?? '')) return null;
  const after = objectsToYou(tokens.slice(verbIndex + 1), context, address);
  if (after === null || wordsOf(after).some((word) => PREDICATIVE.test(word))) return null;
  if (wordsOf(after).some((word) => secondVerb(word))) return null;
  const clause = [YOU[address].nom, ...before, restated, after].filter(Boolean).join(' ');
  if (!sized(clause) || wordsOf(after).length === 0) return null;
  const kind: DetailKind = LIKING.test(verb) ? 'likes' : 'clause';
  return { kind, vars: { clause }, words: typed };
}

/** A third-person verb later in the clause ("сдал на права и обожает") would keep the wrong person. */
function secondVerb(word: string): boolean {
  const lower = word.toLowerCase();
  if (NOT_A_VERB.has(lower)) return false;
  return (
    /^\p{L}{3,}(?:ется|ётся|ится|ются|ятся|атся)$/u.test(lower) ||
    /^(?:любит|обожает|хочет|может|будет|работает|живёт|живет|учится|играет|занимается|мечтает)$/u.test(lower)
  );
}

/** любит → любишь / любите, переехала → переехала / переехали; null when the form would be a guess. */
function verbToYou(verb: string, context: WritingContext, address: Address, pronoun: Typed): string | null {
  const several = address !== 'informal';
  const past = isPast(verb) ? PAST.exec(verb) : null;
  if (past && !NOT_A_VERB.has(verb)) {
    const stem = past[1] ?? '';
    const ending = past[2] ?? '';
    const reflexive = /с[яь]$/u.test(ending);
    const walked = /^ш/u.test(ending);
    const typedGender = /^(?:ли|лись|шли)$/u.test(ending)
      ? 'plural'
      : /^(?:ла|лась|шла)$/u.test(ending)
        ? 'female'
        : 'male';
    if (pronoun === 'they' && !several) return null;
    if (
      (pronoun === 'she' || pronoun === 'you' || pronoun === 'implied') &&
      context.count !== 'one' &&
      typedGender !== 'plural'
    )
      return null;
    if (several) return `${stem}${walked ? 'шли' : reflexive ? 'лись' : 'ли'}`;
    if (typedGender === 'plural') return null;
    if (context.gender && context.gender !== typedGender) return null;
    return verb;
  }
  const irregular = IRREGULAR[verb];
  if (irregular) {
    const form = several ? irregular[1] : irregular[0];
    if (!form) return null;
    if (/(?:ят|ут)$/u.test(verb) && !several) return null;
    if (!/(?:ят|ут)$/u.test(verb) && context.count !== 'one') return null;
    return form;
  }
  if (pronoun === 'they' || pronoun === 'youPlural' || (pronoun === 'implied' && context.count !== 'one')) {
    if (!several) return null;
    for (const [ending, plural] of PLURAL_ENDINGS) if (ending.test(verb)) return verb.replace(ending, plural);
    return null;
  }
  if (context.count !== 'one') return null;
  for (const [ending, informal, polite] of SINGULAR_ENDINGS)
    if (ending.test(verb)) return verb.replace(ending, several ? polite : informal);
  return null;
}

/**
 * The recipient's pronouns after the verb, restated: "её маму" → "твою маму", "поздравить её" → "поздравить
 * тебя". Null when a pronoun cannot be restated (its case is not clear, or it may be about someone else).
 */
function objectsToYou(tokens: readonly string[], context: WritingContext, address: Address): string | null {
  const you = YOU[address];
  const result: string[] = [];
  for (const [index, token] of tokens.entries()) {
    const lower = token.toLowerCase().replace(/[,.!?]+$/u, '');
    const tail = token.slice(lower.length);
    const next = (tokens[index + 1] ?? '').toLowerCase();
    const previous = (tokens[index - 1] ?? '').toLowerCase();
    if (/^(?:её|ее|его)$/u.test(lower) || (lower === 'их' && address === 'plural')) {
      if (context.count !== 'one' && lower !== 'их') return null;
      const isObject =
        !next ||
        tail !== '' ||
        /^(?:и|а|но|в|на|с|за|к|по|из|от|до|у|о|об|про|для|без|при|над|под)$/u.test(next);
      const form = isObject ? `${you.gen}${tail}` : possessive(next, previous, address);
      if (!form) return null;
      result.push(form);
      continue;
    }
    if (/^(?:неё|нее|него)$/u.test(lower) && context.count === 'one') {
      result.push(`${you.gen}${tail}`);
      continue;
    }
    if (
      /^(?:ней|нём|нем)$/u.test(lower) &&
      context.count === 'one' &&
      /^(?:о|об|в|на|при)$/u.test(previous)
    ) {
      result.push(`${you.prep}${tail}`);
      continue;
    }
    if (
      /^(?:ней|ним)$/u.test(lower) &&
      context.count === 'one' &&
      /^(?:с|со|за|над|под|перед)$/u.test(previous)
    ) {
      result.push(`${you.ins}${tail}`);
      continue;
    }
    if (/^(?:ней|нему)$/u.test(lower) && context.count === 'one' && /^(?:к|ко|по)$/u.test(previous)) {
      result.push(`${you.dat}${tail}`);
      continue;
    }
    if (
      context.count !== 'one' &&
      /^(?:них|им|ними)$/u.test(lower) &&
      /^(?:у|к|с|со|для|от|без|о)$/u.test(previous)
    ) {
      result.push(`${lower === 'них' ? you.gen : lower === 'им' ? you.dat : you.ins}${tail}`);
      continue;
    }
    const yours = SECOND_PERSON[lower];
    if (yours) {
      result.push(`${yours[address === 'informal' ? 0 : address === 'polite' ? 1 : 2]}${tail}`);
      continue;
    }
    if (OTHER_PERSON.test(lower)) return null;
    result.push(token);
  }
  return result.join(' ');
}

/**
 * "её новая работа" → "твоя новая работа": the possessive takes the form the next word's ending asks for;
 * where the ending does not tell (or a preposition decides the case) it is a guess, so null.
 */
function possessive(next: string, previous: string, address: Address): string | null {
  if (/^(?:о|об|в|во|на|при|с|со|к|ко|по|у|от|для|из|под|над|без|перед)$/iu.test(previous)) return null;
  const forms: ReadonlyArray<readonly [RegExp, string, string, string]> = [
    [/(?:ую|юю)$/u, 'твою', 'Вашу', 'вашу'],
    [/(?:ая|яя)$/u, 'твоя', 'Ваша', 'ваша'],
    [/(?:ые|ие)$/u, 'твои', 'Ваши', 'ваши'],
    [/(?:ое|ее)$/u, 'твоё', 'Ваше', 'ваше'],
    [/(?:ый|ий)$/u, 'твой', 'Ваш', 'ваш'],
  ];
  const form = forms.find(([ending]) => ending.test(next));
  if (!form) return null;
  return address === 'informal' ? form[1] : address === 'polite' ? form[2] : form[3];
}

function ageIn(text: string): number | null {
  if (wordsOf(text).length > 6 || NOT_AN_AGE.test(text)) return null;
  if (/^(?:мы|я|они)(?!\p{L})/iu.test(text)) return null;
  if (wordsOf(text).some((token) => !AGE_VERB.test(token) && looksLikeVerb(token.replace(/\P{L}+/gu, ''))))
    return null;
  for (const pattern of AGE) {
    const age = plausibleAge(pattern.exec(text)?.[1]);
    if (age !== null) return age;
  }
  return null;
}

function sized(text: string): boolean {
  return fitsInSentence(text, MAX_FACT_WORDS);
}

/** "Аня обожает джаз" about Аня, or "Аня и Саша познакомились…" about the couple, reads as "она/они …". */
function withRecipientAsSubject(text: string, context: WritingContext): string[] {
  const name = context.recipientName.toLowerCase();
  if (name && text.toLowerCase().startsWith(`${name} `))
    return wordsOf(`${context.count === 'one' ? 'она' : 'они'} ${text.slice(name.length + 1)}`);
  return wordsOf(text);
}
