/**
 * What an invitation's event may hold (DESIGN §1.20), shared by the contract, the editor and the server.
 */

export const INVITATION_TITLE_MAX_LENGTH = 120;
export const INVITATION_PLACE_MAX_LENGTH = 200;
export const INVITATION_NOTES_MAX_LENGTH = 1000;
/** Plus-ones a host may allow each guest. */
export const MAX_PLUS_ONES_LIMIT = 10;
/** A capacity no plan reaches (Premium's guest limit is 500, each with plus-ones). */
export const INVITATION_CAPACITY_MAX = 10_000;
/** The host asks at most three questions (a meal, a song, an allergy…). */
export const INVITATION_QUESTIONS_MAX = 3;
export const QUESTION_PROMPT_MAX_LENGTH = 120;
export const QUESTION_CHOICE_MAX_LENGTH = 60;
/** A one-choice question offers two to six choices. */
export const QUESTION_CHOICES_MIN = 2;
export const QUESTION_CHOICES_MAX = 6;
export const QUESTION_KINDS = ['text', 'choice'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/**
 * The codes an invitation's fields are refused with; each is the locale key `invitation.errors.{code}`
 * (the text rule's own `invalid-characters` and `too-long` keep their shared keys).
 */
export const INVITATION_ISSUES = [
  'required',
  'invalid-date-time',
  'unknown-time-zone',
  'ends-before-start',
  'deadline-after-start',
  'starts-in-past',
  'capacity-too-small',
  'capacity-too-large',
  'whole-number',
  'choices-needed',
] as const;
export type InvitationIssue = (typeof INVITATION_ISSUES)[number];

/**
 * Template categories that are events people are invited to: a template in one starts as an invitation
 * (the sender can switch). Matched by keywords in every language the catalog names categories in.
 */
const INVITATION_CATEGORY =
  /wedding|engagement|party|shower|housewarming|invitation|invite|reception|iftar|gala|свадьб|помолвк|вечеринк|праздник|новосель|приглаш|ифтар|زفاف|عرس|خطوبة|حفل|دعوة|إفطار|افطار|استقبال/i;

/** Whether a template of this category starts as an invitation. */
export function startsAsInvitation(categoryName: string | null | undefined): boolean {
  return categoryName ? INVITATION_CATEGORY.test(categoryName) : false;
}

/**
 * A map link built from the place's text alone (no map API key): it opens the phone's map app or the
 * map website at a search for the place.
 */
export function mapLinkOf(place: string): string | null {
  const query = place.trim();
  return query === '' ? null : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
