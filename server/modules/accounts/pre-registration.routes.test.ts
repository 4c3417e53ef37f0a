import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { translatorFor } from '../../platform/i18n/translator.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findCard,
  findUserByEmail,
  insertCard,
  insertSession,
  pathOf,
  setCookies,
  uniqueEmail,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase, type TestDatabase } from '../../testing/databases.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../testing/smtp-sink.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const ATTACKER_PASSWORD = 'mallory owns it 1';
const OWNER_PASSWORD = 'vera keeps her own 2';
const SIGN_UP = '/api/auth/sign-up/email';
const SIGN_IN = '/api/auth/sign-in/email';

async function sessionIdsOf(testDatabase: TestDatabase, userId: string): Promise<string[]> {
  const rows = await testDatabase.database.db
    .selectFrom('sessions')
    .select('id')
    .where('userId', '=', userId)
    .execute();
  return rows.map((row) => row.id);
}

/** The keys of a sign-up answer's body and the names of the cookies it sets: what a caller can compare. */
function answerShape(response: LightMyRequestResponse) {
  const body = response.json<{ token: unknown; user: Record<string, unknown> }>();
  return {
    status: response.statusCode,
    token: body.token,
    userFields: Object.keys(body.user).sort(),
    cookies: [...setCookies(response).keys()].sort(),
  };
}

/**
 * An address signed up by someone who does not own it (the "pre-registration" take-over), through the real
 * mailer and a local SMTP server: the owner's verification must leave only credentials the owner chose.
 */
