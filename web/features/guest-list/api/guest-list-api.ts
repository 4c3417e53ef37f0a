import { invitationsApi } from '../../../../shared/api-paths.ts';
import type {
  GuestInput,
  GuestList,
  HostGuest,
  MessageGuestsRequest,
  RsvpInput,
} from '../../../../shared/invitations/guests.contract.ts';
import { apiRequest, apiResponse, getJson, postJson } from '../../../lib/api-client.ts';

/** The host's calls about an invitation's guests (DESIGN §1.20); the server answers the list as it stands. */

export function fetchGuestList(cardId: string, signal?: AbortSignal): Promise<GuestList> {
  return getJson<GuestList>(invitationsApi.guests(cardId), undefined, signal);
}

/** Guests typed one by one: all added, or none. */
export function addGuests(cardId: string, guests: GuestInput[]): Promise<GuestList> {
  return postJson<GuestList>(invitationsApi.guests(cardId), { guests });
}

/**
 * A pasted list (its text) or a CSV file (its bytes as they are: the server reads the encoding, so a file
 * saved in a legacy code page is refused rather than garbled here).
 */
export function importGuests(cardId: string, list: string | Blob): Promise<GuestList> {
  const contentType = typeof list === 'string' ? 'text/plain; charset=utf-8' : 'text/csv';
  return apiRequest<GuestList>(invitationsApi.importGuests(cardId), {
    init: { method: 'POST', headers: { 'content-type': contentType }, body: list },
  });
}

/** Removes a guest: their link stops working. */
export async function removeGuest(cardId: string, guestId: string): Promise<void> {
  await apiResponse(invitationsApi.guest(cardId, guestId), { init: { method: 'DELETE' } });
}

/** An answer the guest gave the host in person; null clears the guest's answer. */
export function recordAnswer(cardId: string, guestId: string, answer: RsvpInput | null): Promise<HostGuest> {
  return apiRequest<HostGuest>(invitationsApi.guestAnswer(cardId, guestId), {
    init:
      answer === null
        ? { method: 'DELETE' }
        : { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answer) },
  });
}

/** The host's message, mailed to the guests of an audience; answers how many it went to. */
export function messageGuests(
  cardId: string,
  message: MessageGuestsRequest,
): Promise<{ recipients: number }> {
  return postJson<{ recipients: number }>(invitationsApi.messageGuests(cardId), message);
}
