import { ERROR_CODES, type ErrorCode } from '../../shared/errors.ts';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { ApiRequestError } from './api-client.ts';

/**
 * The one map from a failed call to the message shown for it: every code of shared/errors.ts has its
 * `errors.<code>` text in each locale; a call that never reached the server is `errors.network`, anything else
 * `errors.generic`. Features ask here instead of keeping their own lists.
 */

const errorCodes: ReadonlySet<string> = new Set(ERROR_CODES);

/** The error's code in our catalogue: the server's, or the one a library under /api answered in ours. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.code) return error.code;
  if (error.providerCode && errorCodes.has(error.providerCode)) return error.providerCode as ErrorCode;
  // A proxy in front of the server may answer a rate limit without our body.
  return error.status === 429 ? 'rate-limited' : null;
}

export function errorCodeMessageKey(code: ErrorCode): `errors.${ErrorCode}` {
  return `errors.${code}`;
}

/** The locale key of the message to show for an error (`errors.<code>`, network or generic). */
export function errorMessageKey(error: unknown): string {
  if (error instanceof ApiRequestError && error.isNetworkError) return 'errors.network';
  const code = errorCodeOf(error);
  return code ? errorCodeMessageKey(code) : 'errors.generic';
}

/**
 * The reason to put in a sentence such as 'Error updating account: {message}': the code's message, else
 * the server's own text when it sent one, else the generic message.
 */
export function errorReason(error: unknown, t: TFunction): string {
  const key = errorMessageKey(error);
  if (
    key === 'errors.generic' &&
    error instanceof ApiRequestError &&
    error.message &&
    !error.message.startsWith('HTTP ')
  )
    return error.message;
  return t(key);
}
