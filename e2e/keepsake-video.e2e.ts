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
import { signedInOwner } from './support/card-owner.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import {
  inspectVideo,
  startMediaTestServer,
  type MediaTestServer,
  type MediaTestWindow,
} from './support/media-test-server.ts';

/**
 * "Save as video" (DESIGN §1.21) on a phone, in English and in Arabic: the opened card makes its MP4 on the
 * device with a percentage, and the download is a file that decodes — H.264 1280×720 with an AAC track, at
 * most 30 s. Saving the same card again on the device hands back the kept file at once. Frames of the file,
 * decoded in a browser, go to WINC_SCREENSHOT_DIR to be looked at.
 */

let server: AppServer;
let media: MediaTestServer;
let browser: Browser;
const cards: Partial<Record<Language, Card>> = {};

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
};

beforeAll(async () => {
  [server, media, browser] = await Promise.all([startAppServer(), startMediaTestServer(), launchBrowser()]);
  const templateId = await firstTemplateId(server.baseUrl);
  const owner = await signedInOwner(server.baseUrl);
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
  for (const language of ['en', 'ar'] as const) {
    const card = await owner.createCard(templateId, language, { message: MESSAGES[language] });
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

describe.each(['en', 'ar'] as const)('Save as video in %s, on a phone', (language) => {
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
      const save = page.getByTestId('save-as-video');
      await save.getByRole('button', { name: t('keepsakeVideo.save') }).click();

      // The percentage moves while the video is made, then the download is offered.
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

      const dir = process.env.WINC_SCREENSHOT_DIR;
      const times = [0.3, 1.3, 3.5, facts.duration * 0.62, facts.duration - 0.5];
      const frames = await framesOf(video, times);
      expect(frames).toHaveLength(times.length);
      if (dir) {
        mkdirSync(dir, { recursive: true });
        frames.forEach((png, index) =>
          writeFileSync(path.join(dir, `keepsake-video-${language}-${index + 1}.png`), png),
        );
      }

      // The same card version again on this device: no new encoding, the kept file at once.
      await page.reload();
      await openCard(page, card);
      await save.getByRole('button', { name: t('keepsakeVideo.save') }).click();
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
