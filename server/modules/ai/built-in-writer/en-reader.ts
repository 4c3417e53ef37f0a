import { fitsInSentence, plausibleAge, sentencesOf, wordsOf } from './details.ts';
import { capitalize } from './template.ts';
import type { DetailFact, DetailKind, DetailsReading, WritingContext } from './types.ts';
import { baseOf, isBase, isPast, isThirdPerson, participleOf, youForm } from './en-verbs.ts';

/**
 * Reading details typed in English ("He just turned 30, loves rock climbing, and burnt the pancakes last
 * Sunday"): the details are split into clauses, each clause is recognised as a kind of fact and restated to
 * the recipient ("you love rock climbing", "you burnt the pancakes last Sunday"). A clause the reader cannot
 * restate with confidence (about someone else, a sentence it does not parse, a third person it could not
 * turn) is returned as typed in `notWoven`, never pasted.
 */

/** Who a clause is about once read. */
type Subject = 'recipient' | 'we' | 'i' | 'someone';

interface PartReading {
  fact?: DetailFact;
  short?: boolean;
  /** Not a detail at all (an order about the message's style): neither woven nor named. */
  ignored?: boolean;
  subject?: Subject;
}

/** At most this many facts make it into one message, so the details never crowd out the occasion. */
const MAX_FACTS = 3;
/** A fact longer than this is a paragraph, which the frames cannot carry. */
const MAX_FACT_WORDS = 18;

const ADVERBS = new Set(
  'just really also still always never recently finally now already truly absolutely totally often usually sometimes even so very actually literally secretly officially currently soon newly'.split(
    ' ',
  ),
);
/** Adverbs that make a past event news: "just moved" is said "you've just moved". */
const NEWS_ADVERBS = /\b(?:just|recently|finally|already|newly)\b/iu;
/** Words that date an event, which the present perfect cannot carry ("last Sunday", "in 2010"). */
const DATED =
  /\b(?:last|ago|yesterday|when|once|back\s+in|in\s+\d{4}|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|that\s+time|this\s+morning|the\s+other\s+day)\b/iu;
/** Past events that are news to congratulate rather than memories to smile at. */
const NEWS_VERBS = new Set(
  'move start get buy pass graduate land open launch join retire adopt welcome win finish become find sign qualify complete earn have begin change switch publish release learn build turn make'.split(
    ' ',
  ),
);

const SUBJECT_PRONOUN = /^(?:she|he|they|you|we|i)(?:'s|'re|'ve|'ll|'d|'m)?$/iu;
const CONJUNCTIONS = new Set(['and', 'but', 'plus', '&', 'then', 'also']);

