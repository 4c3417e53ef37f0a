import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_USER_CREDITS } from '../shared/accounts/accounts.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { mailboxListSchema, mailboxMailSchema } from '../shared/mailbox/mailbox.contract.ts';
import { PLANS } from '../shared/payments/plans.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { openVerificationLink } from './support/mailbox.ts';
import { localeText } from './support/locale-text.ts';
import { mailboxApi, paymentsApi } from '../shared/api-paths.ts';

/**
 * The pricing flow against the real server without Stripe (so in test mode): the plans and the
 * Monthly / Bulk Packs switch, Buy while signed out → /signin → back to /pricing, a failed checkout's
 * 'Error: …', Buy → the labelled test checkout → Complete → the success modal with the query cleared, the
 * header balance 100 + 6600 live without a reload, and the bought plan marked current.
 */

const PASSWORD = 'correct horse 42';
const DESKTOP = { width: 1280, height: 860 };
const en = localeText('en');

const plusBulk = PLANS.find((plan) => plan.tierId === 'plus')!.offers.bulk!;

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newContext(language: Language = 'en', viewport = DESKTOP): Promise<BrowserContext> {
  const context = await contextIn(browser, language, {
    viewport,
    locale: language === 'ar' ? 'ar' : 'en-US',
  });
  return context;
}

/** A verified account made through the API and the local mailbox. */
async function createVerifiedUser(name: string): Promise<string> {
  const email = `pricing-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const list = mailboxListSchema.parse(await (await fetch(`${server.baseUrl}${mailboxApi.list}`)).json());
    const entry = list.mails.find((mail) => mail.to === email && mail.kind === 'verify-email');
    if (entry) {
      const mail = mailboxMailSchema.parse(
        await (await fetch(`${server.baseUrl}${mailboxApi.mail(entry.id)}`)).json(),
      );
      const link = mail.links.find((candidate) => candidate.includes('/verify-email'));
      if (!link) throw new Error('The verification mail has no link');
      const verify = await openVerificationLink(link, response);
      expect([200, 302]).toContain(verify.status);
      return email;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No verification mail to ${email}`);
}

async function expectBalance(page: Page, credits: number): Promise<void> {
  await page
    .locator('header [data-testid="credit-balance"]:visible')
    .and(page.locator(`[data-credits="${credits}"]`))
    .waitFor({ timeout: 10_000 });
}

const planCard = (page: Page, planId: string) => page.getByTestId(`plan-card-${planId}`);

/** Waits until the switch and the cards show a cycle (the router commits the change in a transition). */
async function showsCycle(page: Page, cycle: 'monthly' | 'bulk'): Promise<void> {
  await page.getByRole('radio', { name: en(`pricing.cycle.${cycle}`), checked: true }).waitFor();
  await page.locator(`[data-testid="plan-cards"][data-cycle="${cycle}"]`).waitFor();
}

/** Waits until exactly this plan is marked current. */
async function showsCurrent(page: Page, planId: string): Promise<void> {
  await page.locator(`[data-testid="plan-card-${planId}"][data-current="true"]`).waitFor();
  expect(await page.locator('[data-testid^="plan-card-"][data-current="true"]').count()).toBe(1);
}
const price = (page: Page, planId: string) => planCard(page, planId).getByTestId('plan-price').innerText();

