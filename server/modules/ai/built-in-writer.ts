import {
  AI_MESSAGE_MAX_WORDS,
  countWords,
  recipientCount,
  relationshipGender,
  type AiEvent,
  type MessageBrief,
  type Relationship,
  type Tone,
} from '../../../shared/ai/ai-message.contract.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { arabic } from './built-in-writer/ar.ts';
import { cleanDetails, detailsLanguage, isMischief } from './built-in-writer/details.ts';
import { english } from './built-in-writer/en.ts';
import { russian } from './built-in-writer/ru.ts';
import { capitalize, fill } from './built-in-writer/template.ts';
import type {
  Circle,
  DetailFact,
  DetailsReading,
  EventWords,
  Group,
  LanguageMaterial,
  Lines,
  Register,
  ToneKey,
  WritingContext,
} from './built-in-writer/types.ts';

/**
 * The built-in, offline AI message writer (DESIGN §1.12): no language model ships in npm, so it composes a
 * message from material written natively for each language (built-in-writer/en.ts, ar.ts, ru.ts):
 *
 *   [salutation]                       "Dear Anna,"             (some tones and relations only)
 *   greeting · body · details ·        "Happy birthday! …"      (the occasion, in the tone)
 *   relation · wish                    "…"                      (who they are to the sender, a closing wish)
 *   sign-off                           "With love, Sam"
 *
 * Each slot has several alternatives per occasion, tone and relationship; the personal details are read as
 * data into facts ("she loves hiking" → "you love hiking") and set in frames of their own.
 */

const MATERIAL: Record<Language, LanguageMaterial> = { en: english, ar: arabic, ru: russian };

/** Above this many words the optional slots give way, so most messages stay between 35 and 70 words. */
const COMFORTABLE_WORDS = 70;
/** Random tries before the writer walks the alternatives in order to find a text other than `avoid`. */
const RANDOM_TRIES = 40;

type Choose = <T>(options: readonly T[]) => T;

/** A message, and the personal details it leaves out (as the sender typed them) for the dialog to name. */
export interface BuiltInMessage {
  text: string;
  notWoven: string[];
}

/** Composes one message for the brief; never returns `avoid` (the text the sender sees now) when another is possible. */
export function writeBuiltInMessage(
  brief: MessageBrief,
  options: { avoid?: string; random?: () => number } = {},
): BuiltInMessage {
  const random = options.random ?? Math.random;
  const avoid = sameText(options.avoid ?? '');
  const context = writingContext(brief);
  const details = readPersonalDetails(brief.personalDetails, context);
  let message: BuiltInMessage = { text: '', notWoven: [] };
  for (let attempt = 0; attempt < RANDOM_TRIES; attempt++) {
    message = compose(context, details, (items) => items[Math.floor(random() * items.length)] ?? items[0]!);
    if (sameText(message.text) !== avoid) return message;
  }
  for (let shift = 1; shift <= RANDOM_TRIES; shift++) {
    let call = 0;
    message = compose(context, details, (items) => items[(shift + call++) % items.length]!);
    if (sameText(message.text) !== avoid) return message;
  }
  return message;
}

/** The text as the dialog may show it again (its line breaks may have been collapsed). */
function sameText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function writingContext(brief: MessageBrief): WritingContext {
  const toneKey = toneKeyOf(brief.tone, brief.relationship);
  const group = GROUPS[brief.relationship];
  return {
    language: brief.language,
    occasion: brief.occasion,
    tone: brief.tone,
    relationship: brief.relationship,
    toneKey,
    register: REGISTERS[toneKey],
    group,
    circle: CIRCLES[group],
    gender: relationshipGender(brief.relationship),
    count: recipientCount(brief.recipientName),
    polite: usesPoliteAddress(brief.relationship, brief.tone),
    event: eventWords(brief.event, brief.language),
    recipientName: oneLine(brief.recipientName),
    senderName: oneLine(brief.senderName),
  };
}

/** The event as words: its start as a date and a time in the card's language, read as the wall clock it is. */
function eventWords(event: AiEvent | undefined, language: Language): EventWords {
  const what = oneLine(event?.title ?? '');
  const where = oneLine(event?.place ?? '');
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/u.exec(event?.startsAt ?? '');
  if (!match) return { what, when: '', where };
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const start = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const when = new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(start);
  return { what, when, where };
}