/** "Loves: reading, gardening…", "Hobbies: …": a label for a list of likings. */
const LABEL = /^(?:loves|likes|hobbies|interests|passions)\s*:\s*/iu;
/** A fragment that leaves out "is": "huge fan of Queen", "obsessed with K-pop". */
const FRAGMENT_OF_BEING =
  /^(?:(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|(?:so\s+|totally\s+)?(?:obsessed|crazy|mad|passionate)\s+(?:with|about))\b/iu;
/** Years of a marriage: "married 10 years", "Anniversary: 25 years", "our 40 years together". */
const MILESTONE =
  /^(?:(?:our|their|your|her|his)\s+)?(?:anniversary\s*:?\s*|(?:been\s+)?married\s+(?:for\s+)?)?(\d{1,2})\s+years?(?:\s+(?:together|married|of\s+marriage))?(?:\s+(?:this|next|last|in)\s+\w+)?$/iu;
/** The start of words already said to the recipient. */
const SAID_TO_YOU =
  /^(?:thank\s+you|thanks|congrats|congratulations|good\s+luck|(?:i\s+)?miss\s+you|so\s+proud\s+of\s+you)\b/iu;
const LEADING_FILLER = /^(?:please|pls|plz|oh|also|and|but|btw|ps|p\.s\.|ok|okay|plus|then)[,:]?\s+/iu;
const SHORT =
  /^(?:(?:please\s+)?(?:make|keep)\s+(?:it|this|the\s+\w+)\s+)?(?:(?:very|really|nice\s+and|short\s+and)\s+)?(?:short|brief|concise|shorter|to\s+the\s+point|not\s+too\s+long)(?:\s+and\s+sweet)?(?:\s+please)?$/iu;
const STYLE =
  /^(?:make|keep)\s+(?:it|this)\b|^(?:no|without)\s+(?:emojis?|hashtags?)\b|^(?:be|sound)\s+\w+$/iu;
const REQUEST =
  /^(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(mention|include|write\s+about|talk\s+about|reference|refer\s+to|bring\s+up|add|note|acknowledge|remember|(?:do\s+not|don't|dont)\s+forget(?:\s+to\s+mention|\s+about)?|say|tell\s+(?:her|him|them)|wish\s+(?:her|him|them))\s+(?:(that|about|how)\s+)?(.+)$/iu;
/** Other orders to the writer, and talk about the message itself: not details, so not read. */
const UNREAD =
  /^(?:write|ignore|forget|pretend|act|use|change|stop|do|don't|dont|never|give|generate|output|print|translate|repeat|respond|answer|reply|start|begin|replace|delete|show|insult|roast|tell|make|be|add|put|sign)\b|\b(?:the|this|my|your)\s+(?:message|card|text|prompt|tone|greeting|wording|answer)\b|\b(?:prompt|instructions?|assistant|chatbot|ai|emojis?)\b/iu;
const AGE = [
  /\bturn(?:s|ed|ing)?\s+(\d{1,3})\b/iu,
  /\b(?:is|'s|will\s+be|be|am|are|'re|'m)\s+(\d{1,3})\b/iu,
  /^(?:her|his|their|your|the\s+big)\s+(\d{1,3})(?:st|nd|rd|th)\b/iu,
  /^(\d{1,3})(?:st|nd|rd|th)?(?:\s+(?:birthday|bday|today|this\s+year))?$/iu,
  /\b(\d{1,3})\s*(?:years?\s*old|yo|today|this\s+year)\b/iu,
  /^(?:age\s+)?(\d{1,3})$/iu,
  /^happy\s+(\d{1,3})(?:st|nd|rd|th)?(?:\s+(?:birthday|bday))?$/iu,
];
/** Numbers that count something else than years of life. */
const NOT_AN_AGE =
  /anniversar|wedding|married|together|\d\s*(?:months?|weeks?|days?|hours?|minutes?|km|miles?|kg|pounds?|percent|%|kids|children|grandchildren)\b|\b(?:dog|cat|son|daughter|baby|job|company|kids?|children)\b/iu;
/** How an age is said about the recipient: by a pronoun, their name, or a fragment. */
const AGE_SUBJECT =
  /^(?:happy\s+\d|(?:she|he|they|you)(?:'s|'re|'ll)?|(?:just\s+)?turn|(?:is|will\s+be)\b|her\s+\d|his\s+\d|their\s+\d|the\s+big|age|\d)/iu;
const LIKING =
  /^(love|like|enjoy|adore|are\s+(?:really\s+|so\s+|totally\s+)?(?:into|obsessed\s+with|crazy\s+about|passionate\s+about|mad\s+about|a\s+(?:big\s+|huge\s+)?fan\s+of|fans\s+of))\s+(.+)$/iu;
const NOT_A_THING = /^(?:to|it|that|when|how|what|where|if|because|being|the\s+way)\b/iu;
/** After "you are": what makes the clause a trait ("you are so kind") rather than news or a state. */
const TRAIT_LEAD =
  /^(?:so|such|very|really|truly|incredibly|super|always|the|a|an|one|extremely|genuinely|seriously|absolutely|honestly|[a-z]+(?:ful|ous|ive|est|ble|ic|ish))\b/iu;
const NOT_A_TRAIT =
  /\b(?:pregnant|expecting|engaged|married|retired|retiring|ill|sick|unwell|hospital|recovering|moving|leaving|going|getting|starting)\b|^(?:(?:so|very|really|\w+ly)\s+)?(?:in|at|on|to|from|with|back|away|off|now|currently|still|new|newly|first|\w+ing)\b/iu;
/** Words after "her" that show it is the object ("proud of her today"), not a possessive ("her new job"). */
const NOT_A_NOUN = new Set(
  'to for with about on in at from and or but so because when that more a an the very too again back up out off now today tonight every this these those since as like than if is was has will can would could should down over through around always never much lots all'.split(
    ' ',
  ),
);
/** A phrase a card can toast when it starts with one of these ("the new flat", "her promotion", "hiking"). */
const DETERMINER =
  /^(?:the|a|an|your|our|my|this|that|these|those|all|two|three|four|five|many|so\s+many)$/iu;
/** Phrases that need "your" in front to be toasted: "new job" → "your new job". */
const OWNED_LEAD = /^(?:new|first|big|brand-new|latest|upcoming|recent|next)$/iu;
/** People a phrase may name ("my sister, always late"): a phrase about a person is not a thing to toast. */
const PERSON_NOUNS =
  /^(?:sister|brother|sis|bro|mum|mom|mother|dad|father|parents?|son|daughter|kids?|children|wife|husband|partner|boyfriend|girlfriend|fiancée?|friends?|bestie|bff|boss|colleague|teacher|neighbou?r|grandma|grandmother|grandpa|grandfather|nan|aunt|uncle|cousin|niece|nephew|baby)$/iu;
const EVENT_NOUNS =
  /^(?:promotion|engagement|retirement|graduation|wedding|anniversary|pregnancy|move|birthday|bday|exams?|degree|diploma|recovery|surgery|operation|marathon|trip|holiday|vacation|house|flat|apartment|job|baby|puppy|kitten|car|book|business|shop|band|garden|thesis|exhibition|concert|launch)$/iu;
/** Things people love that need no article ("coffee", "jazz"). */
const MASS_NOUNS =
  /^(?:coffee|tea|chocolate|jazz|music|football|soccer|tennis|golf|yoga|pizza|wine|sushi|cake|travel|art|gardening|cooking|baking|reading|hiking|running|cycling|swimming|photography|chess|poetry|rock|pop|opera|theatre|dancing|skiing|surfing|fishing|climbing|knitting|painting|gaming)$/iu;
const TYPOS: Record<string, string> = {
  shes: "she's",
  hes: "he's",
  im: "I'm",
  ive: "I've",
  dont: "don't",
  doesnt: "doesn't",
  cant: "can't",
  isnt: "isn't",
  wasnt: "wasn't",
  theyre: "they're",
  luvs: 'loves',
  lovs: 'loves',
  lves: 'loves',
  loev: 'love',
  loevs: 'loves',
  jsut: 'just',
  juts: 'just',
  alwasy: 'always',
  realy: 'really',
  bday: 'birthday',
};

export function readEnglishDetails(text: string, context: WritingContext): DetailsReading {
  const reading: DetailsReading = { facts: [], short: false, notWoven: [] };
  for (const sentence of sentencesOf(withoutEmoji(text))) {
    let subject: Subject = 'recipient';
    for (const part of clausesOf(sentence, context)) {
      const result = readPart(part, context, subject, false);
      if (result.short) reading.short = true;
      if (result.subject) subject = result.subject;
      const typed = asTyped(part);
      if (result.fact) {
        const repeated = reading.facts.some((fact) => fact.words === result.fact?.words);
        if (repeated) continue;
        if (reading.facts.length < MAX_FACTS) reading.facts.push(result.fact);
        else reading.notWoven.push(typed);
      } else if (!result.short && !result.ignored && typed) reading.notWoven.push(typed);
    }
  }
  return reading;
}

/** Emoji and their joiners say nothing a sentence can carry; they go before reading. */
function withoutEmoji(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|[\u{1F1E6}-\u{1F1FF}]|\u200d|\ufe0f/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The clause as the sender typed it, for the dialog to name. */
function asTyped(part: string): string {
  return part.replace(/^[\s,.;:!?&-]+|[\s,.;:!?&-]+$/gu, '').replace(/^(?:and|but|plus|also|then)\s+/iu, '');
}

/**
 * Splits a sentence where a new clause starts: after "and", "but" or a comma when a subject ("she", "we")
 * or a verb of the same subject ("…, loves rock climbing") follows. A list of things ("coffee, cats and
 * jazz") stays whole.
 */
function clausesOf(sentence: string, context: WritingContext): string[] {
  const tokens = sentence.split(/\s+/u).filter(Boolean);
  // After "they", "we" or "I", a verb of the same subject is in its plain form: "they met… and love hiking".
  // So does a fragment that starts with its verb: "married ten years ago, love travelling".
  const lead = bare(tokens[0] ?? '');
  const plain = /^(?:they|we|i|you)$/iu.test(lead) || isPast(lead);
  const parts: string[][] = [[]];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const lower = bare(token);
    const previous = tokens[i - 1] ?? '';
    const current = parts[parts.length - 1]!;
    if (
      current.length > 0 &&
      CONJUNCTIONS.has(lower) &&
      !jointSubject(current, tokens[i + 1] ?? '') &&
      startsClause(tokens.slice(i + 1), context, plain)
    ) {
      parts.push([]);
      continue;
    }
    if (
      current.length > 0 &&
      /,$/u.test(previous) &&
      !CONJUNCTIONS.has(lower) &&
      startsClause(tokens.slice(i), context, plain)
    ) {
      parts.push([]);
    }
    parts[parts.length - 1]!.push(token);
  }
  return parts.map((part) => part.join(' ').replace(/,$/u, '')).filter((part) => part.trim() !== '');
}

/** "Sam and I are…": a name and "I" or "we" are one subject, not two clauses. */
function jointSubject(current: readonly string[], next: string): boolean {
  return (
    /^(?:i|we)$/iu.test(bare(next)) && current.length <= 2 && current.every((token) => /^\p{Lu}/u.test(token))
  );
}

/** After "she's": "she's been", "she's moved" (has) rather than "she's obsessed", "she's married" (is). */
function hasParticiple(word: string): boolean {
  if (ADJECTIVAL.has(word)) return false;
  return (
    /^(?:been|got|gotten|had|done|gone|seen|become|begun|won|made|taken|given|written)$/u.test(word) ||
    isPast(word)
  );
}

const ADJECTIVAL = new Set(
  'married engaged retired excited interested obsessed tired scared worried pleased delighted thrilled bored stressed amazed'.split(
    ' ',
  ),
);

function startsClause(tokens: readonly string[], context: WritingContext, plain: boolean): boolean {
  const words = tokens.map(bare);
  const first = words[0] ?? '';
  if (!first) return false;
  if (SUBJECT_PRONOUN.test(normalised(first))) return true;
  const name = context.recipientName.toLowerCase();
  if (name && !/\s/u.test(name) && first === name) return true;
  // "…, Tom says hi": a name and its verb start someone else's clause.
  if (/^\p{Lu}/u.test(tokens[0] ?? '') && isThirdPerson(normalised(words[1] ?? ''))) return true;
  const verbIndex = words.findIndex((word) => !ADVERBS.has(word));
  const verb = words[verbIndex] ?? '';
  // "loves dogs, walks and jazz": a word that ends a list is an item, not a verb.
  if (/^(?:and|or|&)?$/u.test(words[verbIndex + 1] ?? '') && !/,$/u.test(tokens[verbIndex] ?? ''))
    return false;
  return (
    isThirdPerson(normalised(verb)) ||
    isPast(normalised(verb)) ||
    (plain && isBase(verb)) ||
    /^(?:is|has|was|can|will|used)$/u.test(verb)
  );
}

/** A token in lower case without the punctuation around it. */
function bare(token: string): string {
  return token
    .toLowerCase()
    .replace(/[’`]/gu, "'")
    .replace(/^[^\p{L}\p{N}'&]+|[^\p{L}\p{N}'&]+$/gu, '');
}

function normalised(word: string): string {
  return TYPOS[word] ?? (/^lo+ves$/u.test(word) ? 'loves' : word);
}

function readPart(raw: string, context: WritingContext, implied: Subject, nested: boolean): PartReading {
  let text = raw
    .replace(/[’`]/gu, "'")
    .split(/\s+/u)
    .map((token) => {
      const [, lead = '', word = '', tail = ''] = /^([^\p{L}']*)([\p{L}']*)(.*)$/u.exec(token) ?? [];
      const fixed = normalised(word.toLowerCase());
      return fixed === word.toLowerCase() ? token : `${lead}${fixed}${tail}`;
    })
    .join(' ')
    .trim();
  while (LEADING_FILLER.test(text)) text = text.replace(LEADING_FILLER, '');
  text = text
    .replace(/\s*\([^)]*\)/gu, '')
    .replace(/\s+(?:lol|lmao|haha+|hehe+|xd|xx+|x)$/iu, '')
    .replace(/[\s,.;:!?&-]+$/u, '')
    .replace(LABEL, 'loves ')
    .replace(FRAGMENT_OF_BEING, (fragment) =>
      /^a\s/iu.test(fragment) || !/fan/iu.test(fragment)
        ? `is ${fragment.toLowerCase()}`
        : `is a ${fragment.toLowerCase()}`,
    );
  if (!text) return { ignored: true };
  const milestone = MILESTONE.exec(text);
  if (milestone && /married|together|marriage|anniversary/iu.test(text)) {
    const sentence = `${milestone[1]} years together — what a milestone.`;
    return { fact: { kind: 'sentence', vars: { sentence }, words: asTyped(raw) } };
  }
  if (SHORT.test(text)) return { short: true };
  if (STYLE.test(text)) return { ignored: true };
  const request = nested ? null : REQUEST.exec(text);
  if (request) return readRequest(request[1] ?? '', request[2], request[3] ?? '', context);
  if (UNREAD.test(text)) return { ignored: true };
  const age = ageIn(text, context);
  if (age !== null) return { fact: { kind: 'age', vars: {}, words: asTyped(raw), age } };
  const reading = readStatement(text, context, implied);
  if (reading.fact) reading.fact.words = asTyped(raw);
  return reading;
}

/** "mention his new job", "say we miss her", "wish him luck": the content is read, the order never echoed. */
function readRequest(
  verb: string,
  connector: string | undefined,
  rest: string,
  context: WritingContext,
): PartReading {
  const lower = verb.toLowerCase();
  if (lower.startsWith('wish')) {
    const thing = secondPerson(wordsOf(rest), context, false)?.join(' ');
    return thing && sized(thing) && !FINITE_VERB.test(thing)
      ? { fact: { kind: 'wish', vars: { thing }, words: rest } }
      : {};
  }
  const saying = (lower === 'say' || lower.startsWith('tell')) && connector?.toLowerCase() !== 'about';
  if (!saying) return readPart(rest, context, 'recipient', true);
  if (UNREAD.test(rest)) return { ignored: true };
  const reading = readStatement(rest, context, 'recipient');
  if (!reading.fact) return reading;
  reading.fact.words = rest;
  return reading;
}

/** Finite verbs: a phrase with one is a sentence about someone, not a thing to toast. */
const FINITE_VERB =
  /\b(?:is|are|was|were|am|has|have|had|will|would|can|could|should|did|does|do|got|gets|went|goes|made|makes|said|says)\b/iu;

function readStatement(text: string, context: WritingContext, implied: Subject): PartReading {
  let tokens = withRecipientAsShe(text, context);
  const first = bare(tokens[0] ?? '');
  let subject: Subject | null = null;
  let they = false;
  if (/^(?:she|he)(?:'s|'ll|'d)?$/u.test(first)) {
    // "She" in a card to a couple is one of them: which one, the reader cannot tell.
    if (context.count !== 'one') return { subject: 'someone' };
    subject = 'recipient';
  } else if (/^(?:they|you)(?:'re|'ve|'ll|'d)?$/u.test(first)) {
    subject = 'recipient';
    they = first.startsWith('they');
  } else if (/^we(?:'re|'ve|'ll|'d)?$/u.test(first)) subject = 'we';
  else if (/^i(?:'m|'ve|'ll|'d)?$/u.test(first)) subject = 'i';
  else if (startsWithVerb(tokens, implied !== 'recipient' || context.count !== 'one')) {
    if (implied === 'someone') return {};
    subject = implied;
    const pronoun =
      implied === 'recipient' ? (context.count === 'one' ? 'she' : 'they') : implied === 'we' ? 'we' : 'I';
    they = pronoun === 'they';
    const [head = '', ...rest] = tokens;
    tokens = [pronoun, head.charAt(0).toLowerCase() + head.slice(1), ...rest];
  }
  if (subject === null && SAID_TO_YOU.test(text)) {
    // Words the sender says to the recipient already ("thank you for everything"): a sentence as it is.
    const turned = secondPerson(tokens, context, context.count !== 'one');
    const said = turned?.join(' ') ?? '';
    return turned && sized(said) ? { fact: fact('sentence', { sentence: `${capitalize(said)}.` }) } : {};
  }
  if (subject === null) return readPhrase(tokens, context);

  const turned = secondPerson(tokens, context, they || context.count !== 'one');
  if (!turned) return {};
  const clause = turned.join(' ');
  if (!sized(clause)) return {};
  if (subject === 'i') {
    if (startsPast(turned.slice(1))) return { subject, fact: fact('memory', { clause }) };
    return { subject, fact: fact('sentence', { sentence: `${capitalize(clause)}.` }) };
  }
  if (subject === 'we') {
    if (startsPast(turned.slice(1))) return { subject, fact: fact('memory', { clause }) };
    if (/^we(?:'re|\s+are)\s+\w+ing\b|^we(?:'ll|\s+will|\s+can't\s+wait|\s+plan|\s+hope)\b/iu.test(clause))
      return { subject, fact: fact('plan', { clause }) };
    return { subject, fact: fact('sentence', { sentence: `${capitalize(clause)}.` }) };
  }
  return { subject, fact: aboutRecipient(turned) };
}

function fact(kind: DetailKind, vars: Record<string, string>): DetailFact {
  return { kind, vars, words: '' };
}

/** A clause about the recipient, already in the second person, as the kind of fact it states. */
function aboutRecipient(turned: string[]): DetailFact {
  const rest = turned.slice(1);
  const verbIndex = rest.findIndex((word) => !ADVERBS.has(bare(word)));
  const verb = bare(rest[verbIndex] ?? '');
  const predicate = rest.filter((_, i) => i >= verbIndex).join(' ');
  const clause = turned.join(' ');
  if (/^you're$/iu.test(turned[0] ?? '') || verb === 'are') {
    const after = (/^you're$/iu.test(turned[0] ?? '') ? rest : rest.slice(verbIndex + 1)).join(' ');
    const liking = LIKING.exec(`are ${after}`);
    if (liking) return likes(clause, liking[2] ?? '');
    if (TRAIT_LEAD.test(after) && !NOT_A_TRAIT.test(after)) return fact('note', { note: clause });
    return fact('clause', { clause });
  }
  const liking = LIKING.exec(predicate);
  if (liking) return likes(clause, liking[2] ?? '');
  if (isPast(verb)) {
    const base = baseOf(verb);
    const dated = DATED.test(clause);
    if (NEWS_ADVERBS.test(clause) && !dated) {
      const perfect = [...turned];
      perfect[0] = `${turned[0]}'ve`;
      perfect[verbIndex + 1] = participleOf(verb);
      return fact('clause', { clause: perfect.join(' ') });
    }
    if (base && NEWS_VERBS.has(base) && !dated) return fact('clause', { clause });
    return fact('memory', { clause });
  }
  // A habit or a trait in the present ("you run marathons for fun"): something to admire, not news.
  if (isBase(verb) && !UNADMIRABLE.has(verb)) return fact('note', { note: clause });
  return fact('clause', { clause });
}

/** Present verbs that state a need or a trouble, not a habit to admire. */
const UNADMIRABLE = new Set(['need', 'miss', 'worry', 'fail', 'face', 'lose', 'leave', 'quit', 'hate']);

function likes(clause: string, thing: string): DetailFact {
  const vars: Record<string, string> = { clause };
  if (!NOT_A_THING.test(thing)) vars.thing = thing;
  return fact('likes', vars);
}

function startsPast(tokens: readonly string[]): boolean {
  const verb = tokens.map(bare).find((word) => !ADVERBS.has(word)) ?? '';
  return isPast(verb) || verb === 'used';
}

/** A fragment that goes on with the last subject's verb; a plain "love" only after "they", "we" or "I". */
function startsWithVerb(tokens: readonly string[], plain: boolean): boolean {
  const verb = tokens.map(bare).find((word) => !ADVERBS.has(word)) ?? '';
  return (
    isThirdPerson(verb) ||
    isPast(verb) ||
    (plain && isBase(verb)) ||
    /^(?:is|has|was|can|will|used)$/u.test(verb)
  );
}

/**
 * A phrase without a subject: a thing to toast ("her new job" → "your new job", "coffee, cats and jazz"), or,
 * when it says something about someone else, a clause the reader leaves out.
 */
function readPhrase(tokens: string[], context: WritingContext): PartReading {
  const phrase = tokens.join(' ');
  if (!sized(phrase) || wordsOf(phrase).length > 8) return {};
  const lowered = tokens.map(bare);
  const head = lowered[0] ?? '';
  if (/^(?:my|our)$/u.test(head) && PERSON_NOUNS.test(lowered[1] ?? '')) return {};
  if (
    /^(?:her|his|their)$/u.test(head) &&
    lowered.slice(1).some((word) => FINITE_VERB.test(word) || isThirdPerson(word) || isPast(word))
  ) {
    // "his dog Max is the best": about someone or something of theirs, in their own third person.
    const turned = secondPerson(tokens, context, head === 'their');
    return turned && sized(turned.join(' ')) ? { fact: fact('clause', { clause: turned.join(' ') }) } : {};
  }
  if (
    FINITE_VERB.test(phrase) ||
    lowered.some((word) => (isThirdPerson(word) || isPast(word)) && !MASS_NOUNS.test(word))
  )
    return {};
  const turned = secondPerson(tokens, context, context.count !== 'one');
  if (!turned) return {};
  const converted = [...turned];
  const [first, second] = converted;
  const common = EVENT_NOUNS.test(bare(first ?? '')) || MASS_NOUNS.test(bare(first ?? ''));
  if (first && /^\p{Lu}\p{Ll}/u.test(first) && ((second && /^\p{Ll}/u.test(second)) || common)) {
    converted[0] = first.charAt(0).toLowerCase() + first.slice(1);
  }
  const lead = bare(converted[0] ?? '');
  const list = /,|\band\b|&/u.test(phrase);
  if (
    OWNED_LEAD.test(lead) ||
    (converted.length <= 2 && EVENT_NOUNS.test(bare(converted.at(-1) ?? '')) && !DETERMINER.test(lead))
  )
    converted.unshift('your');
  else if (
    !DETERMINER.test(lead) &&
    !list &&
    !/ing$/u.test(lead) &&
    !MASS_NOUNS.test(lead) &&
    !(converted.length === 1 && /[^s]s$/u.test(lead))
  )
    return {};
  const thing = converted.join(' ');
  return { fact: fact('thing', { thing }) };
}

function ageIn(text: string, context: WritingContext): number | null {
  if (wordsOf(text).length > 6 || NOT_AN_AGE.test(text)) return null;
  const name = context.recipientName.toLowerCase();
  const lower = text.toLowerCase();
  const spoken = name && lower.startsWith(`${name} `) ? lower.slice(name.length + 1) : lower;
  if (!AGE_SUBJECT.test(spoken)) return null;
  if (context.count !== 'one' && !/^(?:they|you)/u.test(spoken)) return null;
  for (const pattern of AGE) {
    const age = plausibleAge(pattern.exec(spoken)?.[1]);
    if (age !== null) return age;
  }
  return null;
}

function sized(text: string): boolean {
  return fitsInSentence(text, MAX_FACT_WORDS);
}

/** "Anna loves hiking" reads like "she loves hiking" when Anna is the recipient. */
function withRecipientAsShe(text: string, context: WritingContext): string[] {
  const name = context.recipientName.toLowerCase();
  const lower = text.toLowerCase();
  const pronoun = context.count === 'one' ? 'she' : 'they';
  const possessive = context.count === 'one' ? 'her' : 'their';
  if (name && lower.startsWith(`${name}'s `)) return wordsOf(`${possessive} ${text.slice(name.length + 3)}`);
  if (name && lower.startsWith(`${name} `)) return wordsOf(`${pronoun} ${text.slice(name.length + 1)}`);
  return wordsOf(text);
}

/**
 * Turns what the sender wrote about the recipient into words to the recipient: she/he → you with the verb
 * agreeing ("she loves" → "you love", "he's been" → "you've been", "…and bakes" → "…and bake"), her/his →
 * your, him → you. "They" is turned when the clause is about them (a couple, a person who goes by they).
 * Null when a third person is left that the reader cannot place.
 */
function secondPerson(tokens: readonly string[], context: WritingContext, they: boolean): string[] | null {
  const name = context.recipientName.toLowerCase();
  let verbPending = false;
  let afterYou = false;
  const out = tokens.map((token, index) => {
    const [, lead = '', word = '', tail = ''] = /^([^\p{L}']*)([\p{L}']*)(.*)$/u.exec(token) ?? [];
    const lower = word.toLowerCase();
    const next = bare(tokens[index + 1] ?? '');
    const nextVerb = tokens
      .slice(index + 1)
      .map(bare)
      .find((t) => !ADVERBS.has(t));
    let replaced: string | null = null;
    if (lower === 'she' || lower === 'he' || (they && lower === 'they')) {
      replaced = 'you';
      verbPending = true;
    } else if (/^(?:she|he)'s$/u.test(lower) || (they && lower === "they're"))
      replaced = lower.endsWith("'s") && hasParticiple(nextVerb ?? '') ? "you've" : "you're";
    else if (/^(?:she|he)'(?:ll|d)$/u.test(lower) || (they && /^they'(?:ve|ll|d)$/u.test(lower)))
      replaced = `you'${lower.split("'")[1]}`;
    else if (lower === 'her') replaced = tail || !next || NOT_A_NOUN.has(next) ? 'you' : 'your';
    else if (lower === 'his' || (they && lower === 'their')) replaced = 'your';
    else if (lower === 'him' || (they && lower === 'them')) replaced = 'you';
    else if (lower === 'herself' || lower === 'himself') replaced = 'yourself';
    else if (they && lower === 'themselves') replaced = 'yourselves';
    else if (lower === 'hers' || (they && lower === 'theirs')) replaced = 'yours';
    else if (name && lower === name && !/\s/u.test(name)) replaced = tail.startsWith("'s") ? 'your' : 'you';
    else if (verbPending && word && !ADVERBS.has(lower)) {
      replaced = youForm(lower);
      verbPending = false;
      afterYou = true;
    } else if (afterYou && word && CONJUNCTIONS.has(lower) && isThirdPerson(nextVerb ?? '')) {
      // "…and bakes bread" is a second verb; "…cats and walks" ends a list.
      const rest = tokens.slice(index + 1).map(bare);
      const at = rest.findIndex((t) => !ADVERBS.has(t));
      verbPending = !/^(?:and|or|&)?$/u.test(rest[at + 1] ?? '');
    }
    if (replaced === 'your' && tail.startsWith("'s")) return `${lead}your${tail.slice(2)}`;
    return `${lead}${replaced ?? word}${tail}`;
  });
  const leftover = out.some((token, i) => {
    const lower = bare(token);
    if (/^(?:she|he|him|his|hers|herself|himself|she's|he's|she'll|he'll|she'd|he'd)$/u.test(lower))
      return true;
    // "her" or "his" in a card to a couple means one of them: which one, the reader cannot tell.
    if (context.count !== 'one' && /^(?:her|his|him)$/u.test(bare(tokens[i] ?? ''))) return true;
    return lower === 'you' && isThirdPerson(bare(out[i + 1] ?? ''));
  });
  return leftover ? null : out;
}
