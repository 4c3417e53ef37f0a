import type { AccountDeletionCheck } from '../../../../shared/accounts/accounts.contract.ts';
import { AUTH_CALLBACKS } from '../../../../shared/accounts/account-rules.ts';
import { apiRequest, getJson } from '../../../lib/api-client.ts';
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

/** GET /api/me/deletion — what deleting the account asks for: the password, or a recent sign-in. */
export function fetchDeletionCheck(signal?: AbortSignal): Promise<AccountDeletionCheck> {
  return getJson<AccountDeletionCheck>(accountsApi.meDeletion, undefined, signal);
}

/**
 * DELETE /api/me — removes the user, their sessions, avatar, cards and files; `password` confirms it is them
 * (an account without one sends none, within minutes of signing in).
 */
export function deleteAccount(password: string | undefined): Promise<unknown> {
  return apiRequest(accountsApi.me, {
    init: jsonInit('DELETE', password === undefined ? {} : { password }),
  });
}
