import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '../shared/cards/cards.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { paths } from '../web/config/paths.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { signedInOwner, type CardOwner } from './support/card-owner.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { openAppPage } from './support/open-page.ts';
import { shootWidths } from './support/screenshots.ts';
import { boxOf, type Box } from './support/boxes.ts';

/**
 * The card on a 390 px phone, in each language, on the sender's Overview and on the recipient's page: the
 * "Tap to open card" hint stays clear of the cover's bottom fifth, where artwork carries its own caption, and
 * is in view; a Russian card's page speaks one register, its message's; an open card without a photo, a video or a voice note closes up around its message, while one
 * with a photo still shows it.
 */

const PHONE = { width: 390, height: 844 };
const PHONE_CONTEXT = { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' } as const;
/** The most empty space an open card may keep between its message and what follows it, in CSS pixels. */
const MAX_GAP = 48;

let server: AppServer;
let browser: Browser;
let owner: CardOwner;
let templateId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser(['--hide-scrollbars'])]);
  templateId = await firstTemplateId(server.baseUrl);
  owner = await signedInOwner(server.baseUrl);
  await owner.buyPremium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const intersects = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const messages: Record<Language, string> = {
  en: 'Happy birthday, Bo!',
  ar: 'عيد ميلاد سعيد يا بو!',
  ru: 'С днём рождения, Бо!',
};

describe.each<Language>(['en', 'ar', 'ru'])('the card on a phone (%s)', (language) => {
  const t = localeText(language);
  let context: BrowserContext;
  let page: Page;
  let plain: Card;
  let withPhoto: Card;

  beforeAll(async () => {
    plain = await owner.unlock(await owner.createCard(templateId, language, { message: messages[language] }));
    withPhoto = await owner.createCard(templateId, language, { message: messages[language] });
    const photo = { create: { width: 600, height: 800, channels: 3 as const, background: '#e9c46a' } };
    await owner.putMedia(withPhoto.id, 'image', await sharp(photo).jpeg().toBuffer());
    withPhoto = await owner.unlock(withPhoto);

    context = await contextIn(browser, language, PHONE_CONTEXT);
    // The owner's session, for the Overview.
    await owner.signIn(context, server.baseUrl);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it.each([
    ['recipient page', (card: Card) => paths.recipientCard(card.id)],
    ['Overview', (card: Card) => paths.overview(card.id)],
  ] as const)('keeps "Tap to open card" off the bottom fifth of the cover (%s)', async (name, path) => {
    await openAppPage(page, `${server.baseUrl}${path(plain)}`);
    const cover = page.getByTestId('card-cover');
    // A message that says neither "ты" nor "вы": the Russian card speaks "ты".
    const hint = cover.getByText(t('overview.tapToOpen', { context: 'informal' }), { exact: true });
    await hint.waitFor();
    const artwork = await boxOf(cover.locator('img'));
    const bottomFifth = { ...artwork, top: artwork.bottom - (artwork.bottom - artwork.top) / 5 };
    const shown = await boxOf(hint);
    await shootWidths(page, `phone-cover-hint-${name === 'Overview' ? 'overview' : 'recipient'}-${language}`);
    expect(intersects(shown, bottomFifth)).toBe(false);
    // In view on the phone's first screen, whole.
    expect(shown.top).toBeGreaterThanOrEqual(0);
    expect(shown.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(shown.left).toBeGreaterThanOrEqual(0);
    expect(shown.right).toBeLessThanOrEqual(PHONE.width);
  });

  it('closes up an open card without media around its message', async () => {
    await openAppPage(page, `${server.baseUrl}${paths.recipientCard(plain.id)}`);
    await page.getByTestId('card-cover').click();
    const opened = page.getByTestId('card-open');
    const message = opened.getByTestId('card-message');
    await message.waitFor();
    const signature = opened.getByText(t('overview.from', { name: 'Ana' }), { exact: true });
    const [text, from, card] = await Promise.all([boxOf(message), boxOf(signature), boxOf(opened)]);
    await shootWidths(page, `phone-open-card-no-media-${language}`);
    expect(await opened.locator('img, video, audio').count()).toBe(0);
    // Between the message and the signature, and after the signature to the card's edge.
    expect(from.top - text.bottom).toBeLessThanOrEqual(MAX_GAP);
    expect(card.bottom - from.bottom).toBeLessThanOrEqual(MAX_GAP);
  });

  it('still shows the photo of an open card that has one', async () => {
    await openAppPage(page, `${server.baseUrl}${paths.recipientCard(withPhoto.id)}`);
    await page.getByTestId('card-cover').click();
    const photo = page.getByTestId('card-open').getByTestId('card-image');
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const box = await boxOf(photo);
    await shootWidths(page, `phone-open-card-photo-${language}`);
    expect(box.bottom - box.top).toBeGreaterThan(100);
  });
});

describe('a Russian card on a phone', () => {
  const t = localeText('ru');
  /** Words of the other register than the card's, and guessed genders ("приготовил(а)"). */
  const TY = /(?<!\p{L})(ты|тебя|тебе|тобой|тво[йяеёию]\p{L}*|нажми|открой)(?!\p{L})/iu;
  const VY = /(?<!\p{L})(вы|вас|вам|вами|ваш\p{L}*|\p{L}+(?:ите|йте))(?!\p{L})/iu;

  it.each([
    ['formal', 'Уважаемая Анна Петровна, поздравляю Вас с юбилеем!', TY],
    ['informal', 'С днём рождения! Обнимаю тебя крепко.', VY],
  ] as const)("speaks one register on its page, its message's (%s)", async (form, message, other) => {
    const card = await owner.unlock(await owner.createCard(templateId, 'ru', { message }));
    const context = await contextIn(browser, 'ru', PHONE_CONTEXT);
    try {
      const page = await context.newPage();
      await openAppPage(page, `${server.baseUrl}${paths.recipientCard(card.id)}`);
      await page
        .getByRole('heading', { level: 1, name: t('recipient.title', { name: 'Bo', context: form }) })
        .waitFor();
      await page
        .getByText(t('recipient.fromSender', { name: 'Ana', context: form }), { exact: true })
        .waitFor();
      await page
        .getByTestId('card-cover')
        .getByText(t('overview.tapToOpen', { context: form }))
        .waitFor();
      const closed = await page.locator('main').innerText();
      await page.getByTestId('card-cover').click();
      const message = page.getByTestId('card-message');
      await message.waitFor();
      // What the open card loads after it has swung open: the keepsakes and the reply to the sender.
      await page.getByTestId('save-as-video').waitFor();
      await page.getByTestId('reply-panel').waitFor();
      // All the page says, but the sender's own message: its texts, its fields' labels and placeholders.
      const opened = await page.locator('main').evaluate((main) =>
        [...main.querySelectorAll<HTMLElement>('h1, h2, p, button, span, label, textarea, input')]
          .filter((element) => element.dataset.testid !== 'card-message')
          .map((element) =>
            element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement
              ? element.placeholder
              : element.innerText,
          )
          .join('\n'),
      );
      await shootWidths(page, `phone-open-card-ru-${form}`);
      expect(`${closed}\n${opened}`).not.toMatch(other);
      expect(closed).not.toMatch(/\p{L}\(\p{L}{1,3}\)/u);
    } finally {
      await context.close();
    }
  });
});
