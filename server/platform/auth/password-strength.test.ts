import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ORIGIN,
  TestBrowser,
  latestMail,
  signUpAndVerify,
  uniqueEmail,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { isPasswordEasyToGuess, passwordUserInputs } from './password-strength.ts';

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

  it("counts the address, its local part and pieces, and the name's words and the name run together", () => {
    expect(
      passwordUserInputs({ email: 'Jonathan.Smithers+cards@Example.com', name: 'Mallory  Roberts' }),
    ).toEqual([
      'jonathan.smithers+cards@example.com',
      'jonathan.smithers+cards',
      'jonathan.smithers',
      'jonathan',
      'smithers',
      'cards',
      'mallory roberts',
      'mallory',
      'roberts',
      'malloryroberts',
    ]);
    const easy = (password: string, email: string, name = 'Sam') =>
      isPasswordEasyToGuess(password, passwordUserInputs({ email, name }));
    expect(easy('weakpw-test', 'weakpw-test@example.com')).toBe(true);
    expect(easy('jonathan.smithers', 'jonathan.smithers@example.com')).toBe(true);
    expect(easy('jonathan.smithers', 'jonathan.smithers+cards@example.com')).toBe(true);
    expect(easy('malloryroberts', 'mr@example.com', 'Mallory Roberts')).toBe(true);
    expect(easy('correct horse 42', 'jonathan.smithers@example.com', 'Mallory Roberts')).toBe(false);
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

  it("refuses at sign-up a password made of the account's own address or name", async () => {
    for (const [password, email, name] of [
      ['weakpw-test', 'weakpw-test@example.com', 'Sam'],
      ['jonathan.smithers', 'jonathan.smithers@example.com', 'Sam'],
      ['malloryroberts', uniqueEmail('mr'), 'Mallory Roberts'],
    ] as const) {
      const response = await new TestBrowser(app).post('/api/auth/sign-up/email', { name, email, password });
      expect([response.statusCode, response.json().code], password).toEqual([400, 'password-too-common']);
    }
  });

  it("refuses at reset and at change a password made of the account's own address or name", async () => {
    const reset = await signUpAndVerify(app, use(), {
      email: 'jonathan.smithers@example.com',
      name: 'Mallory Roberts',
    });
    await new TestBrowser(app).post('/api/auth/request-password-reset', { email: reset.email });
    const token = new URL((await latestMail(use(), reset.email, 'reset-password'))!.link).searchParams.get(
      'token',
    );
    for (const newPassword of ['jonathan.smithers', 'malloryroberts']) {
      const response = await new TestBrowser(app).post('/api/auth/reset-password', { token, newPassword });
      expect([response.statusCode, response.json().code], newPassword).toEqual([400, 'password-too-common']);
    }

    const { browser, password } = await signUpAndVerify(app, use(), {
      email: 'weakpw-test@example.com',
      name: 'Mallory Roberts',
    });
    for (const newPassword of ['weakpw-test', 'malloryroberts']) {
      const response = await browser.post('/api/auth/change-password', {
        currentPassword: password,
        newPassword,
      });
      expect([response.statusCode, response.json().code], newPassword).toEqual([400, 'password-too-common']);
    }
    const strong = await browser.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'correct horse 42',
    });
    expect(strong.statusCode, strong.body).toBe(200);
  });

  it('refuses them as the new password of a reset', async () => {
    const response = await new TestBrowser(app).post('/api/auth/reset-password', {
      newPassword: 'password123',
      token: 'whatever-token',
    });
    expect([response.statusCode, response.json().code]).toEqual([400, 'password-too-common']);
  });
});
