import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NEW_USER_CREDITS,
  RECENT_SIGN_IN_MS,
  SIGN_IN_LINK_LIFETIME_MINUTES,
} from '../shared/accounts/accounts.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { SIGN_IN_FAILURE_LIMITS } from '../server/platform/auth/auth-rate-limits.ts';
import { withinOneRateWindow } from '../server/testing/accounts-fixture.ts';
import { freePort } from '../server/testing/postgres.ts';
import { startAppServer } from './support/app-server.ts';
import type { AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { text } from './support/locale-text.ts';
import { linkIn, openVerificationLink, waitForMail } from './support/mailbox.ts';
import { waitForTakeOver } from './support/open-page.ts';
import { ltrIsolate } from '../web/lib/ltr-isolate.ts';

/**
 * The account flows in the browser, against the real server: sign-up → verification mail → verified and signed in with
 * 100 credits; an unverified sign-in refused; password reset end to end; a protected page when signed out;
 * the header balance following a change made straight in the database (as another instance would); deleting
 * the account with its password; an account locked by many addresses signing in with a mailed link; the
 * sign-up in Arabic; and Google through a local OpenID Connect provider (oauth2-mock-server), popup included,
 * down to deleting a Google account after signing in again.
 * Mail is read from the local mailbox (no SMTP configured). Texts come from the locale files.
 */

const DESKTOP = { width: 1280, height: 860 };
const PASSWORD = 'correct horse 42';

const en = (key: string, values?: Record<string, string | number>) => text('en', key, values);

let server: AppServer;
let browser: Browser;
let oidc: OAuth2Server;
let serial = 0;

function uniqueEmail(tag: string): string {
  serial += 1;
  return `${tag}-${Date.now().toString(36)}-${serial}@example.com`;
}

async function newContext(language: Language = 'en', viewport = DESKTOP): Promise<BrowserContext> {
  const context = await contextIn(browser, language, {
    viewport,
    locale: language === 'ar' ? 'ar' : 'en-US',
  });
  return context;
}

/** The visible header balance (the bar has one for wide and one for narrow screens). */
function headerBalance(page: Page) {
  return page.locator('header [data-testid="credit-balance"]:visible');
}

async function expectBalance(page: Page, credits: number): Promise<void> {
  await headerBalance(page)
    .and(page.locator(`[data-credits="${credits}"]`))
    .waitFor();
}

/**
 * Waits until the home page has really rendered, not just until the URL says '/': lazy routes commit in a
 * React transition, and a click on the header before that lands on the page being left.
 */
async function arriveHome(page: Page, language: Language = 'en'): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1, name: text(language, 'home.heroTitle') }).waitFor();
}

/**
 * A mail's link on the host the pages here are opened at: the mail names the server's own origin
 * (localhost), and the sign-up's cookie lives with the host that signed up.
 */
function onPageHost(link: string): string {
  const url = new URL(link);
  return `${server.baseUrl}${url.pathname}${url.search}`;
}

/** Signs up through the form and returns once the verify-your-email message shows. */
async function signUpInBrowser(page: Page, language: Language, name: string, email: string): Promise<void> {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  await page.goto(`${server.baseUrl}/signup`);
  await page.getByRole('heading', { name: t('auth.signUp.title') }).waitFor();
  await page.getByLabel(t('auth.fields.name')).fill(name);
  await page.getByLabel(t('auth.fields.email')).fill(email);
  await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('auth.signUp.submit'), exact: true }).click();
  const notice = page.getByTestId('verify-email-notice');
  await notice.waitFor();
  expect(await notice.innerText()).toContain(t('auth.verify.sentTo', { email }));
}

/** A verified account made through the API and its mail, for the flows that start signed out. */
async function createVerifiedUser(name: string): Promise<string> {
  const email = uniqueEmail('user');
  const startedAt = Date.now() - 1_000;
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const mail = await waitForMail(server.baseUrl, email, 'verify-email', startedAt);
  const verify = await openVerificationLink(linkIn(mail, '/verify-email'), response);
  expect([200, 302]).toContain(verify.status);
  return email;
}

