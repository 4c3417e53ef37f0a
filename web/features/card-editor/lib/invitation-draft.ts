import { instantOf } from '../../../../shared/time/zoned-time.ts';
import {
  invitationInputSchema,
  startIssue,
  type Invitation,
  type InvitationInput,
  type InvitationValues,
} from '../../../../shared/invitations/invitation.contract.ts';
import {
  INVITATION_ISSUES,
  type InvitationIssue,
  type QuestionKind,
} from '../../../../shared/invitations/invitation-rules.ts';
import { issueMessageKey } from '../../../../shared/text/names.ts';

/**
 * The event part of the card form (DESIGN §1.20): what the host types, as the inputs hold it, checked with the
 * invitation contract and turned into the card request's `invitation` — the event and how guests reply to it
 * (the deadline, plus-ones, questions, capacity, whether guests see who is coming).
 */

/** A greeting card, or an invitation (a card with an event). */
export const CARD_KINDS = ['card', 'invitation'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** A question to guests as its fields hold it; a short-text one keeps its choices while the host switches. */
export interface QuestionFormValues {
  /** Made when the question is added and kept on every edit: guests' answers refer to it. */
  id: string;
  kind: QuestionKind;
  prompt: string;
  choices: string[];
}

/** The event's fields as the form's inputs hold them: text, `''` for an empty optional field. */
export interface EventFormValues {
  title: string;
  /** `YYYY-MM-DDTHH:MM` (what `<input type="datetime-local">` holds), in `timeZone`. */
  startsAt: string;
  endsAt: string;
  timeZone: string;
  place: string;
  notes: string;
  /** Wall-clock, in `timeZone`; `''`: replies are open until the start. */
  rsvpBy: string;
  /** `'0'`…`'10'`, as the select holds it. */
  maxPlusOnes: string;
  /** People in all; `''`: no limit. */
  capacity: string;
  showGuestList: boolean;
  questions: QuestionFormValues[];
}

/** The event's own fields, in the form's order (a question's parts come between plus-ones and capacity). */
export type EventField = Exclude<keyof EventFormValues, 'questions'>;
export const EVENT_FIELDS: readonly EventField[] = [
  'title',
  'startsAt',
  'endsAt',
  'timeZone',
  'place',
  'notes',
  'rsvpBy',
  'maxPlusOnes',
  'capacity',
  'showGuestList',
];

/**
 * Where an issue shows: one of the event's fields, or a part of a question — `questions.0.prompt`,
 * `questions.1.choices` (the choices as a whole), `questions.1.choices.2` (one choice).
 */
export type EventFieldPath = EventField | `questions.${number}.${string}`;

export interface EventIssue {
  field: EventFieldPath;
  /** An `INVITATION_ISSUES` code, or the text rule's (`too-long`, `invalid-characters`). */
  code: string;
}

const QUESTION_PATH = /^questions\.\d+\.(prompt|kind|choices(\.\d+)?)$/;

/** Every place an issue can show for this event, in the form's order: the first one takes the focus. */
export function eventFieldOrder(event: Pick<EventFormValues, 'questions'>): EventFieldPath[] {
  const questions = event.questions.flatMap((question, index): EventFieldPath[] => [
    `questions.${index}.prompt`,
    `questions.${index}.kind`,
    ...question.choices.map((_choice, choice): EventFieldPath => `questions.${index}.choices.${choice}`),
    `questions.${index}.choices`,
  ]);
  const before = EVENT_FIELDS.indexOf('capacity');
  return [...EVENT_FIELDS.slice(0, before), ...questions, ...EVENT_FIELDS.slice(before)];
}

/** The id of an event field's control (the form focuses the first one with an issue). */
export function eventFieldId(idBase: string, field: EventFieldPath): string {
  return `${idBase}-event-${field.replaceAll('.', '-')}`;
}

/** A new question: short text at first, with two empty choices ready should the host make it a choice. */
export function newQuestion(): QuestionFormValues {
  // Six random bytes are eight URL-safe characters; `getRandomValues` works on plain-HTTP origins too.
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return { id, kind: 'text', prompt: '', choices: ['', ''] };
}

/**
 * The event fields a form starts with: the saved invitation's, or an empty event titled after the template
 * in the device's zone, with the contract's reply defaults.
 */
export function initialEventValues(
  saved: Omit<Invitation, 'startsAtUtc' | 'endsAtUtc' | 'mapUrl' | 'rsvpByUtc' | 'guestLimit'> | null,
  defaults: { title: string; timeZone: string },
): EventFormValues {
  if (saved) {
    return {
      title: saved.title,
      startsAt: saved.startsAt,
      endsAt: saved.endsAt ?? '',
      timeZone: saved.timeZone,
      place: saved.place,
      notes: saved.notes,
      rsvpBy: saved.rsvpBy ?? '',
      maxPlusOnes: String(saved.maxPlusOnes),
      capacity: saved.capacity === null ? '' : String(saved.capacity),
      showGuestList: saved.showGuestList,
      questions: saved.questions.map((question) => ({
        ...question,
        choices: question.kind === 'choice' ? [...question.choices] : ['', ''],
      })),
    };
  }
  return {
    title: defaults.title,
    startsAt: '',
    endsAt: '',
    timeZone: defaults.timeZone,
    place: '',
    notes: '',
    rsvpBy: '',
    maxPlusOnes: '0',
    capacity: '',
    showGuestList: false,
    questions: [],
  };
}

/** The request's whole event, as the fields hold it. */
export function toInvitationInput(event: EventFormValues): InvitationInput {
  const capacity = event.capacity.trim();
  return {
    title: event.title,
    startsAt: event.startsAt,
    endsAt: event.endsAt === '' ? null : event.endsAt,
    timeZone: event.timeZone.trim(),
    place: event.place,
    notes: event.notes,
    rsvpBy: event.rsvpBy === '' ? null : event.rsvpBy,
    maxPlusOnes: Number(event.maxPlusOnes || 0),
    capacity: capacity === '' ? null : Number(capacity),
    showGuestList: event.showGuestList,
    // A short-text question sends no choices: those typed before switching are not part of it.
    questions: event.questions.map(({ id, kind, prompt, choices }) => ({
      id,
      kind,
      prompt,
      choices: kind === 'choice' ? choices : [],
    })),
  };
}

/** Where the form shows an issue at a contract path; a path it has no field for shows on the start. */
function shownField(path: string): EventFieldPath {
  if ((EVENT_FIELDS as readonly string[]).includes(path) || QUESTION_PATH.test(path))
    return path as EventFieldPath;
  return 'startsAt';
}

/**
 * Checks the event as the server will: the contract (required title and start, real dates, a known zone, the
 * end after the start, the deadline before it, the questions and the capacity, text rules), then a start in
 * the past, unless it is the start already saved (an event that has passed can still be edited). The first
 * issue of each field, in the form's order.
 */
export function checkEvent(
  event: EventFormValues,
  saved: Invitation | null,
  now: Date,
): { issues: EventIssue[]; invitation: InvitationValues | null } {
  const found = new Map<EventFieldPath, string>();
  const add = (field: EventFieldPath, code: string) => {
    if (!found.has(field)) found.set(field, code);
  };
  // An empty date or zone is a missing field, not a malformed one.
  if (event.startsAt === '') add('startsAt', 'required');
  if (event.timeZone.trim() === '') add('timeZone', 'required');
  const parsed = invitationInputSchema.safeParse(toInvitationInput(event));
  for (const issue of parsed.error?.issues ?? []) add(shownField(issue.path.join('.')), issue.message);
  if (parsed.success) {
    const savedStart = saved ? new Date(saved.startsAtUtc) : null;
    const past = startIssue(parsed.data, savedStart, now);
    if (past) add('startsAt', past);
  }
  const issues = eventFieldOrder(event).flatMap((field) => {
    const code = found.get(field);
    return code === undefined ? [] : [{ field, code }];
  });
  return { issues, invitation: parsed.success && issues.length === 0 ? parsed.data : null };
}

/** The locale key of an event field's message. */
export function eventErrorKey(code: string): string {
  return (INVITATION_ISSUES as readonly string[]).includes(code)
    ? `invitation.errors.${code as InvitationIssue}`
    : issueMessageKey(code);
}

/**
 * The event fields a server's validation failure names in its details (`[{path: 'invitation.startsAt',
 * message: 'starts-in-past'}]`), with their codes.
 */
export function serverEventIssues(details: unknown): EventIssue[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: { path?: unknown; message?: unknown } | null) => {
    if (typeof detail?.path !== 'string' || typeof detail.message !== 'string') return [];
    const [root, ...field] = detail.path.split('.');
    return root === 'invitation' ? [{ field: shownField(field.join('.')), code: detail.message }] : [];
  });
}

/** The moment the zone's name is shown for: the event's start when it is readable, else now. */
export function labelMoment(event: EventFormValues, now: Date): Date {
  return instantOf(event.startsAt, event.timeZone.trim()) ?? now;
}
