import type { TFunction } from '../../../../shared/i18n/translator.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';

/** The localized reason of a failed account call, for 'Error updating account: {message}' and the like. */
export function accountErrorReason(error: unknown, t: TFunction, exists: (key: string) => boolean): string {
  if (error instanceof ApiRequestError) {
    if (error.isNetworkError) return t('errors.network');
    if (error.status === 429) return t('errors.rate-limited');
    const code = error.code ?? error.providerCode;
    if (code) {
      for (const key of [`errors.${code}`, `auth.errors.${code}`]) if (exists(key)) return t(key);
    }
    if (error.message && !error.message.startsWith('HTTP ')) return error.message;
  }
  return t('errors.generic');
}
