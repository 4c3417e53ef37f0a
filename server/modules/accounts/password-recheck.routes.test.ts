import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD_RECHECK_FAILURE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import { TEST_ORIGIN, TestBrowser, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const WINDOW = PASSWORD_RECHECK_FAILURE_LIMITS.perAccount.windowMs;
const PER_SESSION = PASSWORD_RECHECK_FAILURE_LIMITS.perSession.limit;
const PER_ACCOUNT = PASSWORD_RECHECK_FAILURE_LIMITS.perAccount.limit;

function expectTooManyAttempts(response: LightMyRequestResponse, label = ''): void {
  expect(response.statusCode, label).toBe(429);
  expect(response.json(), label).toMatchObject({ code: 'too-many-password-attempts' });
  expect(Number(response.headers['retry-after']), label).toBeGreaterThan(0);
}

describeEachDatabase(
  're-checking a signed-in user’s password: only failures count, per session and account',
  (use) => {
    let app: FastifyInstance;
    // The rate limiter's clock, pinned to the start of a window so each test's attempts fall in one.
    let clock = new Date(Math.ceil(Date.now() / WINDOW) * WINDOW);
    const nextWindow = () => {
      clock = new Date(clock.getTime() + WINDOW);
    };

    beforeAll(async () => {
      ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN }, now: () => clock }));
    });
    afterAll(() => app?.close());

    const changePassword = (browser: TestBrowser, currentPassword: string, newPassword: string) =>
      browser.post('/api/auth/change-password', { currentPassword, newPassword });

    const signedIn = async (email: string, password: string): Promise<TestBrowser> => {
      const browser = new TestBrowser(app);
      expect((await browser.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
      return browser;
    };

    it('offers no verify-password endpoint to guess against: the app never re-checks a password with it', async () => {
      nextWindow();
      const { browser, password } = await signUpAndVerify(app, use());
      for (const guess of ['wrong guess 1', 'wrong guess 2', password]) {
        const response = await browser.post('/api/auth/verify-password', { password: guess });
        expect(response.statusCode, guess).toBe(404);
        expect(response.json().code).toBe('not-found');
      }
    });

    it('refuses a session that keeps guessing the current password, even the right one, until the window ends', async () => {
      nextWindow();
      const { browser, email, password } = await signUpAndVerify(app, use());
      for (let i = 0; i < PER_SESSION; i++) {
        const wrong = await changePassword(browser, `not it ${i} at all`, 'a new horse battery 9');
        expect(wrong.statusCode, `${i}`).toBe(400);
        expect(wrong.json().code).toBe('wrong-password');
      }
      expectTooManyAttempts(await changePassword(browser, password, 'a new horse battery 9'));
      // Refused means not tried: the password is still the old one.
      await signedIn(email, password);

      nextWindow();
      expect((await changePassword(browser, password, 'a new horse battery 9')).statusCode).toBe(200);
    });

    it('counts the failures of all the account’s sessions together', async () => {
      nextWindow();
      const { email, password } = await signUpAndVerify(app, use());
      let failures = 0;
      while (failures < PER_ACCOUNT) {
        const session = await signedIn(email, password);
        for (let i = 0; i < PER_SESSION && failures < PER_ACCOUNT; i++, failures++) {
          const wrong = await changePassword(session, `guess ${failures} wrong`, 'a new horse battery 9');
          expect(wrong.statusCode, `${failures}`).toBe(400);
        }
      }
      // A fresh session of the same account is refused too, right password or not.
      expectTooManyAttempts(
        await changePassword(await signedIn(email, password), password, 'a new horse battery 9'),
      );
    });

    it('never spends the budget on successes', async () => {
      nextWindow();
      const { browser, password } = await signUpAndVerify(app, use());
      const passwords = [password, 'second horse battery 2'];
      for (let i = 0; i < PER_ACCOUNT + 2; i++) {
        const [from, to] = [passwords[i % 2]!, passwords[(i + 1) % 2]!];
        expect((await changePassword(browser, from, to)).statusCode, `${i}`).toBe(200);
      }
      const current = passwords[(PER_ACCOUNT + 2) % 2]!;
      for (let i = 0; i < PER_SESSION; i++) {
        expect((await changePassword(browser, `typo ${i} here`, 'third horse battery 3')).statusCode).toBe(
          400,
        );
      }
      expectTooManyAttempts(await changePassword(browser, current, 'third horse battery 3'));
    });

    it('does not count what was no guess: a signed-out request, a too-short new password', async () => {
      nextWindow();
      const { browser, password } = await signUpAndVerify(app, use());
      for (let i = 0; i < PER_SESSION + 1; i++) {
        expect(
          (await changePassword(new TestBrowser(app), `guess ${i} wrong`, 'a new horse battery 9'))
            .statusCode,
        ).toBe(401);
        expect((await changePassword(browser, `guess ${i} wrong`, 'short')).statusCode).toBe(400);
      }
      expect((await changePassword(browser, password, 'a new horse battery 9')).statusCode).toBe(200);
    });
  },
);
