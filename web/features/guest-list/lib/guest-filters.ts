import type { GuestState, GuestTotals, HostGuest } from '../../../../shared/invitations/guests.contract.ts';

/** The host's guest list filters (DESIGN §1.20): everyone, or the guests where they stand. */
export const GUEST_FILTERS = ['all', 'yes', 'maybe', 'no', 'pending', 'waitlisted'] as const;
export type GuestFilter = 'all' | GuestState;

/**
 * Text as a search compares it: lower case, without accents and marks, so "zoe" finds Zoë, "елка" finds
 * Ёлка and "احمد" finds أحمد (the hamza is a mark once decomposed).
 */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Whether a guest's name or email holds the search (an empty search matches everyone). */
export function matchesSearch(guest: Pick<HostGuest, 'name' | 'email'>, search: string): boolean {
  const wanted = folded(search.trim());
  if (wanted === '') return true;
  return (
    folded(guest.name).includes(wanted) || (guest.email !== null && folded(guest.email).includes(wanted))
  );
}

/** The guests a filter and a search show, in the list's order. */
export function filterGuests(guests: HostGuest[], filter: GuestFilter, search: string): HostGuest[] {
  return guests.filter(
    (guest) => (filter === 'all' || guest.state === filter) && matchesSearch(guest, search),
  );
}

/** How many guests each filter shows, from the server's totals. */
export function filterCounts(totals: GuestTotals): Record<GuestFilter, number> {
  return {
    all: totals.guests,
    yes: totals.coming,
    maybe: totals.maybe,
    no: totals.notComing,
    pending: totals.noAnswer,
    waitlisted: totals.waitlisted,
  };
}
