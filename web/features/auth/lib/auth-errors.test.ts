import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { authErrorKey, isEmailNotVerified } from './auth-errors.ts';

const error = (status: number | null, code: string | null, providerCode: string | null = null) =>
  new ApiRequestError('x', { status, code: code as never, providerCode });

describe('authErrorKey', () => {
  it('maps our codes and better-auth codes to SPEC §8 messages', () => {
    expect(authErrorKey(error(401, 'invalid-credential'), 'sign-in')).toBe('auth.errors.invalid-credential');
    expect(authErrorKey(error(401, null, 'INVALID_EMAIL_OR_PASSWORD'), 'sign-in')).toBe(
      'auth.errors.invalid-credential',
    );
    expect(authErrorKey(error(422, 'email-already-in-use'), 'sign-up')).toBe(
      'auth.errors.email-already-in-use',
    );
    expect(authErrorKey(error(403, 'user-disabled'), 'sign-in')).toBe('auth.errors.user-disabled');
    expect(authErrorKey(error(429, 'rate-limited'), 'sign-in')).toBe('auth.errors.too-many-requests');
    expect(authErrorKey(error(400, 'password-too-common'), 'sign-up')).toBe('auth.passwordTooCommon');
    expect(authErrorKey(error(400, 'password-too-common'), 'reset')).toBe('auth.passwordTooCommon');
    expect(authErrorKey(error(null, null), 'sign-in')).toBe('auth.errors.network-request-failed');
    expect(authErrorKey(error(404, 'not-found', 'PROVIDER_NOT_FOUND'), 'google-sign-in')).toBe(
      'auth.googleNotConfigured',
    );
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
