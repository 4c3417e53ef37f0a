import crypto from 'node:crypto';
import type { ColumnCodec } from '../../platform/db/dialect.ts';
import type {
  Invitation,
  InvitationQuestion,
  InvitationValues,
  PublicInvitation,
} from '../../../shared/invitations/invitation.contract.ts';
import { instantOf, localOf } from '../../../shared/time/zoned-time.ts';
import { mapLinkOf } from '../../../shared/invitations/invitation-rules.ts';

/**
 * An invitation's event as the card keeps it (DESIGN §1.20): instants in UTC with the event's zone, and what
 * calendars need to recognise the event when it changes — a UID that never changes and a SEQUENCE raised on
 * every change a calendar shows (RFC 5545).
 */
export interface InvitationRecord {
  title: string;
  startsAt: Date;
  endsAt: Date | null;
  timeZone: string;
  place: string;
  notes: string;
  rsvpBy: Date | null;
  maxPlusOnes: number;
  questions: InvitationQuestion[];
  capacity: number | null;
  showGuestList: boolean;
  calendarUid: string;
  calendarSequence: number;
  /** When a calendar-visible field last changed (the calendar file's LAST-MODIFIED). */
  changedAt: Date;
}

/** The fields a calendar shows: a change to one raises the SEQUENCE. */
const CALENDAR_FIELDS = ['title', 'startsAt', 'endsAt', 'place', 'notes'] as const;

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * The event to keep from a host's input (already checked by the contract), given what was saved before: the
 * UID stays, and the SEQUENCE goes up when a calendar-visible field changed.
 */
export function invitationFromInput(
  input: InvitationValues,
  saved: InvitationRecord | null,
  at: Date,
): InvitationRecord {
  const instant = (local: string | null) => (local === null ? null : instantOf(local, input.timeZone));
  const event = {
    title: input.title,
    startsAt: instant(input.startsAt)!,
    endsAt: instant(input.endsAt),
    timeZone: input.timeZone,
    place: input.place,
    notes: input.notes,
    rsvpBy: instant(input.rsvpBy),
    maxPlusOnes: input.maxPlusOnes,
    questions: input.questions,
    capacity: input.capacity,
    showGuestList: input.showGuestList,
  };
  if (saved === null) {
    return { ...event, calendarUid: `${crypto.randomUUID()}@winc`, calendarSequence: 0, changedAt: at };
  }
  const changed = CALENDAR_FIELDS.some((field) => !sameValue(event[field], saved[field]));
  return {
    ...event,
    calendarUid: saved.calendarUid,
    calendarSequence: changed ? saved.calendarSequence + 1 : saved.calendarSequence,
    changedAt: changed ? at : saved.changedAt,
  };
}

interface StoredInvitation extends Omit<InvitationRecord, 'startsAt' | 'endsAt' | 'rsvpBy' | 'changedAt'> {
  startsAt: string;
  endsAt: string | null;
  rsvpBy: string | null;
  changedAt: string;
}

/** The JSON the card's `invitation` column holds. */
export function encodeInvitation(codec: ColumnCodec, invitation: InvitationRecord | null): string | null {
  if (invitation === null) return null;
  const stored: StoredInvitation = {
    ...invitation,
    startsAt: invitation.startsAt.toISOString(),
    endsAt: invitation.endsAt?.toISOString() ?? null,
    rsvpBy: invitation.rsvpBy?.toISOString() ?? null,
    changedAt: invitation.changedAt.toISOString(),
  };
  return codec.json(stored);
}

/** The card's `invitation` column read back; a value that is not a stored event reads as none. */
export function decodeInvitation(codec: ColumnCodec, value: unknown): InvitationRecord | null {
  const stored = codec.readJson<StoredInvitation | null>(value, null);
  if (stored === null || typeof stored !== 'object' || typeof stored.startsAt !== 'string') return null;
  const date = (iso: string | null) => (iso === null ? null : new Date(iso));
  return {
    ...stored,
    startsAt: new Date(stored.startsAt),
    endsAt: date(stored.endsAt),
    rsvpBy: date(stored.rsvpBy),
    changedAt: new Date(stored.changedAt),
  };
}

/** The event as anyone with the link sees it: wall-clock times in its zone beside the instants. */
export function presentPublicInvitation(invitation: InvitationRecord): PublicInvitation {
  const local = (instant: Date | null) => (instant === null ? null : localOf(instant, invitation.timeZone));
  return {
    title: invitation.title,
    startsAt: localOf(invitation.startsAt, invitation.timeZone),
    endsAt: local(invitation.endsAt),
    timeZone: invitation.timeZone,
    startsAtUtc: invitation.startsAt.toISOString(),
    endsAtUtc: invitation.endsAt?.toISOString() ?? null,
    place: invitation.place,
    mapUrl: mapLinkOf(invitation.place),
    notes: invitation.notes,
    rsvpBy: local(invitation.rsvpBy),
    rsvpByUtc: invitation.rsvpBy?.toISOString() ?? null,
    maxPlusOnes: invitation.maxPlusOnes,
    questions: invitation.questions.map((question) => ({ ...question, choices: [...question.choices] })),
    showGuestList: invitation.showGuestList,
  };
}

/** The event for its host: with capacity and the guest limit taken at payment. */
export function presentInvitation(invitation: InvitationRecord, guestLimit: number | null): Invitation {
  return { ...presentPublicInvitation(invitation), capacity: invitation.capacity, guestLimit };
}
