import { describe, expect, it } from 'vitest';
import type { HostGuest } from '../../../../shared/invitations/guests.contract.ts';
import { audienceReach } from './message-audience.ts';

const guest = (
  state: HostGuest['state'],
  email: string | null,
  mailOptedOut = false,
): Pick<HostGuest, 'state' | 'email' | 'mailOptedOut'> => ({ state, email, mailOptedOut });

describe("the host's message: how many guests each audience reaches", () => {
  it('counts the guests of the audience who have an address and did not stop the mails', () => {
    const guests = [
      guest('pending', 'leila@example.com'),
      guest('pending', null),
      guest('pending', 'gone@example.com', true),
      guest('yes', 'omar@example.com'),
      guest('yes', 'maya@example.com'),
      guest('maybe', 'zoe@example.com'),
      guest('no', 'yolka@example.ru'),
      guest('waitlisted', 'sam@example.com'),
    ];
    // "All" reaches those who said no and those waiting too; "Coming" is a yes with a place.
    expect(audienceReach(guests)).toEqual({ all: 6, pending: 1, yes: 2, maybe: 1 });
  });

  it('reaches nobody when no guest of the audience has an address', () => {
    expect(audienceReach([guest('maybe', null), guest('yes', 'omar@example.com', true)])).toEqual({
      all: 0,
      pending: 0,
      yes: 0,
      maybe: 0,
    });
    expect(audienceReach([])).toEqual({ all: 0, pending: 0, yes: 0, maybe: 0 });
  });
});
