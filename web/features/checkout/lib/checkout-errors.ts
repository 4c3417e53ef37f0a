import { hasErrorCode } from '../../../lib/api-client.ts';

/**
 * SPEC §5 checkout with credits: a missing method, user or card id — or anything unexpected — is 'An
 * unexpected error occurred. Please try again.'; a balance under 30 is 'You do not have enough credits.'
 */
export function checkoutErrorKey(error: unknown): string {
  if (hasErrorCode(error, 'insufficient-credits')) return 'errors.insufficient-credits';
  return 'checkout.unexpectedError';
}
