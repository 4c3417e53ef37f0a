import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';

/**
 * Turns a failed authentication call into the locale key of its message (SPEC §8 Authentication): the server
 * answers better-auth's failures with our own codes, whose messages are the app's one map
 * (`lib/error-message.ts`); a failure without one gets the flow's generic message.
 */

export type AuthFlow = 'sign-in' | 'sign-up' | 'google-sign-in' | 'google-sign-up' | 'reset' | 'verify';

const FALLBACK_KEYS: Record<AuthFlow, string> = {
  'sign-in': 'auth.errors.authFailed',
  'sign-up': 'auth.errors.authFailed',
  'google-sign-in': 'auth.errors.googleSignInFailed',
  'google-sign-up': 'auth.errors.googleSignUpFailed',
  reset: 'auth.errors.authFailed',
  verify: 'auth.errors.authFailed',
};

export function normaliseCode(code: string): string {
  return code
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

/** Our code and better-auth's, normalised to kebab-case. */
function candidateCodes(error: unknown): string[] {
  if (!(error instanceof ApiRequestError)) return [];
  return [error.code, error.providerCode].flatMap((code) => (code ? [normaliseCode(code)] : []));
}

export function authErrorKey(error: unknown, flow: AuthFlow): string {
  if (error instanceof ApiRequestError && error.isNetworkError) return errorMessageKey(error);
  const code = errorCodeOf(error);
  // A server fault says nothing the flow's own message would not.
  if (!code || code === 'internal') return FALLBACK_KEYS[flow];
  return errorMessageKey(error);
}

/** True when any of the error's codes is one of these. */
export function hasAuthCode(error: unknown, ...codes: string[]): boolean {
  return candidateCodes(error).some((code) => codes.includes(code));
}

export function isEmailNotVerified(error: unknown): boolean {
  return hasAuthCode(error, 'email-not-verified');
}

/** Too many wrong passwords for the account from many addresses: a mailed link still signs its owner in. */
export function isAccountLocked(error: unknown): boolean {
  return hasAuthCode(error, 'account-locked');
}
