import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { isNotFound, isUnauthenticated } from './payment-errors.ts';

const apiError = (
  message: string,
  options: { code?: string | null; status?: number | null; providerCode?: string | null } = {},
) =>
  new ApiRequestError(message, {
    code: (options.code ?? null) as never,
    status: options.status === undefined ? 400 : options.status,
    providerCode: options.providerCode ?? null,
  });

describe('error kinds', () => {
  it('recognises a lost session and a missing order', () => {
    expect(isUnauthenticated(apiError('x', { code: 'unauthenticated', status: 401 }))).toBe(true);
    expect(isUnauthenticated(apiError('x', { status: 403 }))).toBe(false);
    expect(isNotFound(apiError('x', { code: 'not-found', status: 404 }))).toBe(true);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
