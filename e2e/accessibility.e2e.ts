import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { firstTemplateId, openCreateEditor } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { verificationLink } from './support/mailbox.ts';
import { cardsApi } from '../shared/api-paths.ts';
import { seriousViolations as violations } from './support/axe.ts';

/**
 * An automated accessibility audit (axe-core, WCAG 2.1 A and AA) of every page a sender and a recipient go
 * through, in English and in Arabic (right to left): no serious or critical violation anywhere — contrast,
 * names of controls, landmarks, labels. It does not replace trying the pages with a keyboard and a screen
 * reader; it keeps what those checks fixed from coming back.
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

describe.each(['en', 'ar'] as const)('accessibility (%s)', (language) => {
  const t = localeText(language);

  it(
    'has no serious or critical violation on the pages of the whole journey',
    { timeout: 240_000 },
    async () => {
      // Mail links name the server http://localhost:PORT: the visit uses that host (one cookie jar).
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const context = await contextIn(browser, language, {
        viewport: { width: 1280, height: 900 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      const audit = async (label: string) => {
        const list = await violations(page);
        if (list.length > 0) found[label] = list;
      };
      try {
        for (const path of ['/', '/category/Birthday', '/pricing', '/signin', '/signup', '/help', '/faqs']) {
          await page.goto(`${origin}${path}`);
          await page.locator('main h1').first().waitFor();
          await audit(path);
        }

        // The card editor, and its AI message dialog with a message written.
        const editor = await openCreateEditor(page, origin, t);
        await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill('Bo');
        await audit('card editor');
        // As an invitation, its event's fields with their errors shown.
        await editor.getByTestId('card-kind').getByText(t('invitation.kind.invitation')).click();
        await editor.getByRole('button', { name: t('editor.next') }).click();
        await editor
          .getByRole('alert')
          .filter({ hasText: t('invitation.errors.required') })
          .waitFor();
        await audit('card editor (invitation, errors shown)');
        await editor.getByRole('button', { name: t('editor.ai.open') }).click();
        const aiDialog = page.getByTestId('ai-message-dialog');
        await aiDialog.getByRole('button', { name: t('editor.ai.generate') }).click();
        await aiDialog.getByRole('button', { name: t('editor.ai.use') }).waitFor();
        await audit('AI message dialog');

        // Signed in, with a card: the overview, checkout, the share dialog and the signed-in pages.
        const email = `a11y-${language}-${Date.now().toString(36)}@example.com`;
        await page.evaluate(async (address) => {
          await fetch('/api/auth/sign-up/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Ana', email: address, password: 'correct horse 42' }),
          });
        }, email);
        await page.goto(await verificationLink(server.baseUrl, email));
        await page.getByTestId('credit-balance').first().waitFor({ state: 'attached' });
        const templateId = await firstTemplateId(origin);
        const cardId = await page.evaluate(
          async ([path, template]) => {
            const response = await fetch(path, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                templateId: template,
                senderName: 'Ana',
                recipientName: 'Bo',
                message: 'Happy birthday!',
                selectedVoice: 'female',
                invitation: {
                  title: 'Bo turns 30',
                  startsAt: `${new Date().getFullYear() + 1}-06-20T18:30`,
                  timeZone: 'Asia/Riyadh',
                  place: 'Riyadh',
                  notes: 'Bring a smile',
                },
              }),
            });
            return ((await response.json()) as { id: string }).id;
          },
          [cardsApi.create, templateId] as const,
        );

        await page.goto(`${origin}/overview/${cardId}`);
        await page.getByTestId('card-cover').waitFor();
        await audit('/overview (closed)');
        await page.getByTestId('card-cover').click();
        await page.getByTestId('card-open').waitFor();
        await audit('/overview (open)');
        await page.getByRole('button', { name: t('overview.share'), exact: true }).click();
        await page.waitForURL('**/checkout');
        await page.getByTestId('pay-with-credits').waitFor();
        await audit('/checkout');
        await page.getByTestId('pay-with-credits').click();
        await page.getByTestId('confirm-payment').click();
        await page.getByTestId('share-dialog').waitFor();
        await audit('share dialog');

        for (const path of ['/my-wincs', '/profile', '/account-info', `/c/${cardId}`]) {
          await page.goto(`${origin}${path}`);
          await page.locator('main h1').first().waitFor();
          await audit(path.startsWith('/c/') ? '/c/{cardId}' : path);
        }
        await page.getByTestId('card-cover').click();
        await page.getByTestId('invitation-event').waitFor();
        await audit('/c/{cardId} (open, with the event)');
      } finally {
        await context.close();
      }
      expect(found).toEqual({});
    },
  );
});
