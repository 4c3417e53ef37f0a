import { linkPreviewApi } from '../../../shared/api-paths.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { GuestTotals, HostGuest, Rsvp } from '../../../shared/invitations/guests.contract.ts';
import type { InvitationRecord } from '../cards/card-invitation.ts';
import type { GuestRecord } from './guests.repository.ts';
import { waitlistPosition, type Seat } from './seating.ts';

/** The path of a guest's own link. */
export const guestLinkPath = (token: string) => linkPreviewApi.guestPage(token);

/** The plus-ones a guest may bring: their own allowance, else the invitation's. */
export const plusOnesOf = (guest: Pick<GuestRecord, 'maxPlusOnes'>, invitation: InvitationRecord) =>
  guest.maxPlusOnes ?? invitation.maxPlusOnes;

/** The language of a guest's mails (and of their unsubscribe page): the one they chose, else the invitation's. */
export const mailLanguageOf = (card: { language: Language }, guest: Pick<GuestRecord, 'language'>) =>
  guest.language ?? card.language;

/** A guest's answer as it stands, with their place in line while they wait. */
export function presentRsvp(guest: GuestRecord, seats: readonly Seat[]): Rsvp {
  return {
    state: guest.state,
    headcount: guest.headcount,
    plusOneNames: [...guest.plusOneNames],
    answers: { ...guest.answers },
    note: guest.note,
    answeredAt: guest.answeredAt?.toISOString() ?? null,
    waitlistPosition: waitlistPosition(guest, seats),
  };
}

/** A guest as the host's list shows them; their token only as their link. */
export function presentHostGuest(
  guest: GuestRecord,
  seats: readonly Seat[],
  invitation: InvitationRecord,
): HostGuest {
  return {
    ...presentRsvp(guest, seats),
    id: guest.id,
    name: guest.name,
    email: guest.email,
    maxPlusOnes: plusOnesOf(guest, invitation),
    linkPath: guestLinkPath(guest.token),
    addedBy: guest.addedBy,
    openedAt: guest.openedAt?.toISOString() ?? null,
    answeredBy: guest.answeredBy,
    mailBounce: guest.mailBounce,
    mailOptedOut: guest.mailOptedOut,
  };
}

export function totalsOf(guests: readonly GuestRecord[]): GuestTotals {
  const count = (state: GuestRecord['state']) => guests.filter((guest) => guest.state === state).length;
  return {
    guests: guests.length,
    coming: count('yes'),
    maybe: count('maybe'),
    notComing: count('no'),
    noAnswer: count('pending'),
    waitlisted: count('waitlisted'),
    headcount: guests.reduce((sum, guest) => (guest.state === 'yes' ? sum + guest.headcount : sum), 0),
  };
}
