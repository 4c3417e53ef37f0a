import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSchema } from '../shared/cards/cards.contract.ts';
import { LANGUAGE_HEADER } from '../shared/i18n/languages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { callApi, signUpInPage } from './support/page-api.ts';
import { shootWidths } from './support/screenshots.ts';
import { waitForReplySent } from './support/reply-sent.ts';
import { cardsApi, repliesApi } from '../shared/api-paths.ts';

/**
 * Replies (DESIGN §1.21), as two people live them on phones: the sender has My WINCS open on a card's
 * details; the recipient opens the link, taps the cover and answers with a 3 s voice note (the fake
 * microphone), a video (the fake camera, compressed on the device), a text and a reaction, each previewed or
 * thanked for; the sender's details list all four without a reload, and the voice note plays.
 */

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startAppServer(),
    launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Records a note of about `seconds` and sends it; waits for the thank-you. */
async function recordAndSend(page: Page, button: string, seconds: number, shot: string): Promise<void> {
  await page.getByTestId(button).click();
  const recorder = page.getByTestId('reply-recorder');
  await recorder.and(page.locator('[data-status="recording"]')).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(seconds * 1000);
  await page.getByTestId('reply-stop').click();
  await page.getByTestId('reply-preview').waitFor();
  await shootWidths(page, shot, page.getByTestId('reply-recorder'));
  await page.getByTestId('reply-send-note').click();
  await waitForReplySent(page, 120_000);
}

describe.each(['en', 'ar'] as const)('replies to a card (%s)', (language) => {
  const t = localeText(language);

  it(
    'reach the sender live: a voice note, a video, a text and a reaction, and the voice note plays',
    { timeout: 300_000 },
    async () => {
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const phone = {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        reducedMotion: 'reduce' as const,
      };
      const senderContext = await contextIn(browser, language, phone);
      const recipientContext = await contextIn(browser, language, phone);
      await recipientContext.grantPermissions(['microphone', 'camera'], { origin: server.baseUrl });
      try {
        const sender = await senderContext.newPage();
        await sender.goto(`${origin}/`);
        await signUpInPage(sender, server.baseUrl, `replies-${language}`);
        const created = await callApi(
          sender,
          'POST',
          cardsApi.create,
          {
            templateId: await firstTemplateId(origin),
            senderName: language === 'ar' ? 'سارة' : 'Ana',
            recipientName: language === 'ar' ? 'ليلى' : 'Bo',
            message: language === 'ar' ? 'عيد ميلاد سعيد!' : 'Happy birthday, Bo!',
            selectedVoice: 'female',
          },
          { [LANGUAGE_HEADER]: language },
        );
        const card = cardSchema.parse(created.json);
        expect((await callApi(sender, 'POST', cardsApi.unlock(card.id))).status).toBe(200);
        await sender.goto(`${origin}/my-wincs`);
        await sender.locator(`[data-testid="my-winc"][data-card-id="${card.id}"]`).click();
        await sender.getByTestId('replies-none').waitFor();

        const recipient = await recipientContext.newPage();
        await recipient.goto(`${server.baseUrl}/c/${card.id}`);
        await recipient.getByTestId('card-cover').click();
        const panel = recipient.getByTestId('reply-panel');
        await panel.waitFor({ timeout: 30_000 });
        await panel.getByText(t('replies.reply.privacy', { sender: card.senderName })).waitFor();
        await shootWidths(recipient, `replies-panel-${language}`, panel);

        await recordAndSend(recipient, 'reply-record-voice', 3, `replies-voice-preview-${language}`);
        await shootWidths(recipient, `replies-thanks-${language}`, recipient.getByTestId('reply-sent'));
        await recipient.getByTestId('reply-another').click();
        await recordAndSend(recipient, 'reply-record-video', 2, `replies-video-preview-${language}`);
        await recipient.getByTestId('reply-another').click();
        const words = language === 'ar' ? 'شكرًا من القلب!' : 'Thank you, I loved it!';
        await recipient.getByTestId('reply-text').fill(words);
        await recipient
          .getByTestId('reply-counter')
          .getByText(`${[...words].length} / 500`)
          .waitFor();
        await recipient.getByTestId('reply-send-text').click();
        await recipient.getByTestId('reply-another').click();
        await recipient.getByTestId('reply-reaction').first().click();
        await waitForReplySent(recipient);

        // The sender's details, open all along, list all four (the live stream), without a reload.
        const replies = sender.getByTestId('reply');
        await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(4);
        expect(await sender.locator('[data-testid="reply"][data-kind="voice"]').count()).toBe(1);
        expect(await sender.locator('[data-testid="reply"][data-kind="video"]').count()).toBe(1);
        await sender.getByTestId('reply-text').getByText(words).waitFor();
        // The video went compressed on the phone (H.264 MP4), the voice note as recorded.
        const listed = await callApi(sender, 'GET', repliesApi.ofCard(card.id));
        const types = (listed.json!.replies as { kind: string; mediaType: string | null }[]).map(
          ({ kind, mediaType }) => `${kind}:${mediaType}`,
        );
        expect(types).toEqual(expect.arrayContaining(['video:video/mp4', 'voice:audio/webm']));
        const played = await sender.getByTestId('reply-audio').evaluate(async (element) => {
          const audio = element as HTMLAudioElement;
          audio.muted = true;
          await audio.play();
          await new Promise((resolve) => setTimeout(resolve, 800));
          return { duration: audio.duration, time: audio.currentTime };
        });
        expect(played.duration).toBeGreaterThan(0);
        expect(played.time).toBeGreaterThan(0);
        await shootWidths(sender, `replies-details-${language}`, sender.getByTestId('card-details'));
        await shootWidths(sender, `replies-list-${language}`, sender.getByTestId('replies-list'));

        // Still open, and in the sender's language, after all the replies came in; and each of them, shown as
        // it came, is seen.
        await sender.getByTestId('card-details').waitFor({ timeout: 1_000 });
        expect(await sender.evaluate(() => document.documentElement.lang)).toBe(language);
        await expect
          .poll(async () => (await callApi(sender, 'GET', repliesApi.newCounts)).json?.cards, {
            timeout: 10_000,
          })
          .toEqual({});

        // With the details closed, a new reply shows as a badge on the card's tile, live.
        await sender.getByRole('button', { name: t('myWincs.details.close') }).click();
        await recipient.getByTestId('reply-another').click();
        await recipient.getByTestId('reply-reaction').nth(4).click();
        await waitForReplySent(recipient);
        const tile = sender.locator(`[data-testid="my-winc"][data-card-id="${card.id}"]`);
        await tile
          .getByTestId('new-replies')
          .getByText(t('replies.list.new_one', { count: 1 }))
          .waitFor();
        await shootWidths(sender, `replies-tile-${language}`, tile);

        // The profile's switch turns the reply mails off.
        await sender.goto(`${origin}/profile`);
        const mails = sender.getByRole('switch', { name: t('replies.profile.label') });
        await expect.poll(() => mails.getAttribute('aria-checked')).toBe('true');
        await shootWidths(sender, `replies-profile-on-${language}`, mails);
        await mails.click();
        await expect.poll(() => mails.getAttribute('aria-checked')).toBe('false');
        expect((await callApi(sender, 'GET', repliesApi.mailSetting)).json).toEqual({ enabled: false });
        await shootWidths(sender, `replies-profile-off-${language}`, mails);
      } finally {
        await senderContext.close();
        await recipientContext.close();
      }
    },
  );
});
