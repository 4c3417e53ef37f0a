import type { GuestPageAnswer } from '../../../../shared/invitations/guests.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { usePageAnswer } from '../../../lib/use-page-answer.ts';
import { invitationsApi } from '../../../../shared/api-paths.ts';

// The page's own request, not guest-invitation-api's: that module belongs to the reply's chunk, and sharing it
// would split a chunk of its own off the page's first load.
const fetchGuestInvitation = (token: string) => getJson<GuestPageAnswer>(invitationsApi.invitation(token));

/**
 * A guest's own link's invitation (GET /api/invitations/:token), asked for once per page load (the page's
 * `preload` of it is reused). A removed guest and an unknown link answer as an unknown card does (404
 * `card-not-found`), an unpaid invitation as an unpaid card (404 `card-not-ready`); neither is retried. Before
 * its reveal the answer is the sealed cover greeting the guest, and when it opens.
 */
export function useGuestInvitation(token: string) {
  return usePageAnswer(token, fetchGuestInvitation);
}
