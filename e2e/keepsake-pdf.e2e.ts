import fs from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSchema } from '../shared/cards/cards.contract.ts';
import { cardsApi } from '../shared/api-paths.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { callApi, signUpInPage } from './support/page-api.ts';

/**
 * Keep this card (DESIGN §1.21): a recipient on a phone opens a card written in Arabic, saves it as a PDF,
 * and the file holds the message as it was typed.
 */

const MESSAGE = 'عيد ميلاد سعيد يا ليلى! أتمنى لك سنة مليئة بالفرح';
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the card saved as a PDF', () => {
  it(
    'gives the recipient on a phone a PDF holding the Arabic message as typed',
    { timeout: 180_000 },
    async () => {
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const senderContext = await contextIn(browser, 'en');
      const sender = await senderContext.newPage();
      const phoneContext = await contextIn(browser, 'ar', {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        acceptDownloads: true,
      });
      try {
        await sender.goto(`${origin}/`);
        await signUpInPage(sender, server.baseUrl, 'keepsake');
        const created = await callApi(sender, 'POST', cardsApi.create, {
          templateId: await firstTemplateId(origin),
          senderName: 'Sam',
          recipientName: 'ليلى',
          message: MESSAGE,
          selectedVoice: 'female',
        });
        const card = cardSchema.parse(created.json);
        expect((await callApi(sender, 'POST', cardsApi.unlock(card.id))).status).toBe(200);

        const phone = await phoneContext.newPage();
        await phone.goto(`${origin}/c/${card.id}`);
        await phone.getByTestId('card-cover').click();
        await expect
          .poll(() => phone.getByTestId('never-expires').textContent())
          .toBe(localeText('en')('keepsake.neverExpires'));
        const download = phone.waitForEvent('download');
        await phone.getByTestId('save-pdf').click();
        const file = await (await download).path();
        const pdf = fs.readFileSync(file);
        const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
        const { items } = await (await document.getPage(2)).getTextContent();
        const text = items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join('');
        expect(text.replace(/\s+/gu, ' ')).toContain(MESSAGE);
      } finally {
        await senderContext.close();
        await phoneContext.close();
      }
    },
  );
});
