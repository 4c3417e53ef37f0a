import type { FastifyInstance } from 'fastify';
import { getMigrations } from 'better-auth/db/migration';
import { hashPassword as betterAuthHash } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_USER_CREDITS, meResponseSchema } from '../../../shared/accounts/accounts.contract.ts';
import { createAuth } from '../../platform/auth/auth.ts';
import { AUTH_RATE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import type { AppConfig } from '../../platform/config.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findUserByEmail,
  freshIp,
  latestMail,
  mailCount,
  pathOf,
  setCookies,
  signUpAndVerify,
  uniqueEmail,
  withinOneRateWindow,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const PASSWORD = 'correct horse battery';

describeEachDatabase('accounts: sign-up, verification, sign-in, credits', (use) => {
  let app: FastifyInstance;
  let config: AppConfig;

  beforeAll(async () => {
    ({ app, config } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(() => app?.close());

  const ledgerOf = (userId: string) =>
    use().database.db.selectFrom('creditLedger').selectAll().where('userId', '=', userId).execute();

  it("better-auth's migration check finds migration 0004's tables complete (nothing to create or add)", async () => {
    const auth = createAuth({
      config,
      database: use().database,
      secret: 'a-test-secret-that-is-long-enough-123456',
      mailer: { mode: 'outbox', send: async () => {}, deliver: async () => ({ response: '' }) },
      events: {
        onSessionCreated: async () => {},
        onUserCreated: async () => {},
        onSignUpRepeated: async () => {},
      },
      log: app.log,
    });
    const plan = await getMigrations(auth.options);
    expect([plan.toBeCreated, plan.toBeAdded, plan.toBeAddedIndexes]).toEqual([[], [], []]);
  });

  it('stores a hash that names its cost, and still signs in an account whose hash better-auth made', async () => {
    const { email, password } = await signUpAndVerify(app, use());
    const stored = () =>
      use()
        .database.db.selectFrom('accounts')
        .innerJoin('users', 'users.id', 'accounts.userId')
        .select(['accounts.id', 'accounts.password'])
        .where('users.email', '=', email)
        .where('accounts.providerId', '=', 'credential')
        .executeTakeFirstOrThrow();
    const account = await stored();
    // The tests hash at the fast cost (PASSWORD_HASHING=fast), which the hash says.
    expect(account.password).toMatch(/^scrypt:1024:8:1:[0-9a-f]{32}:[0-9a-f]{128}$/);

    await use()
      .database.db.updateTable('accounts')
      .set({ password: await betterAuthHash(password) })
      .where('id', '=', account.id)
      .execute();
    expect((await new TestBrowser(app).post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(
      200,
    );
    expect(
      (await new TestBrowser(app).post('/api/auth/sign-in/email', { email, password: `${password}!` }))
        .statusCode,
    ).toBe(401);
  });

  it('changes the email only after the current address confirms and the new one verifies', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const newEmail = uniqueEmail('moved');
    const request = await browser.post('/api/auth/change-email', { newEmail, callbackURL: '/account-info' });
    expect(request.statusCode).toBe(200);
    const me = async () => meResponseSchema.parse((await browser.get('/api/me')).json()).user!;
    expect((await me()).email).toBe(email);

    // First the current address confirms the change…
    const confirmation = await latestMail(use(), email, 'confirm-email-change');
    expect(confirmation?.text).toContain(newEmail);
    expect((await browser.get(pathOf(confirmation!.link))).statusCode).toBe(302);
    expect((await me()).email).toBe(email);

    // …then the new address proves it is reachable, and only then the account moves to it.
    const verification = await latestMail(use(), newEmail, 'verify-email');
    expect(verification).toBeDefined();
    expect((await browser.get(pathOf(verification!.link))).statusCode).toBe(302);
    expect(await me()).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('signs up, refuses the unverified sign-in, verifies through the mailed link and grants 100 credits once', async () => {
    const email = uniqueEmail('flow');
    const browser = new TestBrowser(app);
    const signUp = await browser.post(
      '/api/auth/sign-up/email',
      { name: 'Maya', email, password: PASSWORD },
      { 'x-winc-language': 'ar' },
    );
    expect(signUp.statusCode).toBe(200);
    // Signed out until verified; the browser is marked as the one that chose the pending password.
    expect([...setCookies(signUp).keys()]).toEqual(['winc.pending_sign_up']);
    const pending = setCookies(signUp).get('winc.pending_sign_up')?.raw;
    for (const attribute of [/Path=\/api\/auth\/verify-email/, /HttpOnly/, /SameSite=Lax/i])
      expect(pending).toMatch(attribute);

    const mail = await latestMail(use(), email, 'verify-email');
    expect(mail?.language).toBe('ar');
    expect(mail?.link.startsWith(`${TEST_ORIGIN}/api/auth/verify-email?token=`)).toBe(true);

    const unverified = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ code: 'email-not-verified', authCode: 'EMAIL_NOT_VERIFIED' });
    expect((await browser.get('/api/me')).json()).toEqual({ user: null });

    const verify = await browser.get(pathOf(mail!.link));
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/signin?verified=1');

    const signIn = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const cookie = setCookies(signIn).get('winc.session_token');
    expect(cookie?.raw).toMatch(/HttpOnly/);
    expect(cookie?.raw).toMatch(/SameSite=Lax/i);
    expect(cookie?.raw).not.toMatch(/Secure/);

    const me = await browser.get('/api/me');
    expect(me.statusCode).toBe(200);
    const { user } = meResponseSchema.parse(me.json());
    expect(user).toMatchObject({
      email,
      name: 'Maya',
      credits: NEW_USER_CREDITS,
      tier: 'free',
      language: 'ar',
    });
    expect(user?.emailVerified).toBe(true);
    expect(Object.keys(user ?? {})).not.toContain('isDisabled');

    const ledger = await ledgerOf(user!.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 100, balanceAfter: 100, reason: 'signup-grant' });
  });

  it('grants the first-sign-in credits exactly once when sign-ins race', async () => {
    const { email, password } = await signUpAndVerify(app, use());
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        new TestBrowser(app).post('/api/auth/sign-in/email', { email, password }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const user = await findUserByEmail(use(), email);
    expect(Number(user?.credits)).toBe(100);
    expect(await ledgerOf(user!.id)).toHaveLength(1);
  });

  it('never lets a user set their own credits or tier', async () => {
    const email = uniqueEmail('greedy');
    const browser = new TestBrowser(app);
    const signUp = await browser.post('/api/auth/sign-up/email', {
      name: 'Greedy',
      email,
      password: PASSWORD,
      credits: 99_999,
      tier: 'premium_bulk',
    });
    expect([200, 400]).toContain(signUp.statusCode);
    if (signUp.statusCode === 400) return; // refused outright is fine too
    const mail = await latestMail(use(), email, 'verify-email');
    await browser.get(pathOf(mail!.link));
    expect((await browser.get('/api/me')).json().user).toMatchObject({ credits: 100, tier: 'free' });

    const updateUser = await browser.post('/api/auth/update-user', { credits: 5000, tier: 'premium_bulk' });
    expect(updateUser.statusCode).toBe(404);
    const patch = await browser.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { credits: 5000, tier: 'plus_bulk' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().code).toBe('validation-failed');
    const rename = await browser.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'Humble', language: 'ru' },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().user).toMatchObject({ name: 'Humble', language: 'ru', credits: 100, tier: 'free' });
  });

  it('resets a password end to end, answering the same whether or not the account exists', async () => {
    const { email } = await signUpAndVerify(app, use(), { password: 'old password 1' });
    const browser = new TestBrowser(app);
    const known = await browser.post(
      '/api/auth/request-password-reset',
      { email },
      { 'x-winc-language': 'ru' },
    );
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await browser.post('/api/auth/request-password-reset', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailCount(use(), unknownEmail)).toBe(0);

    const mail = await latestMail(use(), email, 'reset-password');
    expect(mail?.language).toBe('ru');
    const link = new URL(mail!.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/reset-password`);
    const token = link.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await browser.post('/api/auth/reset-password', { newPassword: 'new password 2', token });
    expect(reset.statusCode).toBe(200);
    const reused = await browser.post('/api/auth/reset-password', { newPassword: 'new password 3', token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invalid-token');

    const old = await browser.post('/api/auth/sign-in/email', { email, password: 'old password 1' });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('invalid-credential');
    const fresh = await browser.post('/api/auth/sign-in/email', { email, password: 'new password 2' });
    expect(fresh.statusCode).toBe(200);
  });

  it('resends the verification mail, without telling whether the address exists', async () => {
    const email = uniqueEmail('resend');
    const browser = new TestBrowser(app);
    await browser.post('/api/auth/sign-up/email', { name: 'Re', email, password: PASSWORD });
    expect(await mailCount(use(), email)).toBe(1);
    const resend = await browser.post('/api/auth/send-verification-email', { email });
    expect(resend.statusCode).toBe(200);
    expect(await mailCount(use(), email)).toBe(2);
    const nobody = uniqueEmail('ghost');
    const ghost = await browser.post('/api/auth/send-verification-email', { email: nobody });
    expect(ghost.statusCode).toBe(200);
    expect(ghost.json()).toEqual(resend.json());
    expect(await mailCount(use(), nobody)).toBe(0);
    // The second link works as well as the first.
    const mail = await latestMail(use(), email, 'verify-email');
    expect((await browser.get(pathOf(mail!.link))).statusCode).toBe(302);
    expect((await browser.get('/api/me')).json().user.credits).toBe(100);
  });

  it('does not reveal an existing account at sign-up either', async () => {
    const { email } = await signUpAndVerify(app, use());
    const again = await new TestBrowser(app).post('/api/auth/sign-up/email', {
      name: 'X',
      email,
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().token).toBeNull();
  });

  it('refuses short passwords with weak-password', async () => {
    const response = await new TestBrowser(app).post('/api/auth/sign-up/email', {
      name: 'Short',
      email: uniqueEmail(),
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('weak-password');
  });

  it('signs out', async () => {
    const { browser } = await signUpAndVerify(app, use());
    expect((await browser.get('/api/me')).json().user).not.toBeNull();
    const out = await browser.post('/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    expect((await browser.get('/api/me')).json()).toEqual({ user: null });
  });

  it('signs out a disabled user and refuses their next sign-in', async () => {
    const { browser, email, password } = await signUpAndVerify(app, use());
    const { db, codec } = use().database;
    await db
      .updateTable('users')
      .set({ isDisabled: codec.bool(true) })
      .where('email', '=', email)
      .execute();
    const me = await browser.get('/api/me');
    expect(me.json()).toEqual({ user: null });
    expect(setCookies(me).get('winc.session_token')?.raw).toMatch(/Max-Age=0/);
    const user = await findUserByEmail(use(), email);
    const sessions = await db.selectFrom('sessions').select('id').where('userId', '=', user!.id).execute();
    expect(sessions).toHaveLength(0);
    const signIn = await new TestBrowser(app).post('/api/auth/sign-in/email', { email, password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('user-disabled');
  });

  it('signs out an expired session', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const { db, codec } = use().database;
    const user = await findUserByEmail(use(), email);
    await db
      .updateTable('sessions')
      .set({ expiresAt: codec.date(new Date(Date.now() - 60_000)) })
      .where('userId', '=', user!.id)
      .execute();
    const me = await browser.get('/api/me');
    expect(me.json()).toEqual({ user: null });
    expect(setCookies(me).get('winc.session_token')?.raw).toMatch(/Max-Age=0/);
  });

  it('says Google is not set up when it is not configured', async () => {
    const response = await app.inject('/api/auth-providers');
    expect(response.json()).toEqual({ emailPassword: true, google: false, apple: false });
  });
});

describeEachDatabase('accounts: rate limits, origin and return paths', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(() => app?.close());

  it('limits sign-in attempts per IP, and a spoofed X-Forwarded-For does not bypass it without TRUST_PROXY', async () => {
    await withinOneRateWindow(AUTH_RATE_LIMITS['/sign-in/email']!.perIp.windowMs);
    const browser = new TestBrowser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await browser.post(
        '/api/auth/sign-in/email',
        { email: uniqueEmail('spray'), password: 'whatever123' },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().code).toBe('rate-limited');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('limits reset and resend mails per account', async () => {
    const email = uniqueEmail('mailbomb');
    const resets: number[] = [];
    const resends: number[] = [];
    for (let i = 0; i < 4; i++) {
      resets.push(
        (await new TestBrowser(app).post('/api/auth/request-password-reset', { email })).statusCode,
      );
      resends.push(
        (await new TestBrowser(app).post('/api/auth/send-verification-email', { email })).statusCode,
      );
    }
    expect(resets).toEqual([200, 200, 200, 429]);
    expect(resends).toEqual([200, 200, 200, 429]);
  });

  it('limits sign-ups per IP', async () => {
    const browser = new TestBrowser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await browser.post('/api/auth/sign-up/email', {
            name: 'N',
            email: uniqueEmail('many'),
            password: PASSWORD,
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers unknown auth paths and bodies it cannot read with {code, message}', async () => {
    const browser = new TestBrowser(app);
    for (const response of [
      await browser.get('/api/auth/no-such-endpoint'),
      await browser.post('/api/auth/no-such-endpoint', {}),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 'not-found', message: 'Not found.' });
    }
    for (const type of ['text/plain', 'application/xml']) {
      const response = await browser.post('/api/auth/sign-in/email', 'email=a@example.com', {
        'content-type': type,
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json(), type).toMatchObject({
        code: 'unsupported-media-type',
        message: 'Unsupported content type.',
      });
    }
  });

  it('refuses NUL and lone surrogates in the account name and removes bidi controls from it', async () => {
    for (const name of ['Sam\u0000', 'Sam\uD800', '\uDC00Sam', '\u202E', ' ', 'x'.repeat(101)]) {
      const response = await new TestBrowser(app).post('/api/auth/sign-up/email', {
        name,
        email: uniqueEmail('name'),
        password: PASSWORD,
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().code).toBe('validation-failed');
    }
    const { browser } = await signUpAndVerify(app, use(), { name: ' \u202EAlex\u2069 \u{1F600}' });
    expect((await browser.get('/api/me')).json().user.name).toBe('Alex \u{1F600}');

    for (const name of ['Sam\u0000', 'Sam\uD800', '\uDC00Sam']) {
      const rename = await browser.request({ method: 'PATCH', url: '/api/me', payload: { name } });
      expect(rename.statusCode, JSON.stringify(name)).toBe(400);
      expect(rename.json()).toMatchObject({
        code: 'validation-failed',
        details: [{ path: 'name', message: 'invalid-characters' }],
      });
    }
    const rename = await browser.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: '\u2066\u0633\u0627\u0645\u202C\u202A Sam\u2067\u2068\u202B\u202D' },
    });
    expect(rename.json().user.name).toBe('\u0633\u0627\u0645 Sam');
  });

  it('refuses a cross-site POST (forbidden-origin)', async () => {
    const evil = new TestBrowser(app, freshIp(), 'https://evil.example');
    const response = await evil.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden-origin');
  });

  it('accepts only same-origin relative return paths', async () => {
    const browser = new TestBrowser(app);
    for (const callbackURL of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const response = await browser.post('/api/auth/sign-up/email', {
        name: 'R',
        email: uniqueEmail('redirect'),
        password: PASSWORD,
        callbackURL,
      });
      expect(response.statusCode, callbackURL).toBe(400);
      expect(response.json().code).toBe('validation-failed');
    }
    const evilVerify = await browser.get(
      '/api/auth/verify-email?token=x&callbackURL=https%3A%2F%2Fevil.example',
    );
    expect(evilVerify.statusCode).toBe(400);
  });
});

describe('accounts over HTTPS', () => {
  describeEachDatabase('secure cookies', (use) => {
    let app: FastifyInstance;
    const origin = 'https://winc.example';

    beforeAll(async () => {
      ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: origin } }));
    });
    afterAll(() => app?.close());

    it('marks the session and guest cookies Secure, HttpOnly and SameSite=Lax', async () => {
      const browser = new TestBrowser(app, freshIp(), origin);
      const email = uniqueEmail('secure');
      await browser.post('/api/auth/sign-up/email', { name: 'S', email, password: PASSWORD });
      const mail = await latestMail(use(), email, 'verify-email');
      expect(mail?.link.startsWith(`${origin}/api/auth/verify-email`)).toBe(true);
      const verify = await browser.get(pathOf(mail!.link));
      const session = [...setCookies(verify)].find(([name]) => name.endsWith('winc.session_token'));
      expect(session?.[0]).toBe('__Secure-winc.session_token');
      expect(session?.[1].raw).toMatch(/; Secure/);
      expect(session?.[1].raw).toMatch(/HttpOnly/);
      expect(session?.[1].raw).toMatch(/SameSite=Lax/i);

      const guest = await new TestBrowser(app, freshIp(), origin).post('/api/guest-session');
      const raw = setCookies(guest).get('winc_guest')?.raw ?? '';
      expect(raw).toMatch(/; Secure/);
      expect(raw).toMatch(/HttpOnly/);
      expect(raw).toMatch(/SameSite=Lax/);
    });
  });
});
