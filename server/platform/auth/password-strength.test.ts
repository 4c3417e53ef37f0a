import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TestBrowser, latestMail, uniqueEmail } from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { isPasswordEasyToGuess } from './password-strength.ts';

describe('isPasswordEasyToGuess', () => {
  it('flags common passwords, keyboard walks, repeats, spaces only and the user’s own email', () => {
    for (const password of [
      '12345678',
      'password123',
      'qwertyuiop',
      'iloveyou1',
      'zaq12wsx',
      'aaaaaaaa',
      '        ',
    ])
      expect(isPasswordEasyToGuess(password), password).toBe(true);
    expect(isPasswordEasyToGuess('ana@example.com', ['ana@example.com'])).toBe(true);
  });

  it('accepts passphrases and passwords nobody guesses first', () => {
    for (const password of [
      'correct horse 42',
      'Tr0ub4dor&3',
      'kjsdf8723',
      'пароль на луне 7',
      'كلمة سر طويلة',
    ])
      expect(isPasswordEasyToGuess(password), password).toBe(false);
  });
});

describeEachDatabase('new passwords that are easy to guess', (use) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(() => app?.close());

  it('refuses them at sign-up with a clear code, and creates no account', async () => {
    for (const password of ['12345678', 'password123', '        ']) {
      const email = uniqueEmail('common');
      const response = await new TestBrowser(app).post('/api/auth/sign-up/email', {
        name: 'Ana',
        email,
        password,
      });
      expect([response.statusCode, response.json().code], password).toEqual([400, 'password-too-common']);
      expect(await latestMail(use(), email, 'verify-email')).toBeFalsy();
    }
    const accepted = await new TestBrowser(app).post('/api/auth/sign-up/email', {
      name: 'Ana',
      email: uniqueEmail('strong'),
      password: 'correct horse 42',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses them as the new password of a reset', async () => {
    const response = await new TestBrowser(app).post('/api/auth/reset-password', {
      newPassword: 'password123',
      token: 'whatever-token',
    });
    expect([response.statusCode, response.json().code]).toEqual([400, 'password-too-common']);
  });
});
