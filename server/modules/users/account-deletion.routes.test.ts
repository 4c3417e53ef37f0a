import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD_RECHECK_FAILURE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findUserByEmail,
  pathOf,
  signUpAndVerify,
  uniqueEmail,
  withinOneRateWindow,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const MINUTE = 60_000;
const PER_SESSION = PASSWORD_RECHECK_FAILURE_LIMITS.perSession.limit;

/**
 * Deleting an account proves it is the owner: the password, or, for an account without one (Google only), a
 * sign-in of the last five minutes. Google runs against a local OpenID Connect provider.
 */
describeEachDatabase('deleting the account: the password, or a recent sign-in without one', (use) => {
  let app: FastifyInstance;
  let provider: OAuth2Server;
  let googleEmail = '';

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, {
        sub: `google-${googleEmail}`,
        email: googleEmail,
        email_verified: true,
        name: 'Gia Google',
      });
    });
    ({ app } = await buildTestApp(use(), {
      env: {
        PUBLIC_ORIGIN: TEST_ORIGIN,
        GOOGLE_CLIENT_ID: 'winc-test-client',
        GOOGLE_CLIENT_SECRET: 'winc-test-secret',
        GOOGLE_ISSUER_URL: provider.issuer.url ?? '',
      },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await provider?.stop();
  });

  const deleteAccount = (browser: TestBrowser, body?: { password?: string }) =>
    browser.request({ method: 'DELETE', url: '/api/me', ...(body ? { payload: body } : {}) });

  const expectRefused = (response: LightMyRequestResponse, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
  };

  async function signInWithGoogle(browser: TestBrowser, email: string): Promise<void> {
    googleEmail = email;
    const start = await browser.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' });
    const atProvider = await fetch(new URL(start.json().url as string), { redirect: 'manual' });
    const landed = await browser.get(pathOf(atProvider.headers.get('location')!));
    expect(landed.statusCode).toBe(302);
    expect((await browser.get('/api/me')).json().user.email).toBe(email);
  }

  /** Moves the browser's sessions' sign-in time back, as if the time had passed. */
  async function signedInAgo(email: string, ms: number): Promise<void> {
    const { db, codec } = use().database;
    const user = await findUserByEmail(use(), email);
    await db
      .updateTable('sessions')
      .set({ createdAt: codec.date(new Date(Date.now() - ms)) })
      .where('userId', '=', user!.id)
      .execute();
  }

  it('asks an account with a password for it: none or a wrong one is refused, the right one deletes', async () => {
    const { browser, email, password } = await signUpAndVerify(app, use());
    expect((await browser.get('/api/me/deletion')).json()).toEqual({ confirmWith: 'password' });

    expectRefused(await deleteAccount(browser), 403, 'reauthentication-required');
    expectRefused(await deleteAccount(browser, {}), 403, 'reauthentication-required');
    expectRefused(await deleteAccount(browser, { password: 'not my password' }), 400, 'wrong-password');
    expect(await findUserByEmail(use(), email)).toBeDefined();

    const deleted = await deleteAccount(browser, { password });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await findUserByEmail(use(), email)).toBeUndefined();
  });

  it('still asks for the password right after signing in', async () => {
    const { browser, email, password } = await signUpAndVerify(app, use());
    expect((await browser.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
    expectRefused(await deleteAccount(browser), 403, 'reauthentication-required');
    expect(await findUserByEmail(use(), email)).toBeDefined();
  });

  it('throttles wrong passwords per session like any password re-check, counting only failures', async () => {
    // The limits count per clock window: the attempts must fall in one (this may wait up to 20 s).
    await withinOneRateWindow(PASSWORD_RECHECK_FAILURE_LIMITS.perSession.windowMs, 20_000);
    const { browser, email, password } = await signUpAndVerify(app, use());
    // A wrong current password on change-password and one at deletion spend the same budget.
    const changed = await browser.post('/api/auth/change-password', {
      currentPassword: 'wrong guess 0',
      newPassword: 'a new horse battery 9',
    });
    expect(changed.statusCode).toBe(400);
    for (let i = 1; i < PER_SESSION; i++) {
      expectRefused(await deleteAccount(browser, { password: `wrong guess ${i}` }), 400, 'wrong-password');
    }
    const refused = await deleteAccount(browser, { password });
    expectRefused(refused, 429, 'too-many-password-attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await findUserByEmail(use(), email)).toBeDefined();
  }, 60_000);

  it('deletes an account without a password within five minutes of signing in, and not later', async () => {
    const email = uniqueEmail('google');
    const browser = new TestBrowser(app);
    await signInWithGoogle(browser, email);
    expect((await browser.get('/api/me/deletion')).json()).toEqual({
      confirmWith: 'recent-sign-in',
      signedInRecently: true,
    });

    await signedInAgo(email, 6 * MINUTE);
    expect((await browser.get('/api/me/deletion')).json()).toEqual({
      confirmWith: 'recent-sign-in',
      signedInRecently: false,
    });
    expectRefused(await deleteAccount(browser), 403, 'reauthentication-required');
    // A password proves nothing for an account that has none.
    expectRefused(
      await deleteAccount(browser, { password: 'anything at all' }),
      403,
      'reauthentication-required',
    );
    expect(await findUserByEmail(use(), email)).toBeDefined();

    await signInWithGoogle(browser, email);
    await signedInAgo(email, 4 * MINUTE);
    expect((await deleteAccount(browser)).statusCode).toBe(200);
    expect(await findUserByEmail(use(), email)).toBeUndefined();
  });

  it('refuses a signed-out deletion', async () => {
    expectRefused(
      await deleteAccount(new TestBrowser(app), { password: 'whatever it is' }),
      401,
      'unauthenticated',
    );
  });
});