describe('pricing and the test-mode checkout', () => {
  it('buys a Plus bulk pack from signed out to the success modal, the balance updating live', async () => {
    const email = await createVerifiedUser('Pat Buyer');
    const context = await newContext();
    const page = await context.newPage();

    // Signed out: the plans, monthly first, with the test-mode note.
    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole('heading', { level: 1, name: en('pricing.title') }).waitFor();
    await page.getByTestId('pricing-test-mode').waitFor();
    const monthly = page.getByRole('radio', { name: en('pricing.cycle.monthly') });
    const bulk = page.getByRole('radio', { name: en('pricing.cycle.bulk') });
    await showsCycle(page, 'monthly');
    expect(await price(page, 'free')).toBe('$0');
    expect(await price(page, 'plus')).toBe('$5');
    expect(await price(page, 'premium')).toBe('$15');
    await planCard(page, 'plus').getByText(en('pricing.popular'), { exact: true }).waitFor();
    // Each plan says how many guests its invitations may have.
    for (const plan of PLANS)
      await planCard(page, plan.tierId)
        .getByText(en('pricing.features.guestLimit_other', { count: plan.offers.monthly!.guestLimit }))
        .waitFor();
    // Every line is true: Free's credits are given once, a view limit counts devices, the languages are named.
    const free = planCard(page, 'free');
    await free.getByText(en('pricing.features.freeCards_other', { count: 3 }), { exact: true }).waitFor();
    await free.getByText(en('pricing.features.viewLimit_other', { count: 2 }), { exact: true }).waitFor();
    expect(await free.getByText(/per month/i).count()).toBe(0);
    await planCard(page, 'plus')
      .getByText(en('pricing.features.multilingual_other', { count: 3 }), { exact: true })
      .waitFor();
    await planCard(page, 'free')
      .getByRole('link', { name: en('pricing.actions.startFree') })
      .waitFor();

    // Bulk Packs carries 'Best Value' and shows the one-time prices; Free has no pack.
    await bulk.getByText(en('pricing.cycle.bestValue'), { exact: true }).waitFor();
    await bulk.click();
    await showsCycle(page, 'bulk');
    expect(await price(page, 'plus')).toBe('$25');
    expect(await price(page, 'premium')).toBe('$50');
    expect(await planCard(page, 'free').innerText()).toContain(en('pricing.notAvailableAsPack'));
    expect(await planCard(page, 'plus').getByTestId('plan-credits').innerText()).toBe(
      en('pricing.creditsOnce_other', { amount: '6,600' }),
    );
    // A keyboard user moves with the arrows (a radio group): back to Monthly and forward again.
    await bulk.focus();
    await page.keyboard.press('ArrowLeft');
    await showsCycle(page, 'monthly');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'billing-cycle-monthly',
    );
    await page.keyboard.press('ArrowRight');
    await showsCycle(page, 'bulk');

    // Buy while signed out → /signin with the origin → back to /pricing (on the Bulk tab) after signing in.
    const buyPlusPack = planCard(page, 'plus').getByRole('button', {
      name: en('pricing.actions.buyBulk', { plan: en('pricing.plans.plus.name') }),
    });
    await buyPlusPack.click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByLabel(en('auth.fields.email')).fill(email);
    await page.getByLabel(en('auth.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: en('auth.signIn.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    expect(new URL(page.url()).searchParams.get('cycle')).toBe('bulk');
    await expectBalance(page, NEW_USER_CREDITS);
    await planCard(page, 'free')
      .getByRole('button', { name: en('pricing.actions.current') })
      .waitFor();
    await showsCurrent(page, 'free');

    // A checkout the server refuses says 'Error: {message}' in the user's language.
    await page.route(`**${paymentsApi.checkout}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'service-unavailable', message: 'Payments are down' }),
      }),
    );
    await buyPlusPack.click();
    await page
      .getByRole('alert')
      .getByText(en('pricing.checkoutFailed', { message: en('errors.service-unavailable') }))
      .waitFor();
    await page.unroute(`**${paymentsApi.checkout}`);

    // From here on the page must never reload: the balance has to arrive by itself.
    await page.evaluate(() => {
      (window as unknown as { stillSamePage: boolean }).stillSamePage = true;
    });
    await buyPlusPack.click();
    await page.waitForURL((url) => url.pathname.startsWith('/test-checkout/'));
    const banner = page.getByTestId('test-mode-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(en('testCheckout.banner'));
    const summary = page.getByTestId('test-checkout-summary');
    await summary.getByText(en('testCheckout.cycles.bulk')).first().waitFor();
    const summaryText = await summary.innerText();
    expect(summaryText).toContain(en('pricing.plans.plus.name'));
    expect(summaryText).toContain('$25');
    expect(summaryText).toContain(en('testCheckout.creditsValue_other', { amount: '6,600' }));
    const historyLength = await page.evaluate(() => history.length);
    const checkoutUrl = page.url();

    await page.getByRole('button', { name: en('testCheckout.complete') }).click();
    // Nothing was paid: the modal says so, and never 'Payment successful!'.
    const dialog = page.getByRole('dialog', { name: en('pricing.success.testTitle') });
    await dialog.waitFor();
    expect(en('pricing.success.testTitle')).toBe('Test purchase complete — no money was taken');
    expect(await dialog.innerText()).not.toContain(en('pricing.success.title'));
    const expected = NEW_USER_CREDITS + plusBulk.creditsToAdd;
    expect(expected).toBe(6700);
    await expectBalance(page, expected);
    await dialog
      .getByTestId('purchase-success-balance')
      .and(page.locator(`[data-credits="${expected}"]`))
      .waitFor();
    expect(await dialog.innerText()).toContain(en('pricing.success.credits_other', { amount: '6,700' }));
    // The query is cleared in place: no extra history entry, and no reload happened at any point.
    await page.waitForURL((url) => url.pathname === '/pricing' && url.search === '');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await page.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(
      true,
    );

    // Done: the page shows the pack just bought as the current plan (tier plus_bulk).
    await dialog.getByRole('button', { name: en('pricing.success.close') }).click();
    await dialog.waitFor({ state: 'detached' });
    await showsCycle(page, 'bulk');
    await showsCurrent(page, 'plus');
    // A pack can be bought again.
    expect(
      await planCard(page, 'plus')
        .getByRole('button', { name: en('pricing.actions.buyBulk', { plan: en('pricing.plans.plus.name') }) })
        .isEnabled(),
    ).toBe(true);
    expect(
      await planCard(page, 'premium')
        .getByRole('button', {
          name: en('pricing.actions.buyBulk', { plan: en('pricing.plans.premium.name') }),
        })
        .isEnabled(),
    ).toBe(true);
    expect(await page.getByTestId('pricing-account').innerText()).toContain(
      en('pricing.account.held.bulk', { plan: en('pricing.plans.plus.name') }),
    );
    // The monthly Plus is another offer: buyable.
    await monthly.click();
    await showsCycle(page, 'monthly');
    expect(await page.locator('[data-testid^="plan-card-"][data-current="true"]').count()).toBe(0);
    await planCard(page, 'plus')
      .getByRole('button', {
        name: en('pricing.actions.buyMonthly', { plan: en('pricing.plans.plus.name') }),
      })
      .waitFor();
    // The finished order's own page says the same.
    await page.goto(checkoutUrl);
    await page.getByRole('heading', { name: en('pricing.success.testTitle') }).waitFor();
    await context.close();
  });

  it('answers an unknown order with a friendly page and sends a signed-out visit to /signin', async () => {
    const email = await createVerifiedUser('Sam Visitor');
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/test-checkout/no-such-order`);
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByLabel(en('auth.fields.email')).fill(email);
    await page.getByLabel(en('auth.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: en('auth.signIn.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/test-checkout/no-such-order');
    await page.getByText(en('testCheckout.notFoundTitle')).waitFor();
    await page.getByTestId('test-mode-banner').waitFor();
    await page.getByRole('link', { name: en('testCheckout.seePlans') }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await page.getByRole('heading', { level: 1, name: en('pricing.title') }).waitFor();
    await context.close();
  });

  it('shows the plans right to left in Arabic', async () => {
    const ar = localeText('ar');
    const context = await newContext('ar', { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole('heading', { level: 1, name: ar('pricing.title') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const bulk = page.getByRole('radio', { name: ar('pricing.cycle.bulk') });
    await bulk.click();
    await page.locator('[data-testid="plan-cards"][data-cycle="bulk"]').waitFor();
    expect(await planCard(page, 'plus').getByTestId('plan-credits').innerText()).toContain('6,600');
    await planCard(page, 'premium')
      .getByText(ar(`pricing.features.guestLimit_${new Intl.PluralRules('ar').select(500)}`, { count: 500 }))
      .waitFor();
    // Nothing spills sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
