import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { isNotFound, isUnauthenticated } from './payment-errors.ts';

describe('error kinds', () => {
  it('recognises a lost session and a missing order', () => {
    expect(isUnauthenticated(new ApiRequestError('x', { code: 'unauthenticated', status: 401 }))).toBe(true);
    expect(isUnauthenticated(new ApiRequestError('x', { code: null, status: 403 }))).toBe(false);
    expect(isNotFound(new ApiRequestError('x', { code: 'not-found', status: 404 }))).toBe(true);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