describeEachDatabase('an address someone else signed up first', (use) => {
  let app: FastifyInstance;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN, SMTP_URL: sink.url } }));
  });
  afterAll(async () => {
    await app?.close();
    await sink?.stop();
  });

  const mailsTo = (email: string) => sink.mails.filter((mail) => mail.to.includes(email));
  /** The `n`-th mail (1-based) to an address, once it arrived. */
  async function nthMail(email: string, n: number): Promise<ReceivedMail> {
    await sink.waitFor(() => mailsTo(email).length >= n);
    return mailsTo(email)[n - 1]!;
  }
  const linksOf = (mail: ReceivedMail) => mail.text.match(/https?:\/\/[^\s)>\]]+/g) ?? [];
  const signIn = (email: string, password: string) => new TestBrowser(app).post(SIGN_IN, { email, password });

  it("lets the owner sign up again and verify with the first mail's link: only the owner's password signs in", async () => {
    const email = uniqueEmail('victim');
    const attacker = new TestBrowser(app);
    const attackerSignUp = await attacker.post(SIGN_UP, {
      name: 'Mallory',
      email,
      password: ATTACKER_PASSWORD,
    });
    expect(attackerSignUp.statusCode).toBe(200);
    const first = await nthMail(email, 1);

    // The owner signs up with their own password and gets the same answer as for a new address.
    const owner = new TestBrowser(app);
    const ownerSignUp = await owner.post(
      SIGN_UP,
      { name: 'Vera', email, password: OWNER_PASSWORD },
      { 'x-winc-language': 'ru' },
    );
    expect(answerShape(attackerSignUp).cookies).toEqual(['winc.pending_sign_up']);
    expect(answerShape(ownerSignUp)).toEqual(answerShape(attackerSignUp));

    // The owner follows the first mail (the one the attacker's sign-up sent) in their own browser.
    const verify = await owner.get(pathOf(linksOf(first)[0]!));
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/signin?verified=1');
    expect((await owner.get('/api/me')).json().user).toMatchObject({
      email,
      name: 'Vera',
      language: 'ru',
      emailVerified: true,
    });

    const refused = await signIn(email, ATTACKER_PASSWORD);
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'invalid-credential']);
    expect((await signIn(email, OWNER_PASSWORD)).statusCode).toBe(200);

    // The second sign-up had a verification mail of its own, in its language.
    const second = await nthMail(email, 2);
    expect(second.subject).toBe(translatorFor('ru')('mail.verifyEmail.subject'));
  });

  it("lets the owner verify with the new mail's link as well, with the same outcome", async () => {
    const email = uniqueEmail('victim');
    await new TestBrowser(app).post(SIGN_UP, { name: 'Mallory', email, password: ATTACKER_PASSWORD });
    await nthMail(email, 1);
    const owner = new TestBrowser(app);
    await owner.post(SIGN_UP, { name: 'Vera', email, password: OWNER_PASSWORD });
    const fresh = await nthMail(email, 2);
    expect((await owner.get(pathOf(linksOf(fresh)[0]!))).statusCode).toBe(302);
    expect((await owner.get('/api/me')).json().user).toMatchObject({ email, name: 'Vera' });
    expect((await signIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a sign-up for a verified address like a new one and tells the owner, in their language, that someone tried', async () => {
    const email = uniqueEmail('owner');
    const owner = new TestBrowser(app);
    await owner.post(
      SIGN_UP,
      { name: 'Layla', email, password: OWNER_PASSWORD },
      { 'x-winc-language': 'ar' },
    );
    expect((await owner.get(pathOf(linksOf(await nthMail(email, 1))[0]!))).statusCode).toBe(302);

    const reference = await new TestBrowser(app).post(SIGN_UP, {
      name: 'Newcomer',
      email: uniqueEmail('newcomer'),
      password: ATTACKER_PASSWORD,
    });
    const again = await new TestBrowser(app).post(
      SIGN_UP,
      { name: 'Mallory', email, password: ATTACKER_PASSWORD },
      { 'x-winc-language': 'en' },
    );
    expect(answerShape(again)).toEqual(answerShape(reference));

    const ar = translatorFor('ar');
    const notice = await nthMail(email, 2);
    expect(notice.subject).toBe(ar('mail.signUpAttempt.subject'));
    expect(notice.html).toContain('<html lang="ar" dir="rtl">');
    expect(linksOf(notice)).toEqual([`${TEST_ORIGIN}/signin`, `${TEST_ORIGIN}/reset-password`]);
    expect(notice.text).not.toContain(ATTACKER_PASSWORD);

    expect((await signIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('revokes at verification every session the account had before', async () => {
    const email = uniqueEmail('sessions');
    const browser = new TestBrowser(app);
    await browser.post(SIGN_UP, { name: 'Sam', email, password: OWNER_PASSWORD });
    const user = await findUserByEmail(use(), email);
    const earlier = await insertSession(use(), user!.id);

    expect((await browser.get(pathOf(linksOf(await nthMail(email, 1))[0]!))).statusCode).toBe(302);
    const sessions = await sessionIdsOf(use(), user!.id);
    expect(sessions).not.toContain(earlier);
    expect(sessions).toHaveLength(1);
    expect((await browser.get('/api/me')).json().user).toMatchObject({ email });
  });

  it('verifies from a browser that did not choose the pending password without signing in: that password goes, the opener chooses one', async () => {
    const email = uniqueEmail('unasked');
    const attacker = new TestBrowser(app);
    await attacker.post(SIGN_UP, { name: 'Mallory', email, password: ATTACKER_PASSWORD });
    const link = pathOf(linksOf(await nthMail(email, 1))[0]!);
    const pending = await findUserByEmail(use(), email);
    await insertSession(use(), pending!.id);

    // The owner never signed up: the mail they did not ask for is opened in their own browser.
    const owner = new TestBrowser(app);
    const verify = await owner.get(link);
    expect(verify.statusCode).toBe(302);
    const landing = new URL(String(verify.headers.location), TEST_ORIGIN);
    expect(landing.pathname).toBe('/choose-password');
    expect(landing.searchParams.get('next')).toBe('/signin?verified=1');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();
    expect(owner.cookies.has('winc.session_token')).toBe(false);
    expect((await findUserByEmail(use(), email))?.emailVerified).toBeTruthy();
    expect(await sessionIdsOf(use(), pending!.id)).toEqual([]);

    // The password nobody proved is gone, and the attacker's browser gets nothing from the link either.
    expect((await signIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    await attacker.get(link);
    expect(attacker.cookies.has('winc.session_token')).toBe(false);

    // The owner chooses a password (the strength rule counts their address), and is signed in.
    const localPart = email.split('@')[0]!;
    const weak = await owner.post('/api/auth/reset-password', { token, newPassword: localPart });
    expect([weak.statusCode, weak.json().code]).toEqual([400, 'password-too-common']);
    const chosen = await owner.post('/api/auth/reset-password', { token, newPassword: OWNER_PASSWORD });
    expect(chosen.statusCode).toBe(200);
    expect((await owner.get('/api/me')).json().user).toMatchObject({ email, emailVerified: true });

    const reused = await owner.post('/api/auth/reset-password', { token, newPassword: 'another one 3' });
    expect(reused.json().code).toBe('invalid-token');
    expect((await signIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it("gives the account the guest cards of the latest sign-up's browser, not those of the first", async () => {
    const guestBrowser = async () => {
      const browser = new TestBrowser(app);
      await browser.post('/api/guest-session');
      const value = decodeURIComponent(browser.cookies.get('winc_guest')!);
      return { browser, guestId: value.slice(0, value.lastIndexOf('.')) };
    };
    const email = uniqueEmail('cards');
    const attacker = await guestBrowser();
    const attackerCard = await insertCard(use(), { guestSessionId: attacker.guestId });
    await attacker.browser.post(SIGN_UP, { name: 'Mallory', email, password: ATTACKER_PASSWORD });
    const laptop = await guestBrowser();
    const ownerCard = await insertCard(use(), { guestSessionId: laptop.guestId });
    await laptop.browser.post(SIGN_UP, { name: 'Vera', email, password: OWNER_PASSWORD });

    // The mail is read on a phone: the password is chosen there, and the laptop's cards arrive.
    const phone = new TestBrowser(app);
    const verify = await phone.get(pathOf(linksOf(await nthMail(email, 2))[0]!));
    const token = new URL(String(verify.headers.location), TEST_ORIGIN).searchParams.get('token');
    expect(
      (await phone.post('/api/auth/reset-password', { token, newPassword: OWNER_PASSWORD })).statusCode,
    ).toBe(200);
    const user = await findUserByEmail(use(), email);
    expect(await findCard(use(), ownerCard)).toMatchObject({ userId: user!.id, isGuestCard: false });
    expect(await findCard(use(), attackerCard)).toMatchObject({ userId: null, isGuestCard: true });
  });
});
