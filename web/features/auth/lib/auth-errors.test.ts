import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { authErrorKey, isEmailNotVerified } from './auth-errors.ts';

const error = (status: number | null, code: string | null, providerCode: string | null = null) =>
  new ApiRequestError('x', { status, code: code as never, providerCode });

describe('authErrorKey', () => {
  it("shows our code's message from the one map", () => {
    expect(authErrorKey(error(401, 'invalid-credential'), 'sign-in')).toBe('errors.invalid-credential');
    expect(authErrorKey(error(422, 'email-already-in-use'), 'sign-up')).toBe('errors.email-already-in-use');
    expect(authErrorKey(error(403, 'user-disabled'), 'sign-in')).toBe('errors.user-disabled');
    expect(authErrorKey(error(429, 'rate-limited'), 'sign-in')).toBe('errors.rate-limited');
    expect(authErrorKey(error(429, null), 'sign-in')).toBe('errors.rate-limited');
    expect(authErrorKey(error(400, 'password-too-common'), 'sign-up')).toBe('errors.password-too-common');
    expect(authErrorKey(error(400, 'password-too-common'), 'reset')).toBe('errors.password-too-common');
    expect(authErrorKey(error(null, null), 'sign-in')).toBe('errors.network');
  });

  it('falls back to the flow’s generic message', () => {
    expect(authErrorKey(error(500, 'internal'), 'sign-in')).toBe('auth.errors.authFailed');
    expect(authErrorKey(new Error('x'), 'google-sign-in')).toBe('auth.errors.googleSignInFailed');
    expect(authErrorKey(error(500, null), 'google-sign-up')).toBe('auth.errors.googleSignUpFailed');
  });

  it('recognises an unverified email either way it is spelled', () => {
    expect(isEmailNotVerified(error(403, 'email-not-verified'))).toBe(true);
    expect(isEmailNotVerified(error(403, null, 'EMAIL_NOT_VERIFIED'))).toBe(true);
    expect(isEmailNotVerified(error(401, 'invalid-credential'))).toBe(false);
  });
});
