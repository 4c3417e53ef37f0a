import { AUTH_CALLBACKS, GOOGLE_PROVIDER_ID } from '../../../../shared/accounts/account-rules.ts';
import type {
  AuthProvidersResponse,
  ClaimGuestCardsResponse,
} from '../../../../shared/accounts/accounts.contract.ts';
import { apiRequest, getJson, postJson } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { accountsApi } from '../../../../shared/api-paths.ts';
import { LANGUAGE_HEADER } from '../../../../shared/i18n/languages.ts';

/**
 * better-auth's endpoints under /api/auth, plus our guest-card transfer. Every call is a same-origin JSON
 * POST (the server's origin check refuses cross-site ones). Errors arrive as `ApiRequestError` with
 * better-auth's code in `providerCode` (see lib/auth-errors.ts).
 */

/** Where the verification mail's link lands after verifying (better-auth adds `error=` when it fails). */
export const VERIFIED_CALLBACK = AUTH_CALLBACKS.emailVerified;

/** A JSON POST carrying the UI language, so the mails it triggers are written in it. */
function authPost<T>(path: string, body: unknown): Promise<T> {
  return apiRequest<T>(path, {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', [LANGUAGE_HEADER]: currentLanguage() },
      body: JSON.stringify(body),
    },
  });
}

/** Which sign-in methods this server offers (Google only when configured). */
export async function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProvidersResponse> {
  return getJson<AuthProvidersResponse>(accountsApi.authProviders, undefined, signal);
}

export interface SignUpResult {
  /** A session token when the server signed the new account in at once; null while it awaits verification. */
  token: string | null;
}

export function signInWithEmail(input: { email: string; password: string }): Promise<unknown> {
  return authPost(accountsApi.signIn, { email: input.email, password: input.password, rememberMe: true });
}

/** Where a verification link lands: the sign-in page, with the card being shared when there is one. */
function verifiedCallback(carriedCardId: string | undefined): string {
  return carriedCardId ? AUTH_CALLBACKS.emailVerifiedWithCard(carriedCardId) : VERIFIED_CALLBACK;
}

export function signUpWithEmail(
  input: { name: string; email: string; password: string },
  carriedCardId?: string,
): Promise<SignUpResult> {
  return authPost<SignUpResult>(accountsApi.signUp, {
    ...input,
    callbackURL: verifiedCallback(carriedCardId),
  });
}

export function sendVerificationEmail(email: string, carriedCardId?: string): Promise<unknown> {
  return authPost(accountsApi.sendVerificationEmail, { email, callbackURL: verifiedCallback(carriedCardId) });
}

/** Always answers the same whether or not the address has an account (no enumeration). */
export function requestPasswordReset(email: string): Promise<unknown> {
  return authPost(accountsApi.requestPasswordReset, { email, redirectTo: AUTH_CALLBACKS.resetPassword });
}

export function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return authPost(accountsApi.resetPassword, input);
}

/**
 * Mails a one-time sign-in link to an account locked by too many wrong passwords. The answer is the same
 * whether or not the address has an account; the link lands on the sign-in page, signed in or with `error=`.
 */
export function requestSignInLink(email: string): Promise<unknown> {
  return authPost(accountsApi.signInLink, {
    email,
    callbackURL: AUTH_CALLBACKS.signInLink,
    errorCallbackURL: AUTH_CALLBACKS.signInLink,
  });
}

/** Asks better-auth for Google's authorization URL; the browser then opens it (popup or full redirect). */
export async function googleAuthorizationUrl(callbackURL: string, errorCallbackURL: string): Promise<string> {
  const answer = await authPost<{ url?: unknown }>(accountsApi.signInSocial, {
    provider: GOOGLE_PROVIDER_ID,
    callbackURL,
    errorCallbackURL,
    newUserCallbackURL: callbackURL,
    disableRedirect: true,
  });
  if (typeof answer.url !== 'string' || answer.url === '') throw new Error('No authorization URL');
  return answer.url;
}

/** Moves the guest session's cards (and the carried card, if it is the caller's) to the signed-in user. */
export async function claimGuestCards(cardId: string | undefined): Promise<ClaimGuestCardsResponse> {
  return postJson<ClaimGuestCardsResponse>(accountsApi.claimGuestCards, cardId ? { cardId } : {});
}