const ROMANTIC_RELATIONSHIPS: readonly Relationship[] = ['Partner', 'Husband', 'Wife'];

/** Romance is for partners; 'Romantic & Sweet' to anyone else is warm affection. */
function toneKeyOf(tone: Tone, relationship: Relationship): ToneKey {
  switch (tone) {
    case 'Heartfelt & Emotional':
      return 'heartfelt';
    case 'Funny & Playful':
      return 'funny';
    case 'Professional & Formal':
      return 'formal';
    case 'Casual & Friendly':
      return 'casual';
    case 'Romantic & Sweet':
      return ROMANTIC_RELATIONSHIPS.includes(relationship) ? 'romantic' : 'sweet';
  }
}

const REGISTERS: Record<ToneKey, Register> = {
  heartfelt: 'warm',
  romantic: 'warm',
  sweet: 'warm',
  funny: 'light',
  casual: 'light',
  formal: 'formal',
};

const GROUPS: Record<Relationship, Group> = {
  'Close Friend': 'friend',
  Friend: 'friend',
  Partner: 'partner',
  Husband: 'partner',
  Wife: 'partner',
  Mother: 'parent',
  Father: 'parent',
  Daughter: 'child',
  Son: 'child',
  Sister: 'sibling',
  Brother: 'sibling',
  Grandmother: 'grandparent',
  Grandfather: 'grandparent',
  'Family Member': 'family',
  Colleague: 'colleague',
  Boss: 'boss',
  Teacher: 'teacher',
  Neighbour: 'neighbour',
};

const CIRCLES: Record<Group, Circle> = {
  partner: 'partner',
  parent: 'family',
  child: 'family',
  sibling: 'family',
  grandparent: 'family',
  family: 'family',
  friend: 'friend',
  colleague: 'work',
  boss: 'work',
  teacher: 'work',
  neighbour: 'work',
};

/** A boss or a teacher is always addressed politely; a colleague or a neighbour when the message is formal. */
function usesPoliteAddress(relationship: Relationship, tone: Tone): boolean {
  if (relationship === 'Boss' || relationship === 'Teacher') return true;
  if (relationship === 'Colleague' || relationship === 'Neighbour') return tone === 'Professional & Formal';
  return false;
}

function oneLine(name: string): string {
  return name.replace(/\s+/gu, ' ').trim();
}

/**
 * Details are read in the language they were typed in. In a card of another language only an age is woven in
 * (a number every language can word); the rest is named as not woven, since a translation would be a guess.
 */
function readPersonalDetails(raw: string, context: WritingContext): DetailsReading {
  const text = cleanDetails(raw);
  if (!text || isMischief(text)) return { facts: [], short: false, notWoven: [] };
  const language = detailsLanguage(text);
  const reading = MATERIAL[language].readDetails(text, context);
  if (language === context.language) return reading;
  return {
    facts: reading.facts.filter((fact) => fact.kind === 'age'),
    short: reading.short,
    notWoven: [
      ...reading.notWoven,
      ...reading.facts.filter((fact) => fact.kind !== 'age').map((f) => f.words),
    ],
  };
}

