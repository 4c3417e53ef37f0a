import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  TEST_ORIGIN,
  TestBrowser,
  latestMail,
  mailCount,
  pathOf,
  signUpAndVerify,
  uniqueEmail,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const PASSWORD = 'correct horse battery';

/**
 * Return paths that leave the site once a browser or better-auth normalises or decodes them. Each was
 * accepted at some point by a check that looked at the raw string ("/..//x" → "//x", a protocol-relative
 * Location).
 */
const OFF_SITE = [
  '/..//evil.example',
  '/.//evil.example',
  '/a/..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/%252e%252e//evil.example',
  '/%2e%2e%2f%2fevil.example',
  '/%2f%2fevil.example',
  '/\\evil.example',
  '/.\\/evil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/.\t.//evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '//evil.example',
  '\\\\evil.example',
  'https://evil.example/x',
  'javascript:alert(1)',
];

/** Return paths the web app uses (shared/accounts AUTH_CALLBACKS), and a harmless dot segment. */
const ON_SITE = ['/signin?verified=1', '/signin?verified=1&card=Ab-_9', '/checkout', '/a/../checkout'];

/** A redirect or URL in an answer, resolved as a browser would: it must be this site, at a real path. */
function expectOnSite(target: unknown, label: string): void {
  if (target === undefined || target === null) return;
  expect(typeof target, label).toBe('string');
  const url = new URL(target as string, TEST_ORIGIN);
  expect(url.origin, label).toBe(TEST_ORIGIN);
  expect(url.pathname.startsWith('//'), label).toBe(false);
}

function expectRefused(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, label).toBe(400);
  expect(response.json(), label).toMatchObject({
    code: 'validation-failed',
    details: [{ message: 'must be a relative path on this site' }],
  });
  expect(response.headers.location, label).toBeUndefined();
  expect(response.json().url, label).toBeUndefined();
}

