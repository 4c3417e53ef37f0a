import type { TFunction } from '../../../../shared/i18n/translator.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * The localized reason of a failed payments call, for SPEC §8's 'Error: {message}': the message of the
 * server's code when we have one, else the server's own text, else a generic line.
 */
export function paymentErrorReason(error: unknown, t: TFunction, exists: (key: string) => boolean): string {
  if (error instanceof ApiRequestError) {
    if (error.isNetworkError) return t('errors.network');
    if (error.status === 429) return t('errors.rate-limited');
    const code = error.code ?? error.providerCode;
    if (code && exists(`errors.${code}`)) return t(`errors.${code}`);
    if (error.message && !error.message.startsWith('HTTP ')) return error.message;
  }
  return t('errors.generic');
}

/** True when the server says the session is gone: the purchase then goes through sign-in again. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.code === 'unauthenticated' || error.status === 401);
}

/** True for "no such order, or not yours" (one answer, DESIGN §5). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.code === 'not-found' || error.status === 404);
}