function compose(context: WritingContext, details: DetailsReading, choose: Choose): BuiltInMessage {
  const material = MATERIAL[context.language];
  const occasion = material.occasions[context.occasion];
  const names = { to: context.recipientName, from: context.senderName, ...context.event };
  const said: string[] = [];
  const say = (lines: Lines, vars: Record<string, string> = names) => {
    const chosen = pick(lines, context, vars, choose, said);
    if (chosen) said.push(chosen.text);
    return chosen;
  };

  const salutation = say(material.salutations[salutationKey(context)]) ?? { line: '', text: '' };
  const namedAlready = salutation.line.includes('{to}');
  const greeting = say(occasion.greetings[context.register], namedAlready ? { ...names, to: '' } : names);
  const body = say(occasion.body[context.toneKey]);
  const facts = details.facts.flatMap((fact) => {
    const sentence = sayFact(material, context, fact, names, say);
    return sentence ? [{ fact, sentence }] : [];
  });
  const relation = details.short ? null : say(material.relations[context.group][context.register]);
  const wish = details.short ? null : say(occasion.wishes[context.register]);
  const signOff = say(material.signOffs[context.circle][context.register]);

  const slots = {
    greeting: greeting?.text,
    body: body?.text,
    facts,
    relation: relation?.text,
    wish: wish?.text,
  };
  const assemble = () => {
    const paragraph = [
      slots.greeting,
      slots.body,
      ...slots.facts.map((fact) => fact.sentence),
      slots.relation,
      slots.wish,
    ]
      .filter((sentence): sentence is string => Boolean(sentence))
      .map(capitalize)
      .join(' ');
    return [salutation.text, paragraph, signOff?.text ?? ''].filter(Boolean).join('\n');
  };
  const words = () => countWords(assemble());
  // The sender's own details matter most: the general lines give way first, then the details one by one.
  if (words() > COMFORTABLE_WORDS) slots.relation = undefined;
  if (words() > AI_MESSAGE_MAX_WORDS) slots.body = undefined;
  if (words() > AI_MESSAGE_MAX_WORDS) slots.wish = undefined;
  while (words() > AI_MESSAGE_MAX_WORDS && slots.facts.length > 0) slots.facts = slots.facts.slice(0, -1);
  const woven = new Set(slots.facts.map(({ fact }) => fact));
  const unsaid = details.facts.filter((fact) => !woven.has(fact)).map((fact) => fact.words);
  return { text: assemble(), notWoven: [...details.notWoven, ...unsaid] };
}

/** A first line of its own for formal letters and partners; otherwise the greeting names the recipient. */
function salutationKey(context: WritingContext): Register | 'romantic' {
  if (context.toneKey === 'romantic') return 'romantic';
  if (context.register === 'formal' && context.circle !== 'work') return 'warm';
  return context.register;
}

function sayFact(
  material: LanguageMaterial,
  context: WritingContext,
  fact: DetailFact,
  names: Record<string, string>,
  say: (lines: Lines, vars: Record<string, string>) => { text: string } | null,
): string | null {
  const vars = { ...names, ...fact.vars, ...(fact.age === undefined ? {} : material.ageVars(fact.age)) };
  const comfort = context.occasion === 'Get Well Soon' ? material.comfort[fact.kind] : undefined;
  return say(comfort ?? material.details[fact.kind][context.register], vars)?.text ?? null;
}

/**
 * One of the lines that can be said to this recipient, filled; null when none can. Lines that would repeat
 * what the message already says ("Sending you healing thoughts" twice) give way when another line fits.
 */
function pick(
  lines: Lines,
  context: WritingContext,
  vars: Record<string, string>,
  choose: Choose,
  said: readonly string[],
): { line: string; text: string } | null {
  const options = lines.flatMap((line) => {
    const text = fill(line, { vars, gender: context.gender, polite: context.polite, count: context.count });
    return text === null ? [] : [{ line, text }];
  });
  // Each sentence is split into words once, not once per comparison.
  const earlier = said.map(wordingOf);
  const fresh =
    earlier.length === 0
      ? options
      : options.filter((option) => {
          const wording = wordingOf(option.text);
          return !earlier.some((before) => repeats(wording, before));
        });
  const candidates = fresh.length > 0 ? fresh : options;
  return candidates.length > 0 ? choose(candidates) : null;
}

/** A sentence's words, lower-cased, and its runs of three words in a row. */
interface Wording {
  words: string[];
  triples: Set<string>;
}

function wordingOf(text: string): Wording {
  const words = text.toLowerCase().match(/[\p{L}\p{M}']+/gu) ?? [];
  const triples = new Set(words.slice(2).map((word, i) => `${words[i]} ${words[i + 1]} ${word}`));
  return { words, triples };
}

/** Two sentences repeat each other when they share three words in a row or start with the same two. */
function repeats(a: Wording, b: Wording): boolean {
  const [first, second] = [a.words, b.words];
  if (first.length >= 2 && first[0] === second[0] && first[1] === second[1]) return true;
  for (const triple of a.triples) if (b.triples.has(triple)) return true;
  return false;
}
