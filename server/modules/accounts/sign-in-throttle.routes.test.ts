import http from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SIGN_IN_FAILURE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  freshIp,
  signUpAndVerify,
  uniqueEmail,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const MINUTE = 60_000;
const FAILURE_WINDOW = SIGN_IN_FAILURE_LIMITS.perEmail.windowMs;

function expectThrottled(response: LightMyRequestResponse, label = ''): void {
  expect(response.statusCode, label).toBe(429);
  expect(response.json(), label).toMatchObject({ code: 'rate-limited' });
  expect(Number(response.headers['retry-after']), label).toBeGreaterThan(0);
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
    expectThrottled(await signIn(new TestBrowser(app), email, 'one more guess'), 'a new address');
    // Past this threshold the account itself is guarded: the owner waits too, then gets in.
    expectThrottled(await signIn(new TestBrowser(app), email, password), 'the owner');
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
});