describeEachDatabase('return paths on every endpoint that redirects', (use) => {
  let app: FastifyInstance;
  let provider: OAuth2Server;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
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

  /** Every endpoint and field that takes a return path; `signedIn` is a verified user's browser. */
  function endpoints(signedIn: TestBrowser, resetToken: string) {
    const body = (url: string, extra: () => Record<string, unknown>) => (field: string) => (path: string) =>
      new TestBrowser(app).post(url, { ...extra(), [field]: path });
    const signUp = () => ({ name: 'R', email: uniqueEmail('redirect'), password: PASSWORD });
    const signIn = () => ({ email: uniqueEmail('redirect'), password: PASSWORD });
    const q = encodeURIComponent;
    return {
      'sign-up callbackURL': body('/api/auth/sign-up/email', signUp)('callbackURL'),
      'sign-up ?callbackURL': (path: string) =>
        new TestBrowser(app).post(`/api/auth/sign-up/email?callbackURL=${q(path)}`, signUp()),
      'sign-up callbackURL (form)': (path: string) =>
        new TestBrowser(app).post(
          '/api/auth/sign-up/email',
          new URLSearchParams({ ...signUp(), callbackURL: path }).toString(),
          { 'content-type': 'application/x-www-form-urlencoded' },
        ),
      'sign-up callbackURL (Application/JSON)': (path: string) =>
        new TestBrowser(app).post(
          '/api/auth/sign-up/email',
          JSON.stringify({ ...signUp(), callbackURL: path }),
          {
            'content-type': 'Application/JSON; charset=utf-8',
          },
        ),
      'sign-up callbackURL (JSON after a byte-order mark)': (path: string) =>
        new TestBrowser(app).post(
          '/api/auth/sign-up/email',
          `\uFEFF${JSON.stringify({ ...signUp(), callbackURL: path })}`,
          { 'content-type': 'application/json' },
        ),
      'sign-in callbackURL': body('/api/auth/sign-in/email', signIn)('callbackURL'),
      'Google sign-in callbackURL': body('/api/auth/sign-in/social', () => ({ provider: 'google' }))(
        'callbackURL',
      ),
      'Google sign-in errorCallbackURL': body('/api/auth/sign-in/social', () => ({
        provider: 'google',
        callbackURL: '/',
      }))('errorCallbackURL'),
      'Google sign-in newUserCallbackURL': body('/api/auth/sign-in/social', () => ({
        provider: 'google',
        callbackURL: '/',
      }))('newUserCallbackURL'),
      'verify-email ?callbackURL': (path: string) =>
        new TestBrowser(app).get(`/api/auth/verify-email?token=not-a-token&callbackURL=${q(path)}`),
      'verify-email second ?callbackURL': (path: string) =>
        new TestBrowser(app).get(`/api/auth/verify-email?token=x&callbackURL=/&callbackURL=${q(path)}`),
      'resend verification callbackURL': body('/api/auth/send-verification-email', () => ({
        email: uniqueEmail('resend'),
      }))('callbackURL'),
      'password reset request redirectTo': body('/api/auth/request-password-reset', () => ({
        email: uniqueEmail('reset'),
      }))('redirectTo'),
      'password reset link ?callbackURL': (path: string) =>
        new TestBrowser(app).get(`/api/auth/reset-password/${resetToken}?callbackURL=${q(path)}`),
      'password reset callbackURL': body('/api/auth/reset-password', () => ({
        newPassword: 'another long password 7',
        token: resetToken,
      }))('callbackURL'),
      'change-email callbackURL': (path: string) =>
        signedIn.post('/api/auth/change-email', { newEmail: uniqueEmail('moved'), callbackURL: path }),
      'link Google callbackURL': (path: string) =>
        signedIn.post('/api/auth/link-social', { provider: 'google', callbackURL: path }),
    };
  }

  async function setUp() {
    const { browser, email } = await signUpAndVerify(app, use());
    await new TestBrowser(app).post('/api/auth/request-password-reset', { email });
    const mail = await latestMail(use(), email, 'reset-password');
    const resetToken = new URL(mail!.link).searchParams.get('token')!;
    return { browser, email, resetToken };
  }

  it('refuses every path that leaves the site after normalisation, on every endpoint and field', async () => {
    const { browser, email, resetToken } = await setUp();
    const mailsBefore = await mailCount(use(), email);
    for (const [label, send] of Object.entries(endpoints(browser, resetToken))) {
      for (const path of OFF_SITE) {
        expectRefused(await send(path), `${label} ${JSON.stringify(path)}`);
      }
    }
    // Nothing was mailed or changed on the way: the token still resets, the address is still the same.
    expect(await mailCount(use(), email)).toBe(mailsBefore);
    const reset = await new TestBrowser(app).post('/api/auth/reset-password', {
      newPassword: 'another long password 7',
      token: resetToken,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('keeps every redirect and URL on the site for the paths the app uses', async () => {
    const { browser, resetToken } = await setUp();
    const all = endpoints(browser, resetToken);
    for (const path of ON_SITE) {
      for (const label of [
        'sign-up callbackURL',
        'sign-in callbackURL',
        'verify-email ?callbackURL',
        'password reset link ?callbackURL',
        'resend verification callbackURL',
        'password reset request redirectTo',
      ] as const) {
        const response = await all[label](path);
        const where = `${label} ${path}`;
        expect(response.statusCode, where).toBeLessThan(500);
        expectOnSite(response.headers.location, where);
        if (response.body) expectOnSite(response.json<{ url?: unknown }>().url, where);
      }
      const verify = await all['verify-email ?callbackURL'](path);
      expect(verify.statusCode).toBe(302);
      const expected = new URL(path, TEST_ORIGIN);
      expected.searchParams.append('error', 'INVALID_TOKEN');
      expect(verify.headers.location).toBe(`${expected.pathname}${expected.search}`);
      const google = await all['Google sign-in callbackURL'](path);
      expect(google.statusCode, path).toBe(200);
      const authorize = new URL(google.json().url as string);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.issuer.url}/authorize`);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/google`);
    }
  });

  it('lands a verified sign-up on the return path it asked for', async () => {
    const email = uniqueEmail('lands');
    const browser = new TestBrowser(app);
    const signUp = await browser.post('/api/auth/sign-up/email', {
      name: 'L',
      email,
      password: PASSWORD,
      callbackURL: '/checkout',
    });
    expect(signUp.statusCode).toBe(200);
    const mail = await latestMail(use(), email, 'verify-email');
    const verify = await browser.get(pathOf(mail!.link));
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/checkout');
  });
});
