import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as Mediabunny from 'mediabunny';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '../shared/cards/cards.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { signedInOwner, type CardOwner } from './support/card-owner.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import {
  inspectVideo,
  startMediaTestServer,
  type MediaTestServer,
  type MediaTestWindow,
} from './support/media-test-server.ts';

/**
 * "Save as video" (DESIGN §1.21) on a phone, in English, Arabic and Russian: the opened card makes its MP4 on
 * the device with a percentage, and the download is a file that decodes — H.264 1280×720 with an AAC track,
 * at most 30 s. Saving the same card again on the device hands back the kept file at once. The sender saves
 * the Russian card from My WINCS on an English screen and gets the recipient's video: the words around the
 * card ("Кому", "От") are the card's, not the screen's. Frames of the files, decoded in a browser, go to
 * WINC_SCREENSHOT_DIR to be looked at.
 */

let server: AppServer;
let media: MediaTestServer;
let browser: Browser;
let owner: CardOwner;
const cards: Partial<Record<Language, Card>> = {};
/** Each language's video as the recipient page made it. */
const videos: Partial<Record<Language, Buffer>> = {};

/** mediabunny as one file, which the test page's dev server serves from the repository. */
const MEDIABUNNY_BUNDLE = path.join(
  import.meta.dirname,
  '..',
  'node_modules/mediabunny/dist/bundles/mediabunny.mjs',
);
const PHOTO = { create: { width: 600, height: 800, channels: 3 as const, background: '#e9c46a' } };
const MESSAGES: Partial<Record<Language, string>> = {
  en: 'Happy birthday, Bo! Another year of adventures — with love from all of us.',
  ar: 'عيد ميلاد سعيد يا بو! كل عام وأنت بخير، مع كل الحب منا جميعاً.',
  ru: 'С днём рождения, Маша! Пусть этот год будет тёплым и весёлым.',
};
const NAMES: Partial<Record<Language, { recipientName: string; senderName: string }>> = {
  ru: { recipientName: 'Маша', senderName: 'Аня' },
};
/** Where the frames looked at are taken: the cover, its swing, the card grown, the greeting, message, photo. */
const frameTimes = (duration: number) => [0.3, 1.3, 2, 3.5, duration * 0.62, duration - 0.5];

