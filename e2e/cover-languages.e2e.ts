import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '../shared/cards/cards.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { signedInOwner } from './support/card-owner.ts';
import { shootWidths } from './support/screenshots.ts';

/**
 * The demo covers lettered in each language, as people see them on a phone: the home page's pictures in the
 * page's language, and a card's cover in the card's language on its recipient page ("Eid Mubarak" written in
 * Arabic on an Arabic card, in Russian on a Russian one).
 */

/** A demo template whose lettering fills its cover. */
const TEMPLATE = 'golden-eid';
const PHONE = { width: 390, height: 844 };

let server: AppServer;
let browser: Browser;
const cards = {} as Record<Exclude<Language, 'en'>, Card>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const owner = await signedInOwner(server.baseUrl);
  await owner.buyPremium();
  for (const language of ['ar', 'ru'] as const) {
    cards[language] = await owner.unlock(await owner.createCard(TEMPLATE, language));
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phoneIn(language: Language): Promise<Page> {
  const context = await contextIn(browser, language, { viewport: PHONE, reducedMotion: 'reduce' });
  return context.newPage();
}

/**
 * The picture has loaded, from the image route, in `language`. A page first drawn in another language (the
 * server's, before the device's choice is read) draws its pictures again once it switches: wait for that.
 */
async function expectLetteredIn(page: Page, selector: string, language: Language): Promise<void> {
  const image = page.locator(selector).first();
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      image.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0
          ? new URL(img.currentSrc || img.src).searchParams.get('lang')
          : null,
      ),
    )
    .toBe(language);
}

describe('covers lettered in each language', () => {
  for (const language of ['ar', 'ru'] as const) {
    it(`shows the home page's covers lettered in ${language} on a phone`, async () => {
      const page = await phoneIn(language);
      await page.goto(server.baseUrl);
      await expectLetteredIn(page, '[data-testid="template-card"] img', language);
      await shootWidths(page, `cover-languages-home-${language}`);
      await page.context().close();
    });

    it(`shows the recipient of a card in ${language} its cover lettered in ${language}`, async () => {
      // The device is in English: the card's language decides its cover.
      const page = await phoneIn('en');
      await page.goto(`${server.baseUrl}/c/${cards[language].id}`);
      await expectLetteredIn(page, '[data-testid="card-cover"] img', language);
      await shootWidths(page, `cover-languages-recipient-${language}`);
      await page.context().close();
    });
  }
});
