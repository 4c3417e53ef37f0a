import {
  MESSAGE_AUDIENCES,
  messageReaches,
  type HostGuest,
  type MessageAudience,
} from '../../../../shared/invitations/guests.contract.ts';

/**
 * How many guests the host's message would reach, per audience, from the list the page has: the server sends
 * to the same guests (`messageReaches`), so the form can say it before sending and refuse an audience of none.
 */
export function audienceReach(
  guests: ReadonlyArray<Pick<HostGuest, 'state' | 'email' | 'mailOptedOut'>>,
): Record<MessageAudience, number> {
  return Object.fromEntries(
    MESSAGE_AUDIENCES.map((audience) => [
      audience,
      guests.filter((guest) => messageReaches(guest, audience)).length,
    ]),
  ) as Record<MessageAudience, number>;
}
