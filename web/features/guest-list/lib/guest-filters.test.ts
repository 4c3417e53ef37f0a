import { describe, expect, it } from 'vitest';
import type { GuestTotals, HostGuest } from '../../../../shared/invitations/guests.contract.ts';
import { filterCounts, filterGuests, matchesSearch } from './guest-filters.ts';

const guest = (name: string, state: HostGuest['state'], email: string | null = null): HostGuest => ({
  id: name,
  name,
  email,
  maxPlusOnes: 1,
  linkPath: `/i/${name}`,
  addedBy: 'host',
  openedAt: null,
  answeredBy: state === 'pending' ? null : 'guest',
  mailBounce: null,
  mailOptedOut: false,
  state,
  headcount: state === 'yes' ? 2 : 1,
  plusOneNames: [],
  answers: {},
  note: '',
  answeredAt: null,
  waitlistPosition: state === 'waitlisted' ? 1 : null,
});

const guests = [
  guest('Leila Haddad', 'yes', 'leila@example.com'),
  guest('Omar', 'maybe'),
  guest('Ёлка Петрова', 'no', 'yolka@example.ru'),
  guest('أحمد', 'pending'),
  guest('Zoë Martin', 'waitlisted', 'zoe@EXAMPLE.com'),
];
const names = (list: HostGuest[]) => list.map((each) => each.name);

describe("the host's guest list filters", () => {
  it('shows everyone, or the guests in one state', () => {
    expect(names(filterGuests(guests, 'all', ''))).toEqual(names(guests));
    expect(names(filterGuests(guests, 'yes', ''))).toEqual(['Leila Haddad']);
    expect(names(filterGuests(guests, 'maybe', ''))).toEqual(['Omar']);
    expect(names(filterGuests(guests, 'no', ''))).toEqual(['Ёлка Петрова']);
    expect(names(filterGuests(guests, 'pending', ''))).toEqual(['أحمد']);
    expect(names(filterGuests(guests, 'waitlisted', ''))).toEqual(['Zoë Martin']);
  });

  it('finds a guest by any part of the name or the email, whatever the case and accents', () => {
    expect(names(filterGuests(guests, 'all', 'haddad'))).toEqual(['Leila Haddad']);
    expect(names(filterGuests(guests, 'all', '  LEILA@ '))).toEqual(['Leila Haddad']);
    expect(names(filterGuests(guests, 'all', 'zoe'))).toEqual(['Zoë Martin']);
    expect(names(filterGuests(guests, 'all', 'елка'))).toEqual(['Ёлка Петрова']);
    expect(names(filterGuests(guests, 'all', 'احمد'))).toEqual(['أحمد']);
    expect(names(filterGuests(guests, 'all', 'example.com'))).toEqual(['Leila Haddad', 'Zoë Martin']);
    expect(filterGuests(guests, 'all', 'nobody')).toEqual([]);
  });

  it('searches within the chosen filter', () => {
    expect(names(filterGuests(guests, 'yes', 'zoe'))).toEqual([]);
    expect(names(filterGuests(guests, 'waitlisted', 'martin'))).toEqual(['Zoë Martin']);
  });

  it('matches an empty search to everyone', () => {
    expect(matchesSearch(guests[1]!, '')).toBe(true);
    expect(matchesSearch(guests[1]!, '   ')).toBe(true);
  });

  it("counts each filter from the server's totals", () => {
    const totals: GuestTotals = {
      guests: 12,
      coming: 5,
      maybe: 2,
      notComing: 1,
      noAnswer: 3,
      waitlisted: 1,
      headcount: 9,
    };
    expect(filterCounts(totals)).toEqual({ all: 12, yes: 5, maybe: 2, no: 1, pending: 3, waitlisted: 1 });
  });
});
