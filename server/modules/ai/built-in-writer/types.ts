import type { Occasion, Relationship, Tone } from '../../../../shared/ai/ai-message.contract.ts';
import type { Language } from '../../../../shared/i18n/languages.ts';

/**
 * The shapes the built-in writer's material is written in. Every line is a template (see template.ts):
 * `{to}` and `{from}` are the names, `[…]` is left out when a name inside it is empty, `<m|f|n>` picks the
 * form for a male, female or unknown recipient (`<m|f|n|two|many>` or `<m|f|n|plural>` for a couple or a
 * group too), `{informal|polite}` picks the form of address (`{informal|polite|plural}`).
 */
export type Lines = readonly string[];

/**
 * The tone as the material needs it: 'Romantic & Sweet' is romance only between partners ('romantic');
 * towards a mother, a boss or a child it is warm affection ('sweet').
 */
export type ToneKey = 'heartfelt' | 'funny' | 'formal' | 'casual' | 'romantic' | 'sweet';

/** The register shared by the slots that do not need all six tones. */
export type Register = 'warm' | 'light' | 'formal';

/** Who the recipient is, as far as the wording changes with it. */
export type Group =
  | 'partner'
  | 'parent'
  | 'child'
  | 'sibling'
  | 'grandparent'
  | 'family'
  | 'friend'
  | 'colleague'
  | 'boss'
  | 'teacher'
  | 'neighbour';

/** How close the sender is to the recipient, which decides the sign-off ("All my love" or "Best regards"). */
export type Circle = 'partner' | 'family' | 'friend' | 'work';

export type Gender = 'female' | 'male' | null;

/** How many people the card is to: one, a couple ("Jo & Sam"), or more. */
export type Count = 'one' | 'two' | 'many';

/** An invitation's event as the 'Invitation' occasion words it: `{what}`, `{when}`, `{where}`. */
export interface EventWords {
  what: string;
  /** The start, worded in the card's language ("Saturday, 12 June at 18:00"); '' when not set. */
  when: string;
  where: string;
}

/** Everything about one brief that decides the wording, worked out once. */
export interface WritingContext {
  language: Language;
  occasion: Occasion;
  tone: Tone;
  relationship: Relationship;
  toneKey: ToneKey;
  register: Register;
  group: Group;
  circle: Circle;
  gender: Gender;
  count: Count;
  /** Russian "Вы": a boss or a teacher always, a colleague or a neighbour in a formal message. */
  polite: boolean;
  event: EventWords;
  recipientName: string;
  senderName: string;
}

/**
 * What a personal detail became once read: `age` (a number any language can word), a liking, a clause about
 * the recipient in the second person, a shared memory or plan, a wish, a thing to toast, a sentence to say
 * as it is, or a note kept in the words the sender typed.
 */
export type DetailKind =
  'age' | 'likes' | 'clause' | 'memory' | 'plan' | 'wish' | 'thing' | 'sentence' | 'note';

export interface DetailFact {
  kind: DetailKind;
  /** The values the frames of this kind use, already in the second person and the right forms. */
  vars: Record<string, string>;
  /** The fact as words in the language it was typed in, for a card written in another language. */
  words: string;
  age?: number;
}

export interface DetailsReading {
  facts: DetailFact[];
  /** The sender asked for a short message ("make it short"). */
  short: boolean;
  /**
   * The parts of the details the reader could not restate with confidence, as the sender typed them: they
   * are left out of the message and the dialog names them, so the sender can add them by hand.
   */
  notWoven: string[];
}

export interface OccasionMaterial {
  /** The opening sentence; each addresses the recipient by name in an optional `[…{to}…]`. */
  greetings: Record<Register, Lines>;
  /** What the occasion means, in each tone. */
  body: Record<ToneKey, Lines>;
  /** The closing wish. */
  wishes: Record<Register, Lines>;
}

/** The occasions beyond SPEC's twelve, whose material a language may keep in a file of its own. */
export type AddedOccasion =
  | 'Wedding'
  | 'Engagement'
  | 'Anniversary'
  | 'Holiday/Eid al-Adha'
  | 'Baby Shower'
  | 'Bridal Shower'
  | 'Housewarming'
  | 'Retirement'
  | 'Invitation';

export interface LanguageMaterial {
  /** A first line of its own ("Dear {to},"); the empty line means the greeting carries the name. */
  salutations: Record<Register | 'romantic', Lines>;
  occasions: Record<Occasion, OccasionMaterial>;
  /** A line about what the recipient is to the sender. */
  relations: Record<Group, Record<Register, Lines>>;
  /** Frames for personal details, by kind; `comfort` replaces them in a get-well card. */
  details: Record<DetailKind, Record<Register, Lines>>;
  comfort: Partial<Record<DetailKind, Lines>>;
  signOffs: Record<Circle, Record<Register, Lines>>;
  /** The values an age is worded with in this language (`{age}`, `{ordinal}`, …). */
  ageVars(age: number): Record<string, string>;
  /** Reads details typed in this language into facts for the given card. */
  readDetails(text: string, context: WritingContext): DetailsReading;
}
