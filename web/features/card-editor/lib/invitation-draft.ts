import type { Language } from '../../../../shared/i18n/languages.ts';
import { instantOf } from '../../../../shared/invitations/event-time.ts';
import {
  invitationInputSchema,
  startIssue,
  type Invitation,
  type InvitationInput,
  type InvitationValues,
} from '../../../../shared/invitations/invitation.contract.ts';
import { INVITATION_ISSUES, type InvitationIssue } from '../../../../shared/invitations/invitation-rules.ts';
import { issueMessageKey } from '../../../../shared/text/names.ts';

/**
 * The event part of the card form (DESIGN §1.20): what the host types, as the inputs hold it, checked with the
 * invitation contract and turned into the card request's `invitation`. The replies' settings (deadline,
 * plus-ones, questions, capacity, guest list) are not offered yet: a saved invitation keeps its own, a new
 * one takes the contract's defaults.
 */

/** A greeting card, or an invitation (a card with an event). */
export const CARD_KINDS = ['card', 'invitation'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** The event's fields as the form's inputs hold them: text, `''` for an empty optional field. */
export interface EventFormValues {
  title: string;
  /** `YYYY-MM-DDTHH:MM` (what `<input type="datetime-local">` holds), in `timeZone`. */
  startsAt: string;
  endsAt: string;
  timeZone: string;
  place: string;
  notes: string;
}
export type EventField = keyof EventFormValues;

/** The fields in the form's order: the first one with an issue takes the focus. */
export const EVENT_FIELDS: readonly EventField[] = [
  'title',
  'startsAt',
  'endsAt',
  'timeZone',
  'place',
  'notes',
];

export interface EventIssue {
  field: EventField;
  /** An `INVITATION_ISSUES` code, or the text rule's (`too-long`, `invalid-characters`). */
  code: string;
}

/** Every IANA zone this browser knows, for the time zone field's suggestions. */
export function timeZoneNames(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/**
 * The event fields a form starts with: the saved invitation's, or an empty event titled after the template
 * in the device's zone.
 */
export function initialEventValues(
  saved: Pick<Invitation, 'title' | 'startsAt' | 'endsAt' | 'timeZone' | 'place' | 'notes'> | null,
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
    };
  }
  return {
    title: defaults.title,
    startsAt: '',
    endsAt: '',
    timeZone: defaults.timeZone,
    place: '',
    notes: '',
  };
}

/** The request's whole event: the fields typed, and the saved invitation's reply settings kept as they are. */
export function toInvitationInput(event: EventFormValues, saved: Invitation | null): InvitationInput {
  return {
    title: event.title,
    startsAt: event.startsAt,
    endsAt: event.endsAt === '' ? null : event.endsAt,
    timeZone: event.timeZone.trim(),
    place: event.place,
    notes: event.notes,
    ...(saved && {
      rsvpBy: saved.rsvpBy,
      maxPlusOnes: saved.maxPlusOnes,
      questions: saved.questions,
      capacity: saved.capacity,
      showGuestList: saved.showGuestList,
    }),
  };
}

/** A field the form shows for a path of the contract: a reply setting's refusal is about the start. */
function shownField(path: PropertyKey | undefined): EventField {
  return EVENT_FIELDS.includes(path as EventField) ? (path as EventField) : 'startsAt';
}

/**
 * Checks the event as the server will: the contract (required title and start, real dates, a known zone, the
 * end after the start, text rules), then a start in the past, unless it is the start already saved (an event
 * that has passed can still be edited). The first issue of each field, in the form's order.
 */
export function checkEvent(
  event: EventFormValues,
  saved: Invitation | null,
  now: Date,
): { issues: EventIssue[]; invitation: InvitationValues | null } {
  const found = new Map<EventField, string>();
  const add = (field: EventField, code: string) => {
    if (!found.has(field)) found.set(field, code);
  };
  // An empty date or zone is a missing field, not a malformed one.
  if (event.startsAt === '') add('startsAt', 'required');
  if (event.timeZone.trim() === '') add('timeZone', 'required');
  const parsed = invitationInputSchema.safeParse(toInvitationInput(event, saved));
  for (const issue of parsed.error?.issues ?? []) add(shownField(issue.path[0]), issue.message);
  if (parsed.success) {
    const savedStart = saved ? new Date(saved.startsAtUtc) : null;
    const past = startIssue(parsed.data, savedStart, now);
    if (past) add('startsAt', past);
  }
  const issues = EVENT_FIELDS.flatMap((field) => {
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
    const [root, field] = detail.path.split('.');
    return root === 'invitation' ? [{ field: shownField(field), code: detail.message }] : [];
  });
}

/** The zone's name in the UI language ("Arabia Standard Time"), at a moment (summer and winter differ). */
export function timeZoneLabel(zone: string, language: Language, at: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'long' }).formatToParts(
      at,
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

/** The moment the zone's name is shown for: the event's start when it is readable, else now. */
export function labelMoment(event: EventFormValues, now: Date): Date {
  return instantOf(event.startsAt, event.timeZone.trim()) ?? now;
}
