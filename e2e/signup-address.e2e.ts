import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { localeText } from './support/locale-text.ts';

/**
 * After sign-up in Arabic on a phone, the line that says where the link went keeps the address whole and
 * left to right, and the sentence's full stop after an Arabic word, not stuck to the address.
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

describe('the address after sign-up', () => {
  it('is isolated from the Arabic sentence around it (390 px)', { timeout: 90_000 }, async () => {
    const t = localeText('ar');
    const context = await contextIn(browser, 'ar', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    try {
      const email = `ana.m-${Date.now().toString(36)}@example.com`;
      await page.goto(`${server.baseUrl}/signup`);
      await page.getByLabel(t('auth.fields.name')).fill('Ana');
      await page.getByLabel(t('auth.fields.email')).fill(email);
      await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('correct horse 42');
      await page.getByRole('button', { name: t('auth.signUp.submit'), exact: true }).click();
      const notice = page.getByTestId('verify-email-notice');
      await notice.waitFor();
      const dir = process.env.WINC_SCREENSHOT_DIR;
      if (dir) await notice.screenshot({ path: `${dir}/signup-sent-to-ar-390.png` });
      const line = notice.getByTestId('verify-email-sent-to');
      expect(await line.innerText()).toContain(email);

      // The address sits in its own left-to-right isolate (<bdi dir="ltr">), whole.
      const address = line.locator('bdi');
      expect(await address.innerText()).toBe(email);
      expect(await address.getAttribute('dir')).toBe('ltr');

      // Laid out: the address on one line (no break at its hyphen), and the sentence's full stop after an
      // Arabic word, where the sentence ends, not glued to the address where it would read as part of it.
      const layout = await address.evaluate((bdi) => ({
        boxes: bdi.getClientRects().length,
        after: bdi.nextSibling?.textContent ?? '',
        sentence: bdi.parentElement!.textContent.trim(),
      }));
      expect(layout.boxes).toBe(1);
      expect(layout.after).not.toMatch(/^\s*\./);
      expect(layout.sentence).toMatch(/\p{Script=Arabic}\.$/u);
    } finally {
      await context.close();
    }
  });
});
