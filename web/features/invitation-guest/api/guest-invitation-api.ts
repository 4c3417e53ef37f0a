import type {
  GuestInvitation,
  OpenRsvpInput,
  OpenRsvpResponse,
  RsvpInput,
} from '../../../../shared/invitations/guests.contract.ts';
import { apiRequest, getJson, postJson } from '../../../lib/api-client.ts';
import { invitationsApi } from '../../../../shared/api-paths.ts';
import type { Language } from '../../../../shared/i18n/languages.ts';

/**
 * A guest's side of an invitation (DESIGN §1.20), without an account: their own link's invitation and
 * answer, and the open group link's answer, which makes the device a guest with a link of their own.
 */

/** The guest's invitation, greeting them by name, with their answer (the host sees the link was opened). */
export const fetchGuestInvitation = (token: string) =>
  getJson<GuestInvitation>(invitationsApi.invitation(token));

/** Gives or changes the guest's answer; answers their invitation as it now stands. */
export function sendAnswer(token: string, answer: RsvpInput): Promise<GuestInvitation> {
  return apiRequest<GuestInvitation>(invitationsApi.answer(token), {
    init: { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answer) },
  });
}

/** Takes the guest's answer back. */
export function withdrawAnswer(token: string): Promise<GuestInvitation> {
  return apiRequest<GuestInvitation>(invitationsApi.answer(token), { init: { method: 'DELETE' } });
}

/** An answer through the invitation's open group link, with the name the guest gives. */
export function sendOpenAnswer(cardId: string, answer: OpenRsvpInput): Promise<OpenRsvpResponse> {
  return postJson<OpenRsvpResponse>(invitationsApi.openAnswer(cardId), answer);
}

/** The language of the guest's mails; answers their invitation as it now stands. */
export function chooseMailLanguage(token: string, language: Language): Promise<GuestInvitation> {
  return apiRequest<GuestInvitation>(invitationsApi.guestLanguage(token), {
    init: {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language }),
    },
  });
}
