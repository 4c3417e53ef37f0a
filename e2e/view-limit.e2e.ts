import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSchema } from '../shared/cards/cards.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { callApi, signUpInPage } from './support/page-api.ts';
import { shootWidths } from './support/screenshots.ts';
import { cardsApi } from '../shared/api-paths.ts';

/**
 * A card that reached its view limit, as its sender lives it on a phone (390 px): My WINCS is open while
 * strangers open the link; the Free plan's two devices get in and a third is turned away; the sender's grid
 * and the card's details say so without a reload, with the offer to raise the limit to Plus's (4 devices)
 * for 30 credits; the sender confirms a dialog that states both, and a fresh browser opens the card.
 */

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

describe('a card at its view limit', () => {
  for (const language of ['en', 'ar'] as const satisfies Language[]) {
    it(
      `tells the sender live and lets them raise the limit once (${language})`,
      { timeout: 240_000 },
      async () => {
        const t = localeText(language);
        /** A counted string in the form the language uses for `count` (i18next's plural suffixes). */
        const counted = (key: string, count: number, values: Record<string, number> = {}) =>
          t(`${key}_${new Intl.PluralRules(language).select(count)}`, { count, ...values });
        const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
        const senderContext = await contextIn(browser, language, phone);
        const strangers = await Promise.all([0, 1, 2, 3].map(() => contextIn(browser, 'en', phone)));
        try {
          const sender = await senderContext.newPage();
          await sender.goto(`${origin}/`);
          await signUpInPage(sender, server.baseUrl, `limit-${language}`);
          const created = await callApi(sender, 'POST', cardsApi.create, {
            templateId: await firstTemplateId(origin),
            senderName: 'Ana',
            recipientName: 'Bo',
            message: 'Happy birthday, Bo!',
            selectedVoice: 'female',
          });
          expect(created.status, JSON.stringify(created.json)).toBe(201);
          const card = cardSchema.parse(created.json);
          expect((await callApi(sender, 'POST', cardsApi.unlock(card.id))).status).toBe(200);
          await sender.goto(`${origin}/my-wincs`);
          const tile = sender.locator(`[data-testid="my-winc"][data-card-id="${card.id}"]`);
          await tile.waitFor();

          // Two strangers' phones open it; a third is turned away.
          for (const context of strangers.slice(0, 2)) {
            const page = await context.newPage();
            await page.goto(`${server.baseUrl}/c/${card.id}`);
            await page.getByTestId('card-cover').waitFor();
          }
          const refused = await strangers[2]!.newPage();
          await refused.goto(`${server.baseUrl}/c/${card.id}`);
          const limitHeading = refused.getByRole('heading', {
            level: 1,
            name: localeText('en')('errors.card-view-limit'),
          });
          await limitHeading.waitFor();

          // The sender's page, untouched, says so.
          const reached = counted('myWincs.viewLimit.reached', 2);
          await tile.getByTestId('my-winc-limit-reached').getByText(reached).waitFor({ timeout: 20_000 });
          await shootWidths(sender, `view-limit-tile-${language}`, tile);
          await tile.click();
          const panel = sender.getByTestId('view-limit-reached');
          await panel.getByText(reached).waitFor();
          await panel.getByText(counted('myWincs.viewLimit.offer', 4)).waitFor();
          await panel.getByText(t('myWincs.viewLimit.offerPrice', { credits: 30 })).waitFor();
          await panel.scrollIntoViewIfNeeded();
          await shootWidths(sender, `view-limit-offer-${language}`, panel);

          await panel.getByRole('button', { name: t('myWincs.viewLimit.offerButton') }).click();
          const dialog = sender.getByTestId('raise-view-limit-dialog');
          await dialog
            .getByText(counted('myWincs.viewLimit.confirmBody', 4, { from: 2, credits: 30 }))
            .waitFor();
          await shootWidths(sender, `view-limit-confirm-${language}`);
          await dialog
            .getByRole('button', { name: t('myWincs.viewLimit.confirmButton', { credits: 30 }) })
            .click();
          await dialog.waitFor({ state: 'detached' });

          // Raised: 30 credits spent once (100 − 30 for the card − 30), the new limit shown, no offer left.
          const details = sender.getByTestId('details-opened');
          await details.getByText(counted('myWincs.opened.limit', 4), { exact: false }).waitFor();
          await details.getByText(t('myWincs.viewLimit.raised'), { exact: false }).waitFor();
          await panel.waitFor({ state: 'detached' });
          await expect
            .poll(() => sender.locator('[data-testid="credit-balance"]:visible').first().innerText())
            .toContain('40');

          // The phone that was turned away, and a fresh one, open the card now.
          await refused.reload();
          await refused.getByTestId('card-cover').waitFor();
          const fresh = await strangers[3]!.newPage();
          await fresh.goto(`${server.baseUrl}/c/${card.id}`);
          await fresh.getByTestId('card-cover').waitFor();
        } finally {
          await senderContext.close();
          await Promise.all(strangers.map((context) => context.close()));
        }
      },
    );
  }
});
