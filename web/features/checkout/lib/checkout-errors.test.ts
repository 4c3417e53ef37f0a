import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { checkoutErrorKey } from './checkout-errors.ts';

describe('checkoutErrorKey', () => {
  it("says 'You do not have enough credits.' for the server's insufficient-credits answer", () => {
    const error = new ApiRequestError('no', { code: 'insufficient-credits', status: 402 });
    expect(checkoutErrorKey(error)).toBe('errors.insufficient-credits');
  });

  it('says the unexpected-error text for anything else, network failures included', () => {
    expect(checkoutErrorKey(new ApiRequestError('x', { code: 'card-not-found', status: 404 }))).toBe(
      'checkout.unexpectedError',
    );
    expect(checkoutErrorKey(new ApiRequestError('x', { code: null, status: null }))).toBe(
      'checkout.unexpectedError',
    );
    expect(checkoutErrorKey(new Error('boom'))).toBe('checkout.unexpectedError');
  });
});
