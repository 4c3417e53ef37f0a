import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_USER_CREDITS } from '../shared/accounts/accounts.contract.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { firstTemplateId, openCreateEditor, signUpFromShare } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { verificationLink } from './support/mailbox.ts';
import { CARD_UNLOCK_COST } from '../shared/cards/card-rules.ts';

/**
 * The whole path, as people live it: a guest makes a card → preview → Share → Sign Up → the
 * verification mail → checkout with that card → 'Confirm & Spend 30 Credits' → the share modal → Copy Link
 * ('Copied!' for 2 s) → closing goes to My WINCS; then the copied link, opened in a fresh browser with no
 * account, shows the cover and opens the card.
 */

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const balanceOf = async (page: Page) =>
  Number(await page.getByTestId('credit-balance').first().getAttribute('data-credits'));

describe('unlock with credits and share the link', () => {
  const t = localeText('en');

  it(
    'takes a guest card through sign-up and checkout to a link anyone can open',
    { timeout: 180_000 },
    async () => {
      // Mail links name the server http://localhost:PORT: the whole visit uses that host (one cookie jar).
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const context = await contextIn(browser, 'en', {
        viewport: { width: 1280, height: 900 },
        reducedMotion: 'reduce',
      });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const page = await context.newPage();
      try {
        // A guest's card, previewed.
        const editor = await openCreateEditor(page, origin, t);
        await editor.getByRole('textbox', { name: t('editor.senderName'), exact: true }).fill('Ana');
        await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill('Bo');
        await editor
          .getByRole('textbox', { name: t('editor.message'), exact: true })
          .fill('Happy birthday, Bo!');
        await editor.getByRole('button', { name: t('editor.voices.female'), exact: true }).click();
        await editor.getByRole('button', { name: t('editor.next') }).click();
        await page.waitForURL(/\/overview\/[\w-]+$/);
        const cardId = page.url().split('/').pop()!;
        // Left half-way, the guest's card waits on Home, one click from its overview.
        await page.goto(`${origin}/`);
        const waiting = page.getByTestId('latest-draft');
        expect(await waiting.innerText()).toContain(t('myWincs.drafts.waiting', { name: 'Bo' }));
        await waiting.getByRole('link', { name: t('myWincs.drafts.finish') }).click();
        await page.waitForURL(`**/overview/${cardId}`);

        // Share → Sign Up → verify: the verified user lands on checkout with that card.
        const email = await signUpFromShare(page, t, 'share');
        await page.goto(await verificationLink(server.baseUrl, email));
        await page.waitForURL('**/checkout');
        await page.getByRole('heading', { name: t('checkout.title') }).waitFor();
        expect(
          await page.getByTestId('create-flow-steps').locator('[aria-current="step"]').innerText(),
        ).toContain(t('auth.steps.payment'));
        await page.getByTestId('checkout-template-image').waitFor();
        await expect.poll(() => balanceOf(page)).toBe(NEW_USER_CREDITS);

        // No method chosen yet: 'Proceed to Payment'; Pay with Credits shows the balance and the cost.
        const confirm = page.getByTestId('confirm-payment');
        expect(await confirm.innerText()).toBe(t('checkout.proceed'));
        const credits = page.getByTestId('pay-with-credits');
        expect(await credits.innerText()).toContain(
          t('checkout.cost', { credits: String(CARD_UNLOCK_COST) }),
        );
        await credits.click();
        expect(await confirm.innerText()).toBe('Confirm & Spend 30 Credits');
        await confirm.click();

        // Paid: the complete step, the share modal, 70 credits in the header without a reload.
        const share = page.getByRole('dialog', { name: t('share.title') });
        await share.waitFor();
        await expect.poll(() => balanceOf(page)).toBe(NEW_USER_CREDITS - CARD_UNLOCK_COST);
        const link = await share.getByTestId('share-link').inputValue();
        expect(link).toBe(`${origin}/c/${cardId}`);
        await share.getByRole('button', { name: t('share.copyLink') }).click();
        await share.getByRole('button', { name: t('share.copied') }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
        // 'Copied!' shows for 2 seconds, then the button says Copy Link again.
        await share.getByRole('button', { name: t('share.copyLink') }).waitFor({ timeout: 4_000 });

        await share.getByRole('button', { name: t('common.close') }).click();
        await page.waitForURL('**/my-wincs');

        // The copied link in a fresh browser: no account, no cookie — the cover, then the card.
        const recipient = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
        try {
          const phone = await recipient.newPage();
          await phone.goto(link);
          await phone.getByTestId('card-cover').click();
          const opened = phone.getByTestId('card-open');
          await opened.getByTestId('card-message').getByText('Happy birthday, Bo!').waitFor();
          await opened.getByText(t('overview.to', { name: 'Bo' })).waitFor();
        } finally {
          await recipient.close();
        }

        // Account info shows the balance and the ledger: the welcome grant, then the unlock.
        await page.goto(`${origin}/account-info`);
        const history = page.getByTestId('credit-history');
        await history.waitFor();
        expect(
          await history.locator('li').evaluateAll((rows) => rows.map((row) => row.dataset.reason)),
        ).toEqual(['card-unlock', 'signup-grant']);
        expect(await history.locator('li').first().innerText()).toContain(
          t('account.history.reasons.cardUnlock'),
        );
        expect(await page.getByTestId('account-credits').innerText()).toBe(
          String(NEW_USER_CREDITS - CARD_UNLOCK_COST),
        );

        // Paying again for the same card charges nothing.
        const again = await page.evaluate(async (id) => {
          const response = await fetch(`/api/cards/${id}/unlock`, { method: 'POST' });
          return (await response.json()) as { charged: boolean; credits: number };
        }, cardId);
        expect(again).toMatchObject({ charged: false, credits: NEW_USER_CREDITS - CARD_UNLOCK_COST });
      } finally {
        await context.close();
      }
    },
  );

  it(
    'dims Pay with Credits under 30, and leads back to the card after buying credits',
    { timeout: 120_000 },
    async () => {
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      try {
        const email = `poor-${Date.now().toString(36)}@example.com`;
        await page.goto(`${origin}/signup`);
        await page.getByLabel(t('auth.fields.name')).fill('Cy');
        await page.getByLabel(t('auth.fields.email')).fill(email);
        await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('correct horse 42');
        await page.getByRole('button', { name: t('auth.signUp.submit'), exact: true }).click();
        await page.getByTestId('verify-email-notice').waitFor();
        await page.goto(await verificationLink(server.baseUrl, email));
        await page.getByTestId('credit-balance').first().waitFor({ state: 'attached' });
        const db = new Database(join(server.dataDir, 'winc.db'));
        try {
          db.prepare('UPDATE users SET credits = ? WHERE email = ?').run(CARD_UNLOCK_COST - 1, email);
        } finally {
          db.close();
        }
        const cardId = await page.evaluate(
          async (templateId) => {
            const response = await fetch('/api/cards', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                templateId,
                senderName: 'Cy',
                recipientName: 'Di',
                message: 'Thank you!',
                selectedVoice: 'male',
              }),
            });
            return ((await response.json()) as { id: string }).id;
          },
          await firstTemplateId(origin),
        );
        await page.goto(`${origin}/overview/${cardId}`);
        await page.getByRole('button', { name: t('overview.share') }).click();
        await page.waitForURL('**/checkout');
        const credits = page.getByTestId('pay-with-credits');
        await expect.poll(() => credits.isDisabled()).toBe(true);
        await credits.getByText(t('checkout.notEnoughHint')).waitFor();
        expect(await page.getByTestId('confirm-payment').isDisabled()).toBe(true);
        // Buy Packages goes to the plans; after buying, the success modal leads back to this card's checkout
        // (an unpaid card is listed nowhere else).
        await page.getByTestId('buy-packages').click();
        await page.waitForURL('**/pricing');
        const monthly = page.getByRole('radio', { name: t('pricing.cycle.monthly') });
        await monthly.waitFor();
        await monthly.click();
        await page
          .getByTestId('plan-card-plus')
          .getByRole('button', {
            name: t('pricing.actions.buyMonthly', { plan: t('pricing.plans.plus.name') }),
          })
          .click();
        await page.waitForURL((url) => url.pathname.startsWith('/test-checkout/'));
        await page.getByRole('button', { name: t('testCheckout.complete') }).click();
        const success = page.getByRole('dialog', { name: t('pricing.success.testTitle') });
        await success.getByRole('button', { name: t('pricing.success.backToCard') }).click();
        await page.waitForURL('**/checkout');
        await expect.poll(() => credits.isDisabled()).toBe(false);
        await credits.click();
        await page.getByTestId('confirm-payment').click();
        await page.getByRole('dialog', { name: t('share.title') }).waitFor();
        expect(await page.getByTestId('share-link').inputValue()).toBe(`${origin}/c/${cardId}`);
      } finally {
        await context.close();
      }
    },
  );

  it(
    'finishes a sign-up in another browser: the link opened there asks for the password, then checkout with the card',
    { timeout: 180_000 },
    async () => {
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const laptop = await contextIn(browser, 'en', { viewport: { width: 1280, height: 900 } });
      // The mail is read on a phone: another browser, no cookie of the laptop's, another host name.
      const phone = await contextIn(browser, 'en', { viewport: { width: 390, height: 844 }, isMobile: true });
      try {
        const page = await laptop.newPage();
        const editor = await openCreateEditor(page, origin, t);
        await editor.getByRole('textbox', { name: t('editor.senderName'), exact: true }).fill('Ana');
        await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill('Bo');
        await editor.getByRole('textbox', { name: t('editor.message'), exact: true }).fill('For Bo');
        await editor.getByRole('button', { name: t('editor.voices.female'), exact: true }).click();
        await editor.getByRole('button', { name: t('editor.next') }).click();
        await page.waitForURL(/\/overview\/[\w-]+$/);
        const cardId = page.url().split('/').pop()!;
        const email = await signUpFromShare(page, t, 'phone');

        const link = new URL(await verificationLink(server.baseUrl, email));
        const mobile = await phone.newPage();
        await mobile.goto(`${server.baseUrl}${link.pathname}${link.search}`);
        // The phone did not choose the password: the address is verified, and the password is chosen here.
        await mobile.waitForURL('**/choose-password?**');
        await mobile.getByRole('heading', { name: t('auth.choosePassword.title') }).waitFor();
        const password = mobile.getByLabel(t('auth.fields.password'), { exact: true });
        const proceed = mobile.getByRole('button', { name: t('auth.choosePassword.submit') });
        // The address itself is no password.
        await password.fill(email.split('@')[0]!);
        await proceed.click();
        await mobile.getByText(t('errors.password-too-common')).waitFor();
        await password.fill('correct horse 42');
        await proceed.click();
        await mobile.waitForURL('**/checkout');
        await mobile.getByTestId('checkout-template-image').waitFor();
        await mobile.getByTestId('pay-with-credits').click();
        await mobile.getByTestId('confirm-payment').click();
        const share = mobile.getByRole('dialog', { name: t('share.title') });
        expect(await share.getByTestId('share-link').inputValue()).toBe(`${server.baseUrl}/c/${cardId}`);
      } finally {
        await laptop.close();
        await phone.close();
      }
    },
  );
});
