import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * Turns a failed authentication call into the locale key of its message (SPEC §8 Authentication). The server
 * codes are recognised whether they come as better-auth's (`INVALID_EMAIL_OR_PASSWORD`) or as our own
 * kebab-case codes; what is left gets the flow's generic message.
 */

export type AuthFlow = 'sign-in' | 'sign-up' | 'google-sign-in' | 'google-sign-up' | 'reset' | 'verify';

/** Server code (normalised to kebab-case) → locale key. */
const CODE_KEYS: Record<string, string> = {
  'user-already-exists': 'auth.errors.email-already-in-use',
  'user-already-exists-use-another-email': 'auth.errors.email-already-in-use',
  'email-already-in-use': 'auth.errors.email-already-in-use',
  'invalid-email-or-password': 'auth.errors.invalid-credential',
  'invalid-credential': 'auth.errors.invalid-credential',
  'invalid-password': 'auth.errors.wrong-password',
  'wrong-password': 'auth.errors.wrong-password',
  'user-not-found': 'auth.errors.user-not-found',
  'credential-account-not-found': 'auth.errors.user-not-found',
  'too-many-requests': 'auth.errors.too-many-requests',
  'rate-limited': 'auth.errors.too-many-requests',
  'user-disabled': 'auth.errors.user-disabled',
  'banned-user': 'auth.errors.user-disabled',
  'user-banned': 'auth.errors.user-disabled',
  'account-disabled': 'auth.errors.user-disabled',
  'email-not-verified': 'auth.verifyBeforeSignIn',
  'password-too-short': 'auth.passwordTooShort',
  'weak-password': 'auth.passwordTooShort',
  'password-too-common': 'auth.passwordTooCommon',
  'validation-failed': 'errors.validation-failed',
  'password-too-long': 'auth.passwordTooLong',
  'invalid-email': 'auth.invalidEmail',
  'invalid-token': 'auth.reset.invalidLink',
  'token-expired': 'auth.reset.invalidLink',
  'provider-not-found': 'auth.googleNotConfigured',
  'google-not-configured': 'auth.googleNotConfigured',
  'forbidden-origin': 'errors.forbidden-origin',
  'service-unavailable': 'errors.service-unavailable',
};

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

/** Our code and better-auth's, normalised, most specific known one first. */
function candidateCodes(error: unknown): string[] {
  if (!(error instanceof ApiRequestError)) return [];
  const codes: string[] = [];
  if (error.status === 429) codes.push('too-many-requests');
  for (const code of [error.code, error.providerCode]) if (code) codes.push(normaliseCode(code));
  return codes;
}

export function authErrorKey(error: unknown, flow: AuthFlow): string {
  if (error instanceof ApiRequestError && error.isNetworkError) return 'auth.errors.network-request-failed';
  for (const code of candidateCodes(error)) if (CODE_KEYS[code]) return CODE_KEYS[code];
  return FALLBACK_KEYS[flow];
}

/** True when any of the error's codes is one of these. */
export function hasAuthCode(error: unknown, ...codes: string[]): boolean {
  return candidateCodes(error).some((code) => codes.includes(code));
}

export function isEmailNotVerified(error: unknown): boolean {
  return hasAuthCode(error, 'email-not-verified');
}
