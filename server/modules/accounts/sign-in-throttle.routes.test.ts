import http from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SIGN_IN_FAILURE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findUserByEmail,
  freshIp,
  latestMail,
  pathOf,
  setCookies,
  signUpAndVerify,
  uniqueEmail,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const MINUTE = 60_000;
const FAILURE_WINDOW = SIGN_IN_FAILURE_LIMITS.perEmail.windowMs;
const PER_ADDRESS = SIGN_IN_FAILURE_LIMITS.perEmailAndIp.limit;
const PER_ACCOUNT = SIGN_IN_FAILURE_LIMITS.perEmail.limit;
const DEVICE_COOKIE = 'winc_device';
const SESSION_COOKIE = 'winc.session_token';
const LINK_LANDING = '/signin?link=1';

function expectThrottled(response: LightMyRequestResponse, label = '', code = 'rate-limited'): void {
  expect(response.statusCode, label).toBe(429);
  expect(response.json(), label).toMatchObject({ code });
  expect(Number(response.headers['retry-after']), label).toBeGreaterThan(0);
}

/** Refused by the account's own budget: the sign-in page offers a link by mail. */
function expectLocked(response: LightMyRequestResponse, label = ''): void {
  expectThrottled(response, label, 'account-locked');
}

describeEachDatabase('sign-in throttling: strangers slow only themselves', (use) => {
  let app: FastifyInstance;
  // The rate limiter's clock, pinned to the start of a failure window so each test's burst falls in one.
  let clock = new Date(Math.ceil(Date.now() / FAILURE_WINDOW) * FAILURE_WINDOW);
  /** Moves to the start of the next failure window: every test begins with fresh counters. */
  const nextWindow = () => {
    clock = new Date(clock.getTime() + FAILURE_WINDOW);
  };

  beforeAll(async () => {
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN }, now: () => clock }));
  });
  afterAll(() => app?.close());

  const signIn = (browser: TestBrowser, email: string, password: string, url = '/api/auth/sign-in/email') =>
    browser.post(url, { email, password });

  /** Wrong passwords for one account from `addresses` fresh addresses, `perAddress` each: their statuses. */
  const guessFromManyAddresses = async (email: string, addresses: number, perAddress = PER_ADDRESS) => {
    const statuses: number[] = [];
    for (let a = 0; a < addresses; a++) {
      const browser = new TestBrowser(app);
      for (let i = 0; i < perAddress; i++) {
        statuses.push((await signIn(browser, email, `botnet ${a}-${i} guess`)).statusCode);
      }
    }
    return statuses;
  };

  /** A browser at a fresh address holding only the known-device cookie of `device`. */
  const sameDeviceElsewhere = (device: TestBrowser): TestBrowser => {
    const browser = new TestBrowser(app);
    const cookie = device.cookies.get(DEVICE_COOKIE);
    if (cookie) browser.cookies.set(DEVICE_COOKIE, cookie);
    return browser;
  };

  const askForLink = (browser: TestBrowser, email: string, language?: string) =>
    browser.post(
      '/api/auth/sign-in/magic-link',
      { email, callbackURL: LINK_LANDING, errorCallbackURL: LINK_LANDING },
      language ? { 'x-winc-language': language } : undefined,
    );

  it('throttles a stranger after 5 wrong passwords while the owner, from another address, signs in', async () => {
    nextWindow();
    const { email, password } = await signUpAndVerify(app, use());
    const stranger = new TestBrowser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(stranger, email, `guess ${i} wrong`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expectThrottled(await signIn(stranger, email.toUpperCase(), 'guess again wrong'));
    // Throttled means not tried: even the right password tells the stranger nothing.
    expectThrottled(await signIn(stranger, email, password));

    const owner = new TestBrowser(app);
    const ownSignIn = await signIn(owner, email, password);
    expect(ownSignIn.statusCode).toBe(200);
    expect((await owner.get('/api/me')).json().user.email).toBe(email);
    // The owner's own typo still gets the usual answer, not a lock-out.
    expect((await signIn(new TestBrowser(app), email, 'owner typo 1')).statusCode).toBe(401);

    // The stranger's budget comes back with the next window.
    nextWindow();
    expect((await signIn(stranger, email, 'guess 7 wrong')).statusCode).toBe(401);
  });

  it('counts only failures: signing in successfully again and again is never throttled', async () => {
    nextWindow();
    const { email, password } = await signUpAndVerify(app, use());
    const browser = new TestBrowser(app);
    for (let i = 0; i < 8; i++) expect((await signIn(browser, email, password)).statusCode, `${i}`).toBe(200);
    // Past the per-minute request limit, not the failure window.
    clock = new Date(clock.getTime() + MINUTE);
    for (let i = 0; i < 5; i++) expect((await signIn(browser, email, `typo ${i} xyz`)).statusCode).toBe(401);
    expectThrottled(await signIn(browser, email, password));
  });

  it('counts concurrent guesses exactly: no more than 5 are tried', async () => {
    nextWindow();
    const { email } = await signUpAndVerify(app, use());
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(new TestBrowser(app, ip), email, `parallel ${i} guess`)),
    );
    const statuses = results.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('throttles one address guessing many accounts', async () => {
    nextWindow();
    const sprayer = new TestBrowser(app);
    const { limit } = SIGN_IN_FAILURE_LIMITS.perIp;
    for (let i = 0; i < limit; i++) {
      // Stay under the per-minute request limit: this is about failures over the longer window.
      if (i > 0 && i % 10 === 0) clock = new Date(clock.getTime() + MINUTE);
      expect((await signIn(sprayer, uniqueEmail('spray'), 'whatever123')).statusCode, `${i}`).toBe(401);
    }
    clock = new Date(clock.getTime() + MINUTE);
    expectThrottled(await signIn(sprayer, uniqueEmail('spray'), 'whatever123'));
    // Another address is not affected.
    expect((await signIn(new TestBrowser(app), uniqueEmail('spray'), 'whatever123')).statusCode).toBe(401);
  });

  it('throttles many addresses guessing one account together, past the per-account threshold', async () => {
    nextWindow();
    const { email, password } = await signUpAndVerify(app, use());
    const { limit } = SIGN_IN_FAILURE_LIMITS.perEmail;
    const perAddress = SIGN_IN_FAILURE_LIMITS.perEmailAndIp.limit;
    const addresses = Array.from({ length: Math.ceil(limit / perAddress) }, () => freshIp());
    let failures = 0;
    for (const ip of addresses) {
      const browser = new TestBrowser(app, ip);
      for (let i = 0; i < perAddress && failures < limit; i++, failures++) {
        expect((await signIn(browser, email, `botnet ${failures} guess`)).statusCode, `${failures}`).toBe(
          401,
        );
      }
    }
    expectLocked(await signIn(new TestBrowser(app), email, 'one more guess'), 'a new address');
    // Past this threshold the account itself is guarded: the owner on a new device waits too, then gets in.
    expectLocked(await signIn(new TestBrowser(app), email, password), 'the owner');
    nextWindow();
    expect((await signIn(new TestBrowser(app), email, password)).statusCode).toBe(200);
  });

  it('cannot be bypassed with a path better-auth normalises to sign-in', async () => {
    nextWindow();
    const { email } = await signUpAndVerify(app, use());
    // Over a real socket: app.inject would normalise the dot segments before our handler saw them.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const post = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email, password: 'path trick guess' });
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    const statuses: number[] = [];
    for (const path of [
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/sign-in/./email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/sign-in/email?x=1',
      '/api/auth/sign-in/x/../email',
    ]) {
      statuses.push(await post(path));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("lets the owner's known device through a lock made from many addresses, and only into its own account", async () => {
    nextWindow();
    // The owner signed in on this device once (the verification link did).
    const { browser: device, email, password } = await signUpAndVerify(app, use());
    const cookie = setCookies(await signIn(device, email, password)).get(DEVICE_COOKIE);
    expect(cookie?.raw).toMatch(/HttpOnly/i);
    expect(cookie?.raw).toMatch(/SameSite=Lax/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie?.raw ?? '')?.[1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);

    const statuses = await guessFromManyAddresses(email, 11);
    expect(statuses.slice(0, PER_ACCOUNT)).toEqual(Array(PER_ACCOUNT).fill(401));
    expect(statuses.slice(PER_ACCOUNT)).toEqual(Array(55 - PER_ACCOUNT).fill(429));

    // From a twelfth address: a browser that never signed in is told the account is locked…
    expectLocked(await signIn(new TestBrowser(app), email, password), 'a new device');
    // …the owner's device gets in.
    const owner = sameDeviceElsewhere(device);
    expect((await signIn(owner, email, password)).statusCode).toBe(200);
    expect((await owner.get('/api/me')).json().user.email).toBe(email);

    // A device cookie vouches for its own account only, and a forged one for none.
    const { browser: otherDevice } = await signUpAndVerify(app, use());
    expectLocked(await signIn(sameDeviceElsewhere(otherDevice), email, password), "another account's device");
    const forged = new TestBrowser(app);
    forged.cookies.set(DEVICE_COOKIE, `${device.cookies.get(DEVICE_COOKIE)!.slice(0, -4)}AAAA`);
    expectLocked(await signIn(forged, email, password), 'a forged cookie');
  });

  it("does not spend the account's budget on its known device, which the per-address limit still guards", async () => {
    nextWindow();
    const { browser: device, email, password } = await signUpAndVerify(app, use());
    const statuses = [
      ...(await guessFromManyAddresses(email, PER_ACCOUNT / PER_ADDRESS - 1)),
      ...(await guessFromManyAddresses(email, 1, PER_ADDRESS - 1)),
    ];
    expect(statuses).toEqual(Array(PER_ACCOUNT - 1).fill(401));
    const owner = sameDeviceElsewhere(device);
    for (let i = 0; i < 3; i++) expect((await signIn(owner, email, `owner typo ${i}`)).statusCode).toBe(401);
    // The account's last failure is still a stranger's to make.
    expect((await signIn(new TestBrowser(app), email, 'last stranger guess')).statusCode).toBe(401);
    expectLocked(await signIn(new TestBrowser(app), email, 'one guess too many'));
    expect((await signIn(owner, email, password)).statusCode).toBe(200);

    // The device's own address has its usual five tries.
    nextWindow();
    const typing = sameDeviceElsewhere(device);
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await signIn(typing, email, `typo ${i}`)).statusCode).toBe(401);
    expectThrottled(await signIn(typing, email, password));
  });

  it('signs a locked account in with a one-time link mailed to it, once only, and knows the device after', async () => {
    nextWindow();
    const { email, password } = await signUpAndVerify(app, use());
    await guessFromManyAddresses(email, 11);
    const owner = new TestBrowser(app);
    expectLocked(await signIn(owner, email, password));

    const asked = await askForLink(owner, email, 'ar');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: true });
    const mail = await latestMail(use(), email, 'sign-in-link');
    expect(mail?.language).toBe('ar');
    expect(mail?.link.startsWith(`${TEST_ORIGIN}/api/auth/magic-link/verify?`)).toBe(true);

    const landed = await owner.get(pathOf(mail!.link));
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe(`${TEST_ORIGIN}${LINK_LANDING}`);
    expect((await owner.get('/api/me')).json().user.email).toBe(email);

    // Once only: the same link opened again, anywhere, signs nobody in.
    for (const browser of [new TestBrowser(app), owner]) {
      const again = await browser.get(pathOf(mail!.link));
      expect(again.statusCode).toBe(302);
      expect(again.headers.location).toMatch(/^http:\/\/localhost:3000\/signin\?link=1&error=/);
    }
    const stranger = new TestBrowser(app);
    await stranger.get(pathOf(mail!.link));
    expect(stranger.cookies.has(SESSION_COOKIE)).toBe(false);

    // The link was this device's first success: its password now gets past the lock too.
    await owner.post('/api/auth/sign-out', {});
    expect((await signIn(owner, email, password)).statusCode).toBe(200);
  });

  it('refuses an expired link; links live a few minutes', async () => {
    nextWindow();
    const { email } = await signUpAndVerify(app, use());
    const browser = new TestBrowser(app);
    const askedAt = Date.now();
    expect((await askForLink(browser, email)).statusCode).toBe(200);
    const mail = await latestMail(use(), email, 'sign-in-link');
    const { db, codec } = use().database;
    // better-auth's own table (not in our query types). The stored token is a hash of the mailed one: the
    // row is found by the address it is for.
    const { rows } = await sql<{ identifier: string; expiresAt: unknown }>`
      select identifier, expires_at from verifications
      where identifier like 'magic-link:%' and value like ${`%${email}%`}`.execute(db);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.identifier).not.toContain(new URL(mail!.link).searchParams.get('token'));
    const lifetime = codec.readDate(row.expiresAt).getTime() - askedAt;
    expect(lifetime).toBeGreaterThan(5 * MINUTE);
    expect(lifetime).toBeLessThanOrEqual(15 * MINUTE + 5_000);

    const past = codec.date(new Date(Date.now() - 1_000));
    await sql`update verifications set expires_at = ${past} where identifier = ${row.identifier}`.execute(db);
    const landed = await browser.get(pathOf(mail!.link));
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toMatch(/[?&]error=/);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('mails no link to an unknown or unverified address, answers alike, and creates or verifies nothing', async () => {
    nextWindow();
    const { email: known } = await signUpAndVerify(app, use());
    const unknown = uniqueEmail('nobody');
    const unverified = uniqueEmail('unverified');
    const signUp = await new TestBrowser(app).post('/api/auth/sign-up/email', {
      name: 'Not Yet',
      email: unverified,
      password: 'correct horse battery',
    });
    expect(signUp.statusCode).toBe(200);

    const answers = [];
    for (const email of [known, unknown, unverified]) {
      const response = await askForLink(new TestBrowser(app), email);
      answers.push([response.statusCode, response.json()]);
    }
    expect(answers).toEqual(Array(3).fill([200, { status: true }]));
    expect(await latestMail(use(), known, 'sign-in-link')).toBeDefined();
    expect(await latestMail(use(), unknown, 'sign-in-link')).toBeUndefined();
    expect(await latestMail(use(), unverified, 'sign-in-link')).toBeUndefined();
    expect(await findUserByEmail(use(), unknown)).toBeUndefined();
    expect((await findUserByEmail(use(), unverified))?.emailVerified).toBeFalsy();
  });

  it('limits link mails per address and per client address', async () => {
    nextWindow();
    const { email } = await signUpAndVerify(app, use());
    const perAddress = [];
    for (let i = 0; i < 4; i++) perAddress.push((await askForLink(new TestBrowser(app), email)).statusCode);
    expect(perAddress).toEqual([200, 200, 200, 429]);

    const sprayer = new TestBrowser(app);
    const perIp = [];
    for (let i = 0; i < 11; i++) perIp.push((await askForLink(sprayer, uniqueEmail('spray'))).statusCode);
    expect(perIp).toEqual([...Array(10).fill(200), 429]);
  });
});
