import { AUTH_CALLBACKS } from '../../../../shared/accounts/accounts.contract.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { accountsApi } from '../../../../shared/api-paths.ts';
import { LANGUAGE_HEADER } from '../../../../shared/i18n/languages.ts';

/** The signed-in user's own account: name, email change, avatar, deletion. */

function jsonInit(method: string, body: unknown): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', [LANGUAGE_HEADER]: currentLanguage() },
    body: JSON.stringify(body),
  };
}

/** PATCH /api/me — the fields a user may change themselves (never credits or tier). */
export function updateProfile(input: { name: string }): Promise<unknown> {
  return apiRequest(accountsApi.me, { init: jsonInit('PATCH', input) });
}

/** Starts an email change: the current address confirms first, then the new one is verified. */
export function changeEmail(newEmail: string): Promise<unknown> {
  return apiRequest(accountsApi.changeEmail, {
    init: jsonInit('POST', { newEmail, callbackURL: AUTH_CALLBACKS.emailChanged }),
  });
}

/** POST /api/me/avatar with the image itself as the body; the server re-encodes it without metadata. */
export function uploadAvatar(file: File): Promise<unknown> {
  return apiRequest(accountsApi.avatar, {
    init: { method: 'POST', headers: { 'content-type': file.type }, body: file },
  });
}

/** DELETE /api/me — removes the user, their sessions, avatar, cards and files. */
export function deleteAccount(): Promise<unknown> {
  return apiRequest(accountsApi.me, {
    init: { method: 'DELETE', headers: { [LANGUAGE_HEADER]: currentLanguage() } },
  });
}
