import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  TEST_ORIGIN,
  TestBrowser,
  findCard,
  findUserByEmail,
  insertCard,
  insertSession,
  pathOf,
  uniqueEmail,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

/**
 * Google sign-in against a real OpenID Connect provider started here (oauth2-mock-server): discovery,
 * authorization redirect, code exchange, ID-token signature (JWKS) and nonce are all exercised; none of our
 * code is stubbed.
 */
describeEachDatabase('Google sign-in through a local OpenID Connect provider', (use) => {
  let app: FastifyInstance;
  let provider: OAuth2Server;
  let profile = { email: '', name: '' };

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, {
        sub: `google-${profile.email}`,
        email: profile.email,
        email_verified: true,
        name: profile.name,
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

  it('says Google is set up', async () => {
    expect((await app.inject('/api/auth-providers')).json()).toMatchObject({ google: true });
  });

  it('signs a new user in with Google: redirect to the provider, back to the callback, 100 credits, guest cards moved', async () => {
    profile = { email: uniqueEmail('gmail'), name: 'Gia Google' };
    const browser = new TestBrowser(app);
    await browser.post('/api/guest-session');
    const value = decodeURIComponent(browser.cookies.get('winc_guest')!);
    const card = await insertCard(use(), { guestSessionId: value.slice(0, value.lastIndexOf('.')) });

    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/checkout',
    });
    expect(start.statusCode).toBe(200);
    const authorizeUrl = new URL(start.json().url as string);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${provider.issuer.url}/authorize`);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/google`);
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();

    // The browser follows the redirect to the provider, which sends it back with a code.
    const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const callback = atProvider.headers.get('location')!;
    expect(callback.startsWith(`${TEST_ORIGIN}/api/auth/callback/google?`)).toBe(true);

    const landed = await browser.get(pathOf(callback));
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/checkout');
    expect(browser.cookies.has('winc.session_token')).toBe(true);
    expect(browser.cookies.has('winc_guest')).toBe(false);

    const me = (await browser.get('/api/me')).json().user;
    expect(me).toMatchObject({
      email: profile.email,
      name: 'Gia Google',
      emailVerified: true,
      credits: 100,
      tier: 'free',
    });
    expect(await findCard(use(), card)).toMatchObject({ userId: me.id, isGuestCard: false });

    // Signing in again later neither grants again nor creates a second user.
    const again = new TestBrowser(app);
    const second = await again.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' });
    const back = await fetch(new URL(second.json().url as string), { redirect: 'manual' });
    await again.get(pathOf(back.headers.get('location')!));
    expect((await again.get('/api/me')).json().user).toMatchObject({ id: me.id, credits: 100 });
  });

  it('signs in with Google to an address someone signed up first: their password goes, and every earlier session', async () => {
    profile = { email: uniqueEmail('claimed'), name: 'Gwen Google' };
    const attackerPassword = 'mallory owns it 1';
    const attacker = new TestBrowser(app);
    await attacker.post('/api/auth/sign-up/email', {
      name: 'Mallory',
      email: profile.email,
      password: attackerPassword,
    });
    const pending = await findUserByEmail(use(), profile.email);
    const earlier = await insertSession(use(), pending!.id);

    // The owner signs in with Google: the account is linked to it and verified by it.
    const owner = new TestBrowser(app);
    const start = await owner.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/checkout',
    });
    const back = await fetch(new URL(start.json().url as string), { redirect: 'manual' });
    const landed = await owner.get(pathOf(back.headers.get('location')!));
    expect(landed.headers.location).toBe('/checkout');
    expect((await owner.get('/api/me')).json().user).toMatchObject({
      id: pending!.id,
      email: profile.email,
      emailVerified: true,
    });

    const signIn = await new TestBrowser(app).post('/api/auth/sign-in/email', {
      email: profile.email,
      password: attackerPassword,
    });
    expect([signIn.statusCode, signIn.json().code]).toEqual([401, 'invalid-credential']);
    const sessions = await use()
      .database.db.selectFrom('sessions')
      .select('id')
      .where('userId', '=', pending!.id)
      .execute();
    expect(sessions.map((session) => session.id)).not.toContain(earlier);
    expect(sessions).toHaveLength(1);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    profile = { email: uniqueEmail('csrf'), name: 'Mallory' };
    const attacker = new TestBrowser(app);
    const start = await attacker.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' });
    const back = await fetch(new URL(start.json().url as string), { redirect: 'manual' });
    const victim = new TestBrowser(app);
    const landed = await victim.get(pathOf(back.headers.get('location')!));
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toMatch(/^http:\/\/localhost:3000\/signin\?error=/);
    expect(victim.cookies.has('winc.session_token')).toBe(false);
  });
});