async function signInInBrowser(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${server.baseUrl}/signin`);
  await page.getByLabel(en('auth.fields.email')).fill(email);
  await page.getByLabel(en('auth.fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: en('auth.signIn.submit'), exact: true }).click();
}

beforeAll(async () => {
  // A local OpenID Connect provider stands in for Google (DESIGN §3: third parties run locally in tests).
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(await freePort(), '127.0.0.1');
  server = await startAppServer({
    env: {
      GOOGLE_CLIENT_ID: 'winc-e2e-client',
      GOOGLE_CLIENT_SECRET: 'winc-e2e-secret',
      GOOGLE_ISSUER_URL: oidc.issuer.url ?? undefined,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await oidc?.stop();
});

/** Runs SQL on the server's SQLite file, as another instance sharing the database would. */
function withDatabase(run: (db: Database.Database) => void): void {
  const db = new Database(join(server.dataDir, 'winc.db'));
  try {
    run(db);
  } finally {
    db.close();
  }
}

describe('accounts in the browser', () => {
  // The flows sign up more accounts from one address than the per-IP limit allows in an hour; each flow
  // starts with fresh counters (the limits have their own route tests).
  beforeEach(() => withDatabase((db) => db.prepare('DELETE FROM rate_limit_windows').run()));

  it('signs up, verifies from the mail, lands signed in with 100 credits, and signs in again', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const email = uniqueEmail('new');
    const startedAt = Date.now() - 1_000;

    // Missing fields and a short password are refused on the form.
    await page.goto(`${server.baseUrl}/signup`);
    await page.getByRole('button', { name: en('auth.signUp.submit'), exact: true }).click();
    await page.getByText(en('auth.fillAllFields')).waitFor();
    await page.getByLabel(en('auth.fields.name')).fill('Ada Lovelace');
    await page.getByLabel(en('auth.fields.email')).fill('ada@');
    await page.getByLabel(en('auth.fields.password'), { exact: true }).fill('short');
    await page.getByRole('button', { name: en('auth.signUp.submit'), exact: true }).click();
    await page.getByText(en('auth.invalidEmail')).waitFor();
    await page.getByText(en('auth.passwordTooShort', { min: '8' })).waitFor();

    await signUpInBrowser(page, 'en', 'Ada Lovelace', email);
    // Still signed out until verified.
    await page
      .getByRole('link', { name: en('header.login') })
      .first()
      .waitFor();

    const mail = await waitForMail(server.baseUrl, email, 'verify-email', startedAt);
    await page.goto(onPageHost(linkIn(mail, '/verify-email')));
    // The link signs the new account in; the sign-in page then carries on home.
    await arriveHome(page);
    await expectBalance(page, NEW_USER_CREDITS);

    // The user menu lists the balance and the account pages; Logout returns home signed out.
    await page.getByTestId('user-menu-button').click();
    const menu = page.getByTestId('user-menu');
    expect(await menu.getByTestId('user-menu-credits').innerText()).toBe(String(NEW_USER_CREDITS));
    for (const key of ['session.profile', 'session.myWincs', 'session.help'])
      await menu.getByRole('link', { name: en(key) }).waitFor();
    await menu.getByRole('button', { name: en('session.logout') }).click();
    await page
      .getByRole('link', { name: en('header.login') })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // A wrong password, then the right one.
    await signInInBrowser(page, email, 'not the password');
    await page.getByText(en('errors.invalid-credential')).waitFor();
    await signInInBrowser(page, email);
    await page.getByText(en('auth.signedIn')).waitFor();
    await expectBalance(page, NEW_USER_CREDITS);
    await context.close();
  });

  it('refuses an unverified sign-in with the message and can resend the mail', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const email = uniqueEmail('unverified');
    await signUpInBrowser(page, 'en', 'Grace Hopper', email);

    await signInInBrowser(page, email);
    await page.getByText(en('auth.verifyBeforeSignIn')).waitFor();
    expect(await page.locator('header [data-testid="credit-balance"]').count()).toBe(0);
    const resentAfter = Date.now() - 500;
    await page.getByRole('button', { name: en('auth.resendVerification') }).click();
    await page.getByText(en('auth.verificationResent')).waitFor();
    await waitForMail(server.baseUrl, email, 'verify-email', resentAfter);
    await context.close();
  });

  it('resets a forgotten password from the mail and signs in with the new one', async () => {
    const email = await createVerifiedUser('Katherine Johnson');
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/signin`);
    await page.getByRole('link', { name: en('auth.signIn.forgotPassword') }).click();
    await page.getByRole('heading', { name: en('auth.reset.title') }).waitFor();
    const startedAt = Date.now() - 1_000;
    await page.getByLabel(en('auth.fields.email')).fill(email);
    await page.getByRole('button', { name: en('auth.reset.submit') }).click();
    await page.getByText(en('auth.reset.sent')).waitFor();

    // An unknown address gets the same answer (no account enumeration).
    await page.getByRole('button', { name: en('auth.reset.sendAgain') }).click();
    await page.getByLabel(en('auth.fields.email')).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: en('auth.reset.submit') }).click();
    await page.getByText(en('auth.reset.sent')).waitFor();

    const mail = await waitForMail(server.baseUrl, email, 'reset-password', startedAt);
    const link = linkIn(mail, 'token=');
    await page.goto(link);
    await page.getByRole('heading', { name: en('auth.reset.newTitle') }).waitFor();
    const newPassword = 'a brand new secret 7';
    await page.getByLabel(en('auth.fields.newPassword'), { exact: true }).fill(newPassword);
    await page.getByLabel(en('auth.fields.confirmPassword'), { exact: true }).fill('something else');
    await page.getByRole('button', { name: en('auth.reset.save') }).click();
    await page.getByText(en('auth.reset.mismatch')).waitFor();
    await page.getByLabel(en('auth.fields.confirmPassword'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: en('auth.reset.save') }).click();
    await page.waitForURL((url) => url.pathname === '/signin' && !url.search.includes('token'));
    await page.getByText(en('auth.reset.done')).waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByRole('button', { name: en('auth.reset.save') }).waitFor();
    await page.getByLabel(en('auth.fields.newPassword'), { exact: true }).fill('yet another one 9');
    await page.getByLabel(en('auth.fields.confirmPassword'), { exact: true }).fill('yet another one 9');
    await page.getByRole('button', { name: en('auth.reset.save') }).click();
    await page.getByText(en('auth.reset.invalidLink')).waitFor();

    await signInInBrowser(page, email, newPassword);
    await expectBalance(page, NEW_USER_CREDITS);
    await context.close();
  });

  it('sends a signed-out visit of /profile to /signin, and back to /profile after signing in', async () => {
    const email = await createVerifiedUser('Hedy Lamarr');
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/profile`);
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByLabel(en('auth.fields.email')).fill(email);
    await page.getByLabel(en('auth.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: en('auth.signIn.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('link', { name: en('profile.accountInfo') }).waitFor();
    await context.close();
  });

  it('updates the header balance without a reload when the credits change in the database', async () => {
    const email = await createVerifiedUser('Alan Turing');
    const context = await newContext();
    const page = await context.newPage();
    await signInInBrowser(page, email);
    await arriveHome(page);
    await expectBalance(page, NEW_USER_CREDITS);

    // Another instance (or tab, or device) changed the balance: only the database knows.
    withDatabase((db) => db.prepare('UPDATE users SET credits = ? WHERE email = ?').run(250, email));
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await expectBalance(page, 250);
    expect(navigations).toEqual([]);
    await context.close();
  });

  it('edits the account (name and photo) and deletes it after confirming with the password', async () => {
    const email = await createVerifiedUser('Account Holder');
    const context = await newContext();
    const page = await context.newPage();
    await signInInBrowser(page, email);
    await expectBalance(page, NEW_USER_CREDITS);
    const me = () =>
      page.evaluate(
        async () => (await (await fetch('/api/me')).json()) as { user: Record<string, unknown> | null },
      );

    await page.goto(`${server.baseUrl}/account-info`);
    await page.getByRole('heading', { name: en('account.title') }).waitFor();
    await page.getByLabel(en('account.name')).fill('Renamed Holder');
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7b2d6e' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('button', { name: en('account.save'), exact: true }).click();
    await page.getByText(en('account.updated')).waitFor();
    const updated = (await me()).user!;
    expect(updated.name).toBe('Renamed Holder');
    expect(String(updated.image)).toMatch(/^\/media\/avatars\//);

    await page.getByRole('button', { name: en('account.delete'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: en('account.deleteTitle') });
    await dialog.getByText(en('account.deleteConfirm')).waitFor();
    const password = dialog.getByLabel(en('account.deletePassword'), { exact: true });
    // A session alone does not delete the account: the password is asked for, and a wrong one is refused.
    await dialog.getByRole('button', { name: en('account.deleteConfirmAction'), exact: true }).click();
    await dialog.getByText(en('auth.fields.required')).waitFor();
    await password.fill('not my password');
    await dialog.getByRole('button', { name: en('account.deleteConfirmAction'), exact: true }).click();
    await dialog.getByText(en('errors.wrong-password')).waitFor();
    expect((await me()).user).not.toBeNull();
    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: en('account.deleteConfirmAction'), exact: true }).click();
    await arriveHome(page);
    await page
      .getByRole('link', { name: en('header.login') })
      .first()
      .waitFor();
    expect((await me()).user).toBeNull();
    await context.close();
  });

  it('offers a locked account a sign-in link by mail, which signs it in once', async () => {
    const email = await createVerifiedUser('Locked Owner');
    // Many addresses' wrong guesses spent the account's budget (the route tests make them one by one).
    const window = SIGN_IN_FAILURE_LIMITS.perEmail.windowMs;
    await withinOneRateWindow(window, 60_000);
    const windowStart = Math.floor(Date.now() / window) * window;
    withDatabase((db) =>
      db
        .prepare('INSERT INTO rate_limit_windows (key, window_start, hits, expires_at) VALUES (?, ?, ?, ?)')
        .run(
          `auth:sign-in-failures:email:${email}`,
          windowStart,
          SIGN_IN_FAILURE_LIMITS.perEmail.limit,
          new Date(windowStart + window).toISOString(),
        ),
    );
    const context = await newContext();
    const page = await context.newPage();
    await signInInBrowser(page, email);
    await page.getByText(en('errors.account-locked')).waitFor();
    const askedAt = Date.now() - 500;
    await page.getByRole('button', { name: en('auth.signInLink.send') }).click();
    await page
      .getByText(
        en('auth.signInLink.sent', { email: ltrIsolate(email), minutes: SIGN_IN_LINK_LIFETIME_MINUTES }),
      )
      .waitFor();

    const link = linkIn(
      await waitForMail(server.baseUrl, email, 'sign-in-link', askedAt),
      '/magic-link/verify',
    );
    await page.goto(link);
    await arriveHome(page);
    await expectBalance(page, NEW_USER_CREDITS);

    // The link works once: opened again elsewhere, it lands on the sign-in page saying so.
    const elsewhere = await (await newContext()).newPage();
    await elsewhere.goto(link);
    await elsewhere.getByText(en('auth.signInLink.invalid')).waitFor();
    await context.close();
    await elsewhere.context().close();
  });

  it('signs up in Arabic, right to left', async () => {
    const context = await newContext('ar');
    const page = await context.newPage();
    const email = uniqueEmail('arabic');
    const startedAt = Date.now() - 1_000;
    await signUpInBrowser(page, 'ar', 'ليلى', email);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    const mail = await waitForMail(server.baseUrl, email, 'verify-email', startedAt);
    expect(mail.language).toBe('ar');
    await page.goto(onPageHost(linkIn(mail, '/verify-email')));
    await arriveHome(page, 'ar');
    await expectBalance(page, NEW_USER_CREDITS);
    await page.getByText(text('ar', 'auth.signedIn')).waitFor();
    await context.close();
  });

  it('signs in with Google through the local OpenID provider, in a popup', async () => {
    const email = uniqueEmail('google');
    oidc.service.on('beforeTokenSigning', (token) => {
      token.payload.email = email;
      token.payload.email_verified = true;
      token.payload.name = 'Margaret Hamilton';
    });
    oidc.service.on('beforeUserinfo', (userInfo) => {
      userInfo.body = { sub: email, email, email_verified: true, name: 'Margaret Hamilton' };
    });
    try {
      const context = await newContext();
      const page = await context.newPage();
      // Without PUBLIC_ORIGIN the server names itself http://localhost:PORT in the OAuth redirect URI; the
      // browser must use that host so the sign-in state cookie travels with Google's answer.
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      await page.goto(`${origin}/signin`);
      // The server's page answers a click once the app has taken it over.
      await waitForTakeOver(page);
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: en('auth.google') }).click();
      // The provider answers at once (no consent screen); the popup reports back and closes itself.
      const opened = await popup;
      await opened.waitForEvent('close', { timeout: 20_000 });
      await arriveHome(page);
      await expectBalance(page, NEW_USER_CREDITS);
      await page.getByTestId('user-menu-button').click();
      expect(await page.getByTestId('user-menu').innerText()).toContain('Margaret Hamilton');
      await context.close();
    } finally {
      oidc.service.removeAllListeners('beforeTokenSigning');
      oidc.service.removeAllListeners('beforeUserinfo');
    }
  });

  it('deletes a Google account (no password) only after a recent sign-in, signing in again when needed', async () => {
    const email = uniqueEmail('google-delete');
    oidc.service.on('beforeTokenSigning', (token) => {
      // A subject of its own: the provider's default one is the account of the test before.
      token.payload.sub = email;
      token.payload.email = email;
      token.payload.email_verified = true;
      token.payload.name = 'Grace Google';
    });
    oidc.service.on('beforeUserinfo', (userInfo) => {
      userInfo.body = { sub: email, email, email_verified: true, name: 'Grace Google' };
    });
    try {
      const context = await newContext();
      const page = await context.newPage();
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const signInWithGoogle = async () => {
        await page.getByRole('heading', { name: en('auth.signIn.title') }).waitFor();
        await waitForTakeOver(page);
        const popup = context.waitForEvent('page');
        await page.getByRole('button', { name: en('auth.google') }).click();
        await (await popup).waitForEvent('close', { timeout: 20_000 });
      };
      await page.goto(`${origin}/signin`);
      await signInWithGoogle();
      await arriveHome(page);

      // The sign-in was long ago: the dialog asks for a new one instead of a password the account lacks.
      withDatabase((db) =>
        db
          .prepare(
            'UPDATE sessions SET created_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
          )
          .run(new Date(Date.now() - 2 * RECENT_SIGN_IN_MS).toISOString(), email),
      );
      await page.goto(`${origin}/account-info`);
      await page.getByRole('heading', { name: en('account.title') }).waitFor();
      await page.getByRole('button', { name: en('account.delete'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: en('account.deleteTitle') });
      await dialog
        .getByText(en('account.deleteSignInAgain', { minutes: RECENT_SIGN_IN_MS / 60_000 }))
        .waitFor();
      expect(await dialog.getByLabel(en('account.deletePassword'), { exact: true }).count()).toBe(0);
      expect(
        await dialog
          .getByRole('button', { name: en('account.deleteConfirmAction'), exact: true })
          .isDisabled(),
      ).toBe(true);
      await dialog.getByRole('button', { name: en('account.signInAgain') }).click();

      // Signed out, signed in again with Google, and back on the account page.
      await page.waitForURL((url) => url.pathname === '/signin');
      await signInWithGoogle();
      await page.waitForURL((url) => url.pathname === '/account-info');
      await page.getByRole('heading', { name: en('account.title') }).waitFor();
      await page.getByRole('button', { name: en('account.delete'), exact: true }).click();
      await dialog.getByRole('button', { name: en('account.deleteConfirmAction'), exact: true }).click();
      await arriveHome(page);
      let remaining = -1;
      withDatabase((db) => {
        remaining = (
          db.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').get(email) as { n: number }
        ).n;
      });
      expect(remaining).toBe(0);
      await context.close();
    } finally {
      oidc.service.removeAllListeners('beforeTokenSigning');
      oidc.service.removeAllListeners('beforeUserinfo');
    }
  });
});
