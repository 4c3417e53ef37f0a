import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  TEST_ORIGIN,
  TestBrowser,
  findCard,
  findUserByEmail,
  insertCard,
  latestMail,
  pathOf,
  setCookies,
  signUpAndVerify,
  uniqueEmail,
  verifyElsewhere,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { deriveKey, resolveAuthSecret } from '../../platform/auth/auth-secret.ts';

const PASSWORD = 'correct horse battery';

describeEachDatabase('guest sessions and the guest-card transfer', (use) => {
  let app: FastifyInstance;
  let guestCookieKey: Buffer;

  beforeAll(async () => {
    const built = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } });
    app = built.app;
    guestCookieKey = deriveKey(
      resolveAuthSecret(built.config.authSecret, built.config.dataDir),
      'guest-session-cookie',
    );
  });
  afterAll(() => app?.close());

  /** A browser holding a server-issued guest session; answers it and its guest id. */
  async function guestBrowser(): Promise<{ browser: TestBrowser; guestId: string }> {
    const browser = new TestBrowser(app);
    const response = await browser.post('/api/guest-session');
    expect(response.json()).toEqual({ issued: true });
    const value = decodeURIComponent(browser.cookies.get('winc_guest') ?? '');
    return { browser, guestId: value.slice(0, value.lastIndexOf('.')) };
  }

  it('issues a signed httpOnly guest cookie of the form guest_<timestamp>_<random>, and keeps it', async () => {
    const browser = new TestBrowser(app);
    const first = await browser.post('/api/guest-session');
    const cookie = setCookies(first).get('winc_guest');
    expect(cookie?.raw).toMatch(/HttpOnly/);
    expect(cookie?.raw).toMatch(/SameSite=Lax/);
    const value = decodeURIComponent(cookie!.value);
    expect(value).toMatch(/^guest_\d{13}_[A-Za-z0-9_-]{22}\.[A-Za-z0-9+/]{43}$/);
    const again = await browser.post('/api/guest-session');
    expect(again.json()).toEqual({ issued: false });
    expect(decodeURIComponent(browser.cookies.get('winc_guest')!)).toBe(value);
  });

  it('ignores a guest cookie it did not sign', async () => {
    const browser = new TestBrowser(app);
    const forged = `guest_${Date.now()}_${crypto.randomBytes(16).toString('base64url')}`;
    browser.cookies.set('winc_guest', encodeURIComponent(`${forged}.${'A'.repeat(43)}`));
    const response = await browser.post('/api/guest-session');
    expect(response.json()).toEqual({ issued: true });
    expect(decodeURIComponent(browser.cookies.get('winc_guest')!).startsWith(forged)).toBe(false);
  });

  it('ignores a guest cookie whose signature was tampered with', async () => {
    const { browser, guestId } = await guestBrowser();
    const value = decodeURIComponent(browser.cookies.get('winc_guest')!);
    const last = value.at(-1) === 'A' ? 'B' : 'A';
    browser.cookies.set('winc_guest', encodeURIComponent(`${value.slice(0, -1)}${last}`));
    expect((await browser.post('/api/guest-session')).json()).toEqual({ issued: true });
    expect(decodeURIComponent(browser.cookies.get('winc_guest')!).startsWith(guestId)).toBe(false);
  });

  it('keeps a guest cookie signed before @fastify/cookie valid, with its drafts, and re-issues it', async () => {
    const guestId = `guest_${Date.now()}_${crypto.randomBytes(16).toString('base64url')}`;
    const signature = crypto
      .createHmac('sha256', guestCookieKey)
      .update(`guest:${guestId}`)
      .digest('base64url');
    const draft = await insertCard(use(), { guestSessionId: guestId });
    const browser = new TestBrowser(app);
    browser.cookies.set('winc_guest', encodeURIComponent(`${guestId}.${signature}`));
    expect((await browser.get(`/api/cards/${draft}`)).statusCode).toBe(200);

    expect((await browser.post('/api/guest-session')).json()).toEqual({ issued: false });
    const renewed = decodeURIComponent(browser.cookies.get('winc_guest')!);
    expect(renewed).not.toBe(`${guestId}.${signature}`);
    expect(app.unsignCookie(renewed)).toMatchObject({ valid: true, value: guestId });
    expect((await browser.get(`/api/cards/${draft}`)).statusCode).toBe(200);

    const tampered = new TestBrowser(app);
    const flipped = `${signature.slice(0, -1)}${signature.at(-1) === 'A' ? 'B' : 'A'}`;
    tampered.cookies.set('winc_guest', encodeURIComponent(`${guestId}.${flipped}`));
    expect((await tampered.get(`/api/cards/${draft}`)).statusCode).toBe(404);
  });

  it("moves the guest session's cards to the user at sign-in and ends the guest session", async () => {
    const { email, password } = await signUpAndVerify(app, use());
    const { browser, guestId } = await guestBrowser();
    const mine = await insertCard(use(), { guestSessionId: guestId });
    const alsoMine = await insertCard(use(), { guestSessionId: guestId });
    const other = await insertCard(use(), { guestSessionId: `guest_${Date.now()}_someoneelse0000000000000` });

    const signIn = await browser.post('/api/auth/sign-in/email', { email, password });
    expect(signIn.statusCode).toBe(200);
    expect(setCookies(signIn).get('winc_guest')?.raw).toMatch(/Max-Age=0/);
    expect(browser.cookies.has('winc_guest')).toBe(false);

    const user = await findUserByEmail(use(), email);
    for (const id of [mine, alsoMine]) {
      const card = await findCard(use(), id);
      expect(card).toMatchObject({ userId: user!.id, authorId: user!.id, isGuestCard: false });
      expect(card?.transferredAt).toBeTruthy();
    }
    expect(await findCard(use(), other)).toMatchObject({ userId: null, isGuestCard: true });
  });

  it('moves the guest cards when the verification link signs a new user in (sign-up completion)', async () => {
    const { browser, guestId } = await guestBrowser();
    const card = await insertCard(use(), { guestSessionId: guestId });
    const email = uniqueEmail('newbie');
    await browser.post('/api/auth/sign-up/email', { name: 'New', email, password: PASSWORD });
    expect((await findCard(use(), card))?.isGuestCard).toBe(true); // not before the account is verified
    const mail = await latestMail(use(), email, 'verify-email');
    await browser.get(pathOf(mail!.link));
    const user = await findUserByEmail(use(), email);
    expect(await findCard(use(), card)).toMatchObject({ userId: user!.id, isGuestCard: false });
  });

  it('moves the guest cards when the verification link is opened in another browser, and claims the carried card there', async () => {
    const { browser, guestId } = await guestBrowser();
    const card = await insertCard(use(), { guestSessionId: guestId });
    const email = uniqueEmail('phone');
    await browser.post('/api/auth/sign-up/email', { name: 'New', email, password: PASSWORD });
    // Until the address is verified the cards stay the guest's: a mistyped address loses nothing.
    expect(await findCard(use(), card)).toMatchObject({ userId: null, isGuestCard: true });

    // The mail is opened on a phone: no guest cookie, no session there. The password is chosen there.
    const phone = new TestBrowser(app);
    const mail = await latestMail(use(), email, 'verify-email');
    await verifyElsewhere(phone, mail!.link);
    const user = await findUserByEmail(use(), email);
    expect(await findCard(use(), card)).toMatchObject({ userId: user!.id, isGuestCard: false });
    expect((await phone.post('/api/me/claim-guest-cards', { cardId: card })).json()).toEqual({
      transferred: 0,
      cardId: card,
    });
  });

  it("binds at sign-up only the signing-up browser's own guest cards, and only once", async () => {
    const { guestId: othersGuestId } = await guestBrowser();
    const othersCard = await insertCard(use(), { guestSessionId: othersGuestId });
    const { browser, guestId } = await guestBrowser();
    const card = await insertCard(use(), { guestSessionId: guestId });
    // A forged guest cookie naming someone else's guest session is ignored at sign-up.
    const forger = new TestBrowser(app);
    forger.cookies.set('winc_guest', encodeURIComponent(`${othersGuestId}.forged-signature`));
    const forgerEmail = uniqueEmail('forger');
    await forger.post('/api/auth/sign-up/email', { name: 'F', email: forgerEmail, password: PASSWORD });
    const forgerMail = await latestMail(use(), forgerEmail, 'verify-email');
    await verifyElsewhere(new TestBrowser(app), forgerMail!.link);
    expect(await findCard(use(), othersCard)).toMatchObject({ userId: null, isGuestCard: true });

    // The browser's own guest session is bound, and forgotten once its cards moved.
    const email = uniqueEmail('twice');
    await browser.post('/api/auth/sign-up/email', { name: 'New', email, password: PASSWORD });
    const mail = await latestMail(use(), email, 'verify-email');
    await verifyElsewhere(new TestBrowser(app), mail!.link);
    const user = await findUserByEmail(use(), email);
    expect(await findCard(use(), card)).toMatchObject({ userId: user!.id, isGuestCard: false });
    const remembered = await use()
      .database.db.selectFrom('signupGuestSessions')
      .selectAll()
      .where('userId', '=', user!.id)
      .execute();
    expect(remembered).toEqual([]);
  });

  it("claims a carried card only when it was the caller's guest card; never another guest's", async () => {
    const { browser } = await signUpAndVerify(app, use());
    const me = (await browser.get('/api/me')).json().user as { id: string };

    // Another guest's card: knowing its id is not enough.
    const { guestId: othersGuestId } = await guestBrowser();
    const othersCard = await insertCard(use(), { guestSessionId: othersGuestId });
    const byId = await browser.post('/api/me/claim-guest-cards', { cardId: othersCard });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ transferred: 0, cardId: null });

    // Nor is knowing its guest id: a cookie without our signature is ignored.
    browser.cookies.set('winc_guest', encodeURIComponent(`${othersGuestId}.forged-signature`));
    const byGuestId = await browser.post('/api/me/claim-guest-cards', { cardId: othersCard });
    expect(byGuestId.json()).toEqual({ transferred: 0, cardId: null });
    browser.cookies.set('winc_guest', encodeURIComponent(othersGuestId));
    expect((await browser.post('/api/me/claim-guest-cards', {})).json()).toEqual({
      transferred: 0,
      cardId: null,
    });
    expect(await findCard(use(), othersCard)).toMatchObject({ userId: null, isGuestCard: true });

    // The caller's own guest session (a fresh guest cookie in this browser) does move, and is idempotent.
    browser.cookies.delete('winc_guest');
    await browser.post('/api/guest-session');
    const value = decodeURIComponent(browser.cookies.get('winc_guest')!);
    const ownCard = await insertCard(use(), { guestSessionId: value.slice(0, value.lastIndexOf('.')) });
    const claim = await browser.post('/api/me/claim-guest-cards', { cardId: ownCard });
    expect(claim.json()).toEqual({ transferred: 1, cardId: ownCard });
    expect(await findCard(use(), ownCard)).toMatchObject({ userId: me.id, isGuestCard: false });
    const again = await browser.post('/api/me/claim-guest-cards', { cardId: ownCard });
    expect(again.json()).toEqual({ transferred: 0, cardId: ownCard });
  });

  it('requires a signed-in user to claim', async () => {
    const response = await new TestBrowser(app).post('/api/me/claim-guest-cards', {});
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });
});
