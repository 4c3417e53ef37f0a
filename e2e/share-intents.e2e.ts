import type { Browser } from 'playwright-core';
import decodeQR from 'qr/decode.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsApi } from '../shared/api-paths.ts';
import { LANGUAGES } from '../shared/i18n/languages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { callApi, signUpInPage } from './support/page-api.ts';
import { shootWidths } from './support/screenshots.ts';

/**
 * Sharing a paid card on a phone, in each language: besides Copy Link, the share dialog hands the link to
 * WhatsApp, Telegram, SMS and a mail, and shows its QR code, which a camera reads back as exactly the link.
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

describe('the share dialog', () => {
  for (const language of LANGUAGES)
    it(`sends the link through apps and a QR code (${language})`, { timeout: 120_000 }, async () => {
      const t = localeText(language);
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const context = await contextIn(browser, language, {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      try {
        await page.goto(`${origin}/`);
        await signUpInPage(page, server.baseUrl, `share-${language}`);
        const created = await callApi(page, 'POST', cardsApi.create, {
          templateId: await firstTemplateId(server.baseUrl),
          senderName: 'Ana',
          recipientName: 'Bo',
          message: 'Happy birthday!',
          selectedVoice: 'female',
        });
        const cardId = created.json!.id as string;
        expect((await callApi(page, 'POST', cardsApi.unlock(cardId))).status).toBe(200);
        const link = `${origin}/c/${cardId}`;

        await page.goto(`${origin}/my-wincs`);
        await page.getByTestId('my-winc').first().click();
        await page
          .getByRole('dialog', { name: t('myWincs.details.title') })
          .getByRole('button', { name: t('myWincs.details.share') })
          .click();
        const share = page.getByRole('dialog', { name: t('share.title') });
        await share.waitFor();
        expect(await share.getByTestId('share-link').inputValue()).toBe(link);

        const text = t('share.nativeText');
        const hrefOf = (app: string) =>
          share.getByRole('link', { name: t(`share.apps.${app}`), exact: true }).getAttribute('href');
        const whatsapp = new URL((await hrefOf('whatsapp'))!);
        expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/');
        expect(whatsapp.searchParams.get('text')).toBe(`${text} ${link}`);
        const telegram = new URL((await hrefOf('telegram'))!);
        expect(`${telegram.origin}${telegram.pathname}`).toBe('https://t.me/share/url');
        expect(telegram.searchParams.get('url')).toBe(link);
        expect(telegram.searchParams.get('text')).toBe(text);
        expect(await hrefOf('sms')).toBe(`sms:?&body=${encodeURIComponent(`${text} ${link}`)}`);
        expect(await hrefOf('email')).toBe(
          `mailto:?subject=${encodeURIComponent(t('share.nativeTitle'))}&body=${encodeURIComponent(`${text}\n${link}`)}`,
        );

        // The QR code as the screen shows it, read back by a decoder: exactly the link.
        const qr = share.getByRole('img', { name: t('share.qrLabel') });
        await qr.scrollIntoViewIfNeeded();
        const { data, info } = await sharp(await qr.screenshot())
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect(decodeQR({ width: info.width, height: info.height, data })).toBe(link);

        await share.getByTestId('share-intents').scrollIntoViewIfNeeded();
        await shootWidths(page, `share-dialog-${language}`, share);
      } finally {
        await context.close();
      }
    });
});
