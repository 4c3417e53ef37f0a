import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../shared/i18n/languages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { text } from './support/locale-text.ts';
import { signUpInPage } from './support/page-api.ts';

/**
 * The Help Center, FAQs and local mailbox in the browser, against the real server with no SMTP (so mail
 * goes to the outbox and the mailbox page exists). Texts come from the locale files, so the Arabic run
 * checks Arabic; the English values are pinned to SPEC's wording.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  // No demo catalog: these pages do not need it, and skipping it makes the server start in a second or two.
  server = await startAppServer({ env: { SEED_DEMO_CATALOG: 'false' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newContext(language: Language): Promise<BrowserContext> {
  const context = await contextIn(browser, language, {
    viewport: DESKTOP,
    locale: language === 'ar' ? 'ar' : 'en-US',
  });
  return context;
}

describe.each<{ language: Language }>([{ language: 'en' }, { language: 'ar' }])(
  'FAQs in the browser ($language)',
  ({ language }) => {
    let context: BrowserContext;
    const t = (key: string) => text(language, key);

    beforeAll(async () => {
      context = await newContext(language);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('lists the 12 questions in order, opens one on click, and links to support', async () => {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/faqs`);
      // The server drew the page in its default language (the device's choice is not in a cookie yet); the
      // app switches to the device's once it has taken the page over.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dir))
        .toBe(language === 'ar' ? 'rtl' : 'ltr');
      const items = page.locator('[data-testid="faq-item"]');
      await items.first().waitFor();
      expect(await items.count()).toBe(12);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t('faq.title'));

      const summaries = await items.locator('summary').allTextContents();
      expect(summaries[0]).toBe(t('faq.items.whatIsWinc.question'));
      expect(summaries[2]).toBe(t('faq.items.faceSafety.question'));
      expect(summaries[11]).toBe(t('faq.items.devices.question'));

      const safety = items.nth(2);
      const answerStart = t('faq.items.faceSafety.answer').split('\n')[0]!;
      expect(await safety.getByText(answerStart).isVisible()).toBe(false);
      await safety.locator('summary').click();
      await expect.poll(() => safety.getAttribute('open')).toBe('');
      expect(await safety.getByText(answerStart).isVisible()).toBe(true);

      await page.getByRole('link', { name: t('faq.contactLink') }).click();
      await page.waitForURL(`${server.baseUrl}/help`);
      await page.close();
    });
  },
);

describe('Help Center and local mailbox in the browser', () => {
  let context: BrowserContext;
  let page: Page;
  const t = (key: string, values?: Record<string, string>) => text('en', key, values);

  beforeAll(async () => {
    context = await newContext('en');
    page = await context.newPage();
    await page.setViewportSize(PHONE);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("uses SPEC's wording", () => {
    expect(t('help.submit')).toBe('Submit Request');
    expect(t('help.submitting')).toBe('Submitting...');
    expect(t('help.email')).toBe('Email Address');
    expect(t('help.description')).toBe('Description of the Issue');
  });

  it('shows required-field errors inline, then sends the request and clears the form', async () => {
    await page.goto(`${server.baseUrl}/help`);
    const submit = page.getByRole('button', { name: t('help.submit') });
    await submit.click();
    await page.getByText(t('help.errors.emailRequired')).waitFor();
    expect(await page.getByText(t('help.errors.descriptionRequired')).isVisible()).toBe(true);
    const email = page.getByLabel(`${t('help.email')} *`);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    // The first field with a problem gets the focus.
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);

    await email.fill('not an email');
    await page.getByText(t('help.errors.emailInvalid')).waitFor();
    await email.fill('maria@example.com');
    await page.getByLabel(`${t('help.phone')} ${t('help.optional')}`).fill('+44 20 7946 0000');
    const description = page.getByLabel(`${t('help.description')} *`);
    await description.fill('My card shows a blank cover on my phone.');
    expect(await page.getByText(t('help.errors.emailRequired')).count()).toBe(0);

    await submit.click();
    const success = page.getByTestId('help-success');
    await success.waitFor();
    expect(await success.textContent()).toContain(t('help.success'));
    expect(await email.inputValue()).toBe('');
    expect(await description.inputValue()).toBe('');
  });

  it('links to the FAQs', async () => {
    await page.getByRole('link', { name: t('help.faqLink') }).click();
    await page.waitForURL(`${server.baseUrl}/faqs`);
  });

  it('the local mailbox lists the receipt and the support copy, and opens the receipt', async () => {
    await page.goto(`${server.baseUrl}/help`);
    // The footer offers the mailbox because this server keeps mail in its outbox.
    await page.getByRole('link', { name: t('mailbox.navLink') }).click();
    await page.waitForURL(`${server.baseUrl}/mailbox`);
    await page.getByTestId('mailbox-notice').waitFor();
    expect(await page.getByTestId('mailbox-notice').textContent()).toContain(t('mailbox.notice'));

    const items = page.getByTestId('mail-list-item');
    await items.first().waitFor();
    const listed = await items.allTextContents();
    // Both mails name maria@example.com (the support copy says whom it is from), and they are sent in the
    // same moment, so their order in the list is not the test's to assume.
    const receipt = listed.findIndex((item) => item.includes(text('en', 'mail.helpReceipt.subject')));
    expect(receipt, listed.join('\n')).toBeGreaterThanOrEqual(0);
    expect(listed[receipt]).toContain('maria@example.com');
    expect(
      listed.some((item) => item.includes('support@winc.local') && item.includes('maria@example.com')),
    ).toBe(true);

    await items.nth(receipt).click();
    const view = page.getByTestId('mail-view');
    await view.waitFor();
    expect(await view.getByRole('heading', { level: 2 }).textContent()).toBe(
      text('en', 'mail.helpReceipt.subject'),
    );
    // The formatted mail is its own sandboxed document; the plain text is one click away.
    const frame = view.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    const frameText = await page.frameLocator('iframe').locator('body').textContent();
    expect(frameText).toContain('My card shows a blank cover on my phone.');
    await view.getByRole('button', { name: t('mailbox.plainText') }).click();
    expect(await view.getByTestId('mail-text').textContent()).toContain(
      '> My card shows a blank cover on my phone.',
    );

    // On a phone the list gives way to the mail; the back link returns to it.
    await page.getByRole('link', { name: t('mailbox.back') }).click();
    await items.first().waitFor();
  });
});

describe('the Help Center for a signed-in user', () => {
  it("fills in the user's address, and again after a request is sent", async () => {
    const context = await newContext('en');
    const page = await context.newPage();
    // At the host the verification mail links to, where the session's cookie is set.
    const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
    await page.goto(`${origin}/help`);
    const address = await signUpInPage(page, server.baseUrl, 'helper');
    await page.goto(`${origin}/help`);
    const email = page.getByLabel(`${text('en', 'help.email')} *`);
    await expect.poll(() => email.inputValue()).toBe(address);

    await page.getByLabel(`${text('en', 'help.description')} *`).fill('Where is my receipt?');
    await page.getByRole('button', { name: text('en', 'help.submit') }).click();
    await page.getByTestId('help-success').waitFor();
    expect(await email.inputValue()).toBe(address);
    await context.close();
  });
});

describe.each<{ language: Language }>([{ language: 'en' }, { language: 'ar' }, { language: 'ru' }])(
  'a help request holding characters that cannot be saved ($language)',
  ({ language }) => {
    it('is refused on its field, in the page language, and nothing is sent', async () => {
      const t = (key: string) => text(language, key);
      const context = await newContext(language);
      const page = await context.newPage();
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/help-requests')) sent.push(request.url());
      });
      await page.goto(`${server.baseUrl}/help`);
      await page.getByLabel(`${t('help.email')} *`).fill('maria@example.com');
      const description = page.getByLabel(`${t('help.description')} *`);
      // As a paste from a broken document brings it: a NUL between the words.
      await description.fill('My card\u0000 is blank');
      expect(await description.inputValue()).toContain('\u0000');
      await page.getByRole('button', { name: t('help.submit') }).click();
      await page.getByText(t('errors.invalid-characters')).waitFor();
      expect(await description.getAttribute('aria-invalid')).toBe('true');
      expect(sent).toEqual([]);
      await context.close();
    });
  },
);
