import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSchema } from '../shared/cards/cards.contract.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { waitForMail } from './support/mailbox.ts';
import { callApi, signUpInPage } from './support/page-api.ts';
import { cardsApi } from '../shared/api-paths.ts';

/**
 * The sender knows (DESIGN §1.7), as two people live it: a sender with My WINCS open on a free plan (two
 * devices may open a card) asks for an email on the first opening; a stranger opens the link on a phone and
 * taps the cover; the sender's grid and details say 'Opened' and 'Heard the greeting' without a reload, and
 * the email arrives. A second device may open it; a third is told, kindly, that the card reached its limit,
 * while the first device still opens it.
 */

const t = localeText('en');
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('views of a shared card', () => {
  it(
    'shows the sender, live, that a stranger opened the card and heard the greeting',
    { timeout: 180_000 },
    async () => {
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const senderContext = await contextIn(browser, 'en', { viewport: { width: 1280, height: 900 } });
      const sender = await senderContext.newPage();
      const strangers = await Promise.all(
        [0, 1, 2].map(() =>
          contextIn(browser, 'en', { viewport: { width: 390, height: 844 }, hasTouch: true }),
        ),
      );
      try {
        await sender.goto(`${origin}/`);
        const email = await signUpInPage(sender, server.baseUrl, 'views');
        const created = await callApi(sender, 'POST', cardsApi.create, {
          templateId: await firstTemplateId(origin),
          senderName: 'Ana',
          recipientName: 'Bo',
          message: 'Happy birthday, Bo!',
          selectedVoice: 'female',
        });
        const card = cardSchema.parse(created.json);
        expect((await callApi(sender, 'POST', cardsApi.unlock(card.id))).status).toBe(200);

        await sender.goto(`${origin}/my-wincs`);
        const tile = sender.locator(`[data-testid="my-winc"][data-card-id="${card.id}"]`);
        await tile.click();
        const details = sender.getByTestId('details-opened');
        await details.getByText(t('myWincs.opened.notYet')).waitFor();
        await details.getByText(t('myWincs.opened.limit_other', { count: 2 })).waitFor();
        const notify = details.getByRole('checkbox', { name: t('myWincs.opened.notify') });
        await notify.check();
        // Saved: the box is enabled again and stays ticked.
        await expect.poll(() => notify.isEnabled()).toBe(true);
        expect(await notify.isChecked()).toBe(true);
        await sender.getByRole('button', { name: t('myWincs.details.close') }).click();
        await details.waitFor({ state: 'detached' });
        const mailAfter = Date.now();

        // A stranger opens the link and taps the cover: the greeting plays to its end.
        const phone = await strangers[0]!.newPage();
        await phone.goto(`${server.baseUrl}/c/${card.id}`);
        await phone.getByText(t('recipient.senderWillKnow', { name: 'Ana' })).waitFor();
        await phone.getByTestId('card-cover').click();
        await expect
          .poll(() => phone.getByTestId('card-voice-caption').innerText(), { timeout: 15_000 })
          .toContain('Bo');
        await expect
          .poll(() => phone.getByTestId('card-voice-caption').innerText(), { timeout: 15_000 })
          .toBe('');

        // The sender's page, untouched, now says so.
        await tile.getByTestId('my-winc-opened').waitFor({ timeout: 15_000 });
        await tile.click();
        await details.getByText(t('myWincs.details.views_one', { count: 1 }), { exact: false }).waitFor();
        await expect
          .poll(() => details.locator('li[data-done="true"]').allInnerTexts(), { timeout: 15_000 })
          .toEqual([t('myWincs.opened.greeting')]);
        const mail = await waitForMail(server.baseUrl, email, 'card-opened', mailAfter);
        expect(mail.subject).toBe('Bo opened your WINC');

        // The free plan's two devices: a second opens it, a third is told the card reached its limit.
        const second = await strangers[1]!.newPage();
        await second.goto(`${server.baseUrl}/c/${card.id}`);
        await second.getByTestId('card-cover').waitFor();
        const third = await strangers[2]!.newPage();
        await third.goto(`${server.baseUrl}/c/${card.id}`);
        await third.getByRole('heading', { level: 1, name: t('errors.card-view-limit') }).waitFor();
        await third.getByText(t('recipient.viewLimitText')).waitFor();
        // The first device still may.
        await phone.reload();
        await phone.getByTestId('card-cover').waitFor();
      } finally {
        await senderContext.close();
        await Promise.all(strangers.map((context) => context.close()));
      }
    },
  );
});