beforeAll(async () => {
  [server, media, browser] = await Promise.all([startAppServer(), startMediaTestServer(), launchBrowser()]);
  const templateId = await firstTemplateId(server.baseUrl);
  owner = await signedInOwner(server.baseUrl);
  const photo = await sharp(PHOTO)
    .composite([
      {
        input: Buffer.from(
          '<svg width="600" height="800"><circle cx="300" cy="360" r="180" fill="#7c2a68"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  for (const language of ['en', 'ar', 'ru'] as const) {
    const card = await owner.createCard(templateId, language, {
      message: MESSAGES[language],
      ...NAMES[language],
    });
    await owner.putMedia(card.id, 'image', photo);
    cards[language] = await owner.unlock(card);
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await media?.close();
  await server?.stop();
});

/** Frames of the video decoded by the browser's WebCodecs (mediabunny's CanvasSink), as PNG bytes. */
async function framesOf(video: Buffer, times: number[]): Promise<Buffer[]> {
  const page = await browser.newPage();
  try {
    await page.goto(media.pageUrl);
    await page.setInputFiles('#file', { name: 'keepsake.mp4', mimeType: 'video/mp4', buffer: video });
    const urls = await page.evaluate(
      async ({ at, bundle }) => {
        const { importModule } = window as unknown as MediaTestWindow;
        const { ALL_FORMATS, BlobSource, CanvasSink, Input } = (await importModule(
          bundle,
        )) as typeof Mediabunny;
        const file = (document.getElementById('file') as HTMLInputElement).files![0]!;
        const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
        const track = (await input.getPrimaryVideoTrack())!;
        const sink = new CanvasSink(track, { poolSize: 1 });
        const shots: string[] = [];
        for (const time of at) {
          const frame = await sink.getCanvas(time);
          const canvas = frame!.canvas;
          const blob =
            canvas instanceof OffscreenCanvas
              ? await canvas.convertToBlob({ type: 'image/png' })
              : await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
          const bytes = new Uint8Array(await blob.arrayBuffer());
          let binary = '';
          for (const byte of bytes) binary += String.fromCharCode(byte);
          shots.push(btoa(binary));
        }
        input.dispose();
        return shots;
      },
      { at: times, bundle: `/@fs${MEDIABUNNY_BUNDLE}` },
    );
    return urls.map((base64) => Buffer.from(base64, 'base64'));
  } finally {
    await page.close();
  }
}

async function openCard(page: Page, card: Card): Promise<void> {
  await page.goto(`${server.baseUrl}/c/${card.id}`);
  await page.getByTestId('card-cover').click();
  await page.getByTestId('card-open').waitFor();
}

/**
 * Taps "Save as video" on the page, sees the percentage move, downloads the made video and checks that it
 * decodes as H.264 1280×720 with AAC, at most 30 s; its bytes and length.
 */
async function saveVideo(
  page: Page,
  t: ReturnType<typeof localeText>,
  card: Card,
): Promise<{ video: Buffer; duration: number }> {
  const save = page.getByTestId('save-as-video');
  await save.getByRole('button', { name: t('keepsakeVideo.save') }).click();
  const progress = page.getByTestId('save-as-video-progress');
  await expect
    .poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value), { timeout: 60_000 })
    .toBeGreaterThan(0);
  const ready = page.getByTestId('save-as-video-ready');
  await ready.waitFor({ timeout: 120_000 });
  expect(await ready.getAttribute('data-from')).toBe('made');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('save-as-video-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `${t('keepsakeVideo.fileName', { name: card.recipientName })}.mp4`,
  );
  const video = readFileSync(await download.path());
  const facts = await inspectVideo(video);
  expect(facts).toMatchObject({ videoCodec: 'avc', audioCodec: 'aac', width: 1280, height: 720 });
  expect(facts.duration).toBeGreaterThan(0);
  expect(facts.duration).toBeLessThanOrEqual(30);
  return { video, duration: facts.duration };
}

function keepFrames(name: string, frames: Buffer[]): void {
  const dir = process.env.WINC_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  frames.forEach((png, index) =>
    writeFileSync(path.join(dir, `keepsake-video-${name}-${index + 1}.png`), png),
  );
}

/** The card's paper (#fffdf8) in the band just inside its top edge, as drawn on the grown card. */
const PAPER = [0xff, 0xfd, 0xf8];
const TOP_BAND = { left: 110, right: 1170, top: 44, bottom: 70 };

/** Pixels in the band under the grown card's top edge that are not its plain paper, as "x,y". */
async function strayPixelsUnderTopEdge(png: Buffer): Promise<string[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const stray: string[] = [];
  for (let y = TOP_BAND.top; y < TOP_BAND.bottom; y++)
    for (let x = TOP_BAND.left; x < TOP_BAND.right; x++) {
      const at = (y * info.width + x) * 3;
      if (PAPER.some((value, channel) => Math.abs(data[at + channel]! - value) > 10)) stray.push(`${x},${y}`);
    }
  return stray;
}

/** How many pixels of two frames differ by more than the encoder's noise in any channel. */
async function pixelsApart(one: Buffer, other: Buffer): Promise<number> {
  const [a, b] = await Promise.all([one, other].map((png) => sharp(png).removeAlpha().raw().toBuffer()));
  let apart = 0;
  for (let index = 0; index < a!.length; index += 3)
    if ([0, 1, 2].some((channel) => Math.abs(a![index + channel]! - b![index + channel]!) > 48)) apart++;
  return apart;
}

describe.each(['en', 'ar', 'ru'] as const)('Save as video in %s, on a phone', (language) => {
  it('makes an MP4 that decodes (H.264 1280×720, AAC, ≤ 30 s), and gives it back from the device the second time', async () => {
    const t = localeText(language);
    const card = cards[language]!;
    const context = await contextIn(browser, language, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
      acceptDownloads: true,
    });
    try {
      const page = await context.newPage();
      await openCard(page, card);
      const { video, duration } = await saveVideo(page, t, card);
      videos[language] = video;
      const times = frameTimes(duration);
      const frames = await framesOf(video, times);
      expect(frames).toHaveLength(times.length);
      keepFrames(language, frames);
      // Once the card has grown to the frame, its paper is clean along the top edge: the edges that moved
      // while it grew leave no stray pixels behind.
      expect(await strayPixelsUnderTopEdge(frames[3]!)).toEqual([]);

      // The same card version again on this device: no new encoding, the kept file at once.
      await page.reload();
      await openCard(page, card);
      await page
        .getByTestId('save-as-video')
        .getByRole('button', { name: t('keepsakeVideo.save') })
        .click();
      const ready = page.getByTestId('save-as-video-ready');
      await ready.waitFor();
      expect(await ready.getAttribute('data-from')).toBe('cache');
      const [again] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('save-as-video-download').click(),
      ]);
      expect(readFileSync(await again.path()).equals(video)).toBe(true);
    } finally {
      await context.close();
    }
  }, 300_000);
});

describe('Save as video in My WINCS', () => {
  it('gives the sender, on an English screen, the Russian card’s own video: its words in Russian, as the recipient’s', async () => {
    const t = localeText('en');
    const card = cards.ru!;
    const context = await contextIn(browser, 'en', { acceptDownloads: true });
    await owner.signIn(context, server.baseUrl);
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/my-wincs`);
      await page.locator(`[data-testid="my-winc"][data-card-id="${card.id}"]`).click();
      await page.getByTestId('card-details').waitFor();
      const { video, duration } = await saveVideo(page, t, card);
      const times = frameTimes(duration);
      const [frames, recipients] = await Promise.all([framesOf(video, times), framesOf(videos.ru!, times)]);
      keepFrames('my-wincs-ru', frames);
      // The greeting ("Кому: Маша") and the message ("Кому", "От") drawn as the Russian page drew them.
      for (const index of [3, 4])
        expect(await pixelsApart(frames[index]!, recipients[index]!)).toBeLessThan(200);
    } finally {
      await context.close();
    }
  }, 300_000);
});
