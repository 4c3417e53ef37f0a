import type { TFunction } from '../../../../shared/i18n/translator.ts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { isNotFound, isUnauthenticated, paymentErrorReason } from './payment-errors.ts';

const t: TFunction = (key) => `t:${key}`;
const known = new Set(['errors.unauthenticated', 'errors.payments-unavailable', 'errors.not-found']);
const exists = (key: string) => known.has(key);

const apiError = (
  message: string,
  options: { code?: string | null; status?: number | null; providerCode?: string | null } = {},
) =>
  new ApiRequestError(message, {
    code: (options.code ?? null) as never,
    status: options.status === undefined ? 400 : options.status,
    providerCode: options.providerCode ?? null,
  });

describe('paymentErrorReason', () => {
  it('shows the localized message of the code', () => {
    expect(paymentErrorReason(apiError('x', { code: 'unauthenticated', status: 401 }), t, exists)).toBe(
      't:errors.unauthenticated',
    );
    // A code outside the catalogue this build knows still finds its message when the locale has one.
    expect(
      paymentErrorReason(apiError('x', { providerCode: 'payments-unavailable', status: 503 }), t, exists),
    ).toBe('t:errors.payments-unavailable');
  });

  it('falls back to the server text, then to a generic message', () => {
    expect(paymentErrorReason(apiError('Stripe is down', { status: 502 }), t, exists)).toBe('Stripe is down');
    expect(paymentErrorReason(apiError('HTTP 502', { status: 502 }), t, exists)).toBe('t:errors.generic');
    expect(paymentErrorReason(new Error('boom'), t, exists)).toBe('t:errors.generic');
  });

  it('names network failures and rate limits', () => {
    expect(paymentErrorReason(apiError('Network error', { status: null }), t, exists)).toBe(
      't:errors.network',
    );
    expect(paymentErrorReason(apiError('slow down', { status: 429 }), t, exists)).toBe(
      't:errors.rate-limited',
    );
  });
});

describe('error kinds', () => {
  it('recognises a lost session and a missing order', () => {
    expect(isUnauthenticated(apiError('x', { code: 'unauthenticated', status: 401 }))).toBe(true);
    expect(isUnauthenticated(apiError('x', { status: 403 }))).toBe(false);
    expect(isNotFound(apiError('x', { code: 'not-found', status: 404 }))).toBe(true);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
