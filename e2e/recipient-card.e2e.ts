import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardMediaKind } from '../shared/cards/card-media.ts';
import type { Card } from '../shared/cards/cards.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { signedInOwner } from './support/card-owner.ts';
import { fakeVideo, fakeVoice } from '../server/testing/media-fixture.ts';
import { firstTemplateId, guestWithCard } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';

/**
 * The recipient page (DESIGN §1.5) as someone who was sent the link sees it, in a browser that has never
 * been to Winc: a paid card's cover first (the video is not requested before the card is opened), the open
 * card with its message; an unpaid card's link says it isn't ready yet, a deleted card's that it is no longer
 * available, an unknown one that there is no such card; a card in its own language (Arabic
 * right to left on a phone) whatever the device says, with a switch to the device's language.
 */

let server: AppServer;
let browser: Browser;
let paid: Card;
/** A paid card written in Arabic (its sender's screen was in Arabic). */
let paidArabic: Card;
let unpaid: Card;
/** A paid card its sender then deleted. */
let deleted: Card;

/** A portrait-shaped photo, as a phone takes one. */
const PHOTO = { create: { width: 600, height: 800, channels: 3 as const, background: '#e9c46a' } };
Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00'), crypto.randomBytes(4096)]);

/** A browser that has never been here (no cookies, no storage), optionally remembering a language. */
async function freshVisitor(
  language: Language,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
  const context =
    language === 'en'
      ? await browser.newContext({ viewport, reducedMotion: 'reduce' })
      : await contextIn(browser, language, { viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  return { context, page, requests };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const templateId = await firstTemplateId(server.baseUrl);

  const owner = await signedInOwner(server.baseUrl);
  await owner.buyPremium();
  paid = await owner.createCard(templateId);
  await owner.putMedia(paid.id, 'image', await sharp(PHOTO).jpeg().toBuffer());
  await owner.putMedia(paid.id, 'video', fakeVideo(200 * 1024));
  await owner.putMedia(paid.id, 'audio', fakeVoice(4096));
  paid = await owner.unlock(paid);
  paidArabic = await owner.createCard(templateId, 'ar');
  await owner.putMedia(paidArabic.id, 'image', await sharp(PHOTO).jpeg().toBuffer());
  await owner.putMedia(paidArabic.id, 'video', fakeVideo(200 * 1024));
  await owner.putMedia(paidArabic.id, 'audio', fakeVoice(4096));
  paidArabic = await owner.unlock(paidArabic);
  deleted = await owner.unlock(await owner.createCard(templateId));
  await owner.deleteCard(deleted);

  // A guest's card is never paid: its link is one that isn't ready.
  unpaid = (await guestWithCard(server.baseUrl, templateId)).card;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the recipient page', () => {
  it('shows a paid card to a fresh browser: the cover first, the video only once opened', async () => {
    const t = localeText('en');
    const { context, page, requests } = await freshVisitor('en');
    try {
      await page.goto(`${server.baseUrl}/c/${paid.id}`);
      await page.getByRole('heading', { level: 1, name: t('recipient.title', { name: 'Bo' }) }).waitFor();
      await page.getByText(t('recipient.fromSender', { name: 'Ana' })).waitFor();
      const cover = page.getByTestId('card-cover');
      await cover.getByText(t('overview.clickToOpen')).waitFor();
      await expect
        .poll(() =>
          cover.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(await page.title()).toBe(`${t('recipient.documentTitle', { name: 'Bo' })} · Winc`);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');

      // Nothing of the video or the voice message is fetched while the card is closed.
      await page.waitForLoadState('networkidle');
      const mediaOf = (kind: CardMediaKind) =>
        requests.filter((path) => path.startsWith(`/media/cards/${paid.id}/${kind}/`));
      expect(mediaOf('video')).toEqual([]);
      expect(mediaOf('audio')).toEqual([]);
      expect(requests).toContain(new URL(paid.templateImageUrl!, server.baseUrl).pathname);

      await cover.click();
      const opened = page.getByTestId('card-open');
      await opened.getByText(t('overview.to', { name: 'Bo' })).waitFor();
      const message = opened.getByTestId('card-message');
      expect(await message.innerText()).toBe('Happy birthday, Bo! Open the video 🎂');
      expect(await message.evaluate((el) => getComputedStyle(el).fontSize)).toBe('22px');
      // The card fonts' faces come with the page's script, not in its HTML where they would hold the cover.
      expect(
        await page.evaluate(() =>
          [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/card-fonts')),
        ),
      ).toBe(true);
      await opened.getByTestId('card-video').waitFor();
      await opened.getByText(t('overview.voiceMessage')).waitFor();
      await expect.poll(() => mediaOf('video').length).toBeGreaterThan(0);

      // X closes the card again.
      await opened.getByRole('button', { name: t('overview.closeCard') }).click();
      await page.getByTestId('card-cover').waitFor();

      // The soft invitation leads Home.
      await page.getByRole('link', { name: t('recipient.ctaAction') }).click();
      await page.waitForURL(`${server.baseUrl}/`);
    } finally {
      await context.close();
    }
  });

  it.each(['en', 'ar'] as const)(
    "opens like paper on a phone: 'Tap', the greeting speaks with captions as the cover swings open, everything reachable by the page's scroll (%s)",
    async (language) => {
      const t = localeText(language);
      const card = language === 'en' ? paid : paidArabic;
      const context = await contextIn(browser, language, {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      try {
        await page.goto(`${server.baseUrl}/c/${card.id}`);
        const cover = page.getByTestId('card-cover');
        await cover.getByText(t('overview.tapToOpen')).waitFor();
        await cover.getByText(t('overview.tapMe')).waitFor();
        await cover.tap();
        // The cover swings open over the card, then gives way to it.
        await page.getByTestId('card-opening').waitFor();
        await page.getByTestId('card-opening').waitFor({ state: 'detached' });
        const opened = page.getByTestId('card-open');
        await opened.getByText(t('overview.to', { name: 'Bo' })).waitFor();
        // The greeting speaks from the tap, its words shown in the card's language and direction.
        const caption = opened.getByTestId('card-voice-caption');
        await expect.poll(() => caption.innerText(), { timeout: 15_000 }).toContain('Bo');
        expect(await caption.getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
        // No box scrolls inside the page: the open card is as tall as what it holds.
        expect(await opened.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
        for (const testId of ['card-message', 'card-image', 'card-video', 'card-audio']) {
          const media = opened.getByTestId(testId);
          await media.scrollIntoViewIfNeeded();
          expect(await media.isVisible()).toBe(true);
          const box = (await media.boundingBox())!;
          expect(box.y + box.height).toBeLessThanOrEqual(844);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      } finally {
        await context.close();
      }
    },
  );

  it('opens with a simple fade when the visitor asks for reduced motion', async () => {
    const { context, page } = await freshVisitor('en', { width: 390, height: 844 });
    try {
      await page.goto(`${server.baseUrl}/c/${paid.id}`);
      await page.getByTestId('card-cover').click();
      await page.getByTestId('card-open').waitFor();
      expect(await page.getByTestId('card-opening').count()).toBe(0);
      expect(await page.locator('.card-fade').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("says an unpaid card's link isn't ready yet, a deleted card's that it is no longer available, and an unknown one that there is no such card", async () => {
    const t = localeText('en');
    const { context, page } = await freshVisitor('en');
    try {
      for (const [id, status, title, text] of [
        [unpaid.id, 200, 'errors.card-not-ready', 'recipient.notReadyText'],
        [deleted.id, 410, 'errors.card-removed', 'recipient.removedText'],
        [
          crypto.randomBytes(16).toString('base64url'),
          404,
          'recipient.notFoundTitle',
          'recipient.notFoundText',
        ],
      ] as const) {
        const response = await page.goto(`${server.baseUrl}/c/${id}`);
        expect(response?.status(), title).toBe(status);
        const empty = page.getByTestId('empty-state');
        await empty.getByRole('heading', { level: 1, name: t(title) }).waitFor();
        await empty.getByText(t(text)).waitFor();
        expect(await page.title()).toBe(`${t(title)} · Winc`);
        expect(await page.getByTestId('card-cover').count()).toBe(0);
        expect(await empty.getByRole('link', { name: t('recipient.visitHome') }).getAttribute('href')).toBe(
          '/',
        );
      }
    } finally {
      await context.close();
    }
  });

  it("shows an Arabic card right to left on a 360 px phone whatever the device says, with a switch to the device's language", async () => {
    const ar = localeText('ar');
    const en = localeText('en');
    const { context, page } = await freshVisitor('en', { width: 360, height: 740 });
    try {
      await page.goto(`${server.baseUrl}/c/${paidArabic.id}`);
      await page.getByRole('heading', { level: 1, name: ar('recipient.title', { name: 'Bo' }) }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await page.locator('html').getAttribute('lang')).toBe('ar');
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.getByTestId('card-cover').click();
      await page
        .getByTestId('card-open')
        .getByText(ar('overview.to', { name: 'Bo' }))
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // The device's language, on request, for this page only.
      await page.getByRole('button', { name: ar('recipient.readIn', { language: 'English' }) }).click();
      await page.getByRole('heading', { level: 1, name: en('recipient.title', { name: 'Bo' }) }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
      expect(await page.evaluate(() => localStorage.getItem('winc-language'))).toBeNull();
      await page.getByRole('button', { name: en('recipient.readIn', { language: 'العربية' }) }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("shows an English card in English on an Arabic phone, and an unpaid card's link in the device language", async () => {
    const en = localeText('en');
    const ar = localeText('ar');
    const { context, page } = await freshVisitor('ar', { width: 360, height: 740 });
    try {
      await page.goto(`${server.baseUrl}/c/${paid.id}`);
      await page.getByRole('heading', { level: 1, name: en('recipient.title', { name: 'Bo' }) }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
      await page.getByRole('button', { name: en('recipient.readIn', { language: 'العربية' }) }).waitFor();

      await page.goto(`${server.baseUrl}/c/${unpaid.id}`);
      await page.getByText(ar('errors.card-not-ready')).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    } finally {
      await context.close();
    }
  });
});
