import type { GuestState } from '../../../shared/invitations/guests.contract.ts';

/**
 * Capacity and the waitlist (DESIGN §1.20): the people coming (the headcounts of the yes answers) never pass
 * the capacity. A yes that does not fit, or that would pass someone already waiting, joins the waitlist; the
 * waitlist moves up strictly in the order people joined it, as far as the room freed allows — nobody jumps
 * ahead of a larger party that does not fit yet.
 */

export interface Seat {
  id: string;
  state: GuestState;
  headcount: number;
  waitlistedAt: Date | null;
}

const comingOf = (seats: readonly Seat[]) =>
  seats.reduce((sum, seat) => (seat.state === 'yes' ? sum + seat.headcount : sum), 0);

const inLine = (seats: readonly Seat[]) =>
  seats
    .filter((seat) => seat.state === 'waitlisted')
    .sort((a, b) => a.waitlistedAt!.getTime() - b.waitlistedAt!.getTime() || a.id.localeCompare(b.id));

/**
 * Where a guest's yes for `headcount` people puts them, given everyone else's seats: coming, or waiting (in
 * the place they already held, else from `at`). A guest already coming who asks for more room than is left
 * keeps their yes: `no-room`.
 */
export function placeForYes(
  guest: Seat,
  headcount: number,
  others: readonly Seat[],
  capacity: number | null,
  at: Date,
): { state: 'yes' | 'waitlisted'; waitlistedAt: Date | null } | 'no-room' {
  if (capacity === null) return { state: 'yes', waitlistedAt: null };
  const fits = comingOf(others) + headcount <= capacity;
  if (guest.state === 'yes') return fits ? { state: 'yes', waitlistedAt: null } : 'no-room';
  if (fits && inLine(others).length === 0) return { state: 'yes', waitlistedAt: null };
  return { state: 'waitlisted', waitlistedAt: guest.state === 'waitlisted' ? guest.waitlistedAt : at };
}

/** The waiting guests who now come, in the order they joined the waitlist. */
export function movingUp(seats: readonly Seat[], capacity: number | null): Seat[] {
  const line = inLine(seats);
  if (capacity === null) return line;
  let coming = comingOf(seats);
  const moving: Seat[] = [];
  for (const seat of line) {
    if (coming + seat.headcount > capacity) break;
    coming += seat.headcount;
    moving.push(seat);
  }
  return moving;
}

/** A waiting guest's place in line: 1 for the first. */
export function waitlistPosition(guest: Seat, seats: readonly Seat[]): number | null {
  if (guest.state !== 'waitlisted') return null;
  return inLine(seats).findIndex((seat) => seat.id === guest.id) + 1;
}
