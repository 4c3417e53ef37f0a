import type { ErrorCode } from '../../../shared/errors.ts';

/** better-auth's error codes → our stable codes (SPEC §8); anything else maps by HTTP status. */
const BY_AUTH_CODE: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  // A signed-in user's current password (change-password): only the password was asked for.
  INVALID_PASSWORD: 'wrong-password',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'invalid-credential',
  EMAIL_NOT_VERIFIED: 'email-not-verified',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  USER_NOT_FOUND: 'user-not-found',
  USER_DISABLED: 'user-disabled',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_COMMON: 'password-too-common',
  PASSWORD_TOO_LONG: 'validation-failed',
  INVALID_EMAIL: 'validation-failed',
  VALIDATION_ERROR: 'validation-failed',
  FIELD_NOT_ALLOWED: 'validation-failed',
  INVALID_TOKEN: 'invalid-token',
  TOKEN_EXPIRED: 'invalid-token',
  INVALID_ORIGIN: 'forbidden-origin',
  INVALID_CALLBACK_URL: 'forbidden-origin',
  INVALID_REDIRECT_URL: 'forbidden-origin',
  INVALID_ERROR_CALLBACK_URL: 'forbidden-origin',
  INVALID_NEW_USER_CALLBACK_URL: 'forbidden-origin',
  MISSING_OR_NULL_ORIGIN: 'forbidden-origin',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'forbidden-origin',
  FAILED_TO_GET_SESSION: 'unauthenticated',
  SESSION_EXPIRED: 'unauthenticated',
  UNAUTHORIZED: 'unauthenticated',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported-media-type',
};

function byStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'validation-failed';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'permission-denied';
  if (status === 404) return 'not-found';
  if (status === 405) return 'method-not-allowed';
  if (status === 413) return 'payload-too-large';
  if (status === 415) return 'unsupported-media-type';
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'service-unavailable';
  return 'internal';
}

/** Our code for an error answer of better-auth. */
export function errorCodeForAuthError(status: number, authCode: string | undefined): ErrorCode {
  return (authCode && BY_AUTH_CODE[authCode]) || byStatus(status);
}
