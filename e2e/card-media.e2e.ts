import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { verificationLink } from './support/mailbox.ts';
import { sharedTestVideo } from './support/generate-test-video.ts';
import { fakeVideo } from '../server/testing/media-fixture.ts';
import { openCreateEditor, recordVoiceMessage, signUpFromShare } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { inspectVideo } from './support/media-test-server.ts';
import { cardsApi } from '../shared/api-paths.ts';

/**
 * A card's media as a guest sees it, once per language: pick a template → the form's checks in a bad order of
 * mistakes → attach a photo, a 1080p ~20 MB video (compressed in the browser) and a voice message recorded
 * with Chromium's fake microphone → Next → the progress dialog (compressing → uploading → complete) →
 * Continue → the overview's cover opens on everything → Share → sign up → after verification the card is the
 * new account's.
 */

let server: AppServer;
let browser: Browser;
let folder: string;
let videoPath: string;
let photoPath: string;
let videoSize = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startAppServer(),
    launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']),
  ]);
  folder = mkdtempSync(join(tmpdir(), 'winc-media-e2e-'));
  const video = await sharedTestVideo(browser);
  videoSize = video.length;
  videoPath = join(folder, 'birthday-clip.mp4');
  writeFileSync(videoPath, video);
  photoPath = join(folder, 'bo.jpg');
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#f4a261' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .jpeg()
    .toFile(photoPath);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function expectAlert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor({ timeout: 5_000 });
}

describe.each(['en', 'ar'] as const)('a card with a photo, a video and a voice message (%s)', (language) => {
  const t = localeText(language);

  it('is made by a guest, previewed, and carried into a new account', { timeout: 300_000 }, async () => {
    // The server names itself http://localhost:PORT in mail links: the whole visit uses that host, so the
    // guest cookie and the session of the verification link live in one cookie jar.
    const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
    const context = await contextIn(browser, language, {
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    await context.grantPermissions(['microphone'], { origin });
    const page = await context.newPage();
    try {
      const editor = await openCreateEditor(page, origin, t);
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');

      // Mistakes in a bad order: each check speaks in SPEC's order, whatever was filled first.
      const next = editor.getByRole('button', { name: t('editor.next') });
      await editor
        .getByRole('textbox', { name: t('editor.message'), exact: true })
        .fill('Happy birthday, Bo! 🎂');
      await editor.getByRole('button', { name: t('editor.voices.female'), exact: true }).click();
      await next.click();
      await expectAlert(page, t('card.senderRequired'));
      await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill('Bo');
      await next.click();
      await expectAlert(page, t('card.senderRequired'));
      await editor.getByRole('textbox', { name: t('editor.senderName'), exact: true }).fill('Ana');
      await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill('  ');
      await next.click();
      await expectAlert(page, t('card.recipientRequired'));
      await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill('Bo');

      // The photo, the video and a recorded voice message. The photo brings the face-opening switch, on; the
      // sender switches it off.
      const faceOpening = editor.getByTestId('face-opening-switch');
      expect(await faceOpening.count()).toBe(0);
      await editor.getByTestId('recipient-image-input').setInputFiles(photoPath);
      await editor.getByText('bo.jpg').waitFor();
      expect(await faceOpening.isChecked()).toBe(true);
      await editor.getByText(t('editor.faceOpening.label')).click();
      expect(await faceOpening.isChecked()).toBe(false);
      await editor.getByTestId('video-input').setInputFiles(videoPath);
      await editor.getByText('birthday-clip.mp4').first().waitFor();
      await recordVoiceMessage(page, editor, t);

      await next.click();
      const progress = page.getByTestId('upload-progress-dialog');
      await progress.waitFor();
      // The video is over 10 MB: compressed first, then everything uploads.
      await progress.and(page.locator('[data-step="compressing"]')).waitFor({ timeout: 30_000 });
      expect(await progress.getByTestId('upload-item-video').innerText()).toContain('birthday-clip');
      // Once everything is in, the overview comes by itself: no button to press.
      await page.waitForURL(/\/overview\/[\w-]+$/, { timeout: 180_000 });
      const cardId = page.url().split('/').pop()!;
      await page.getByTestId('card-cover').getByText(t('overview.clickToOpen')).click();
      const opened = page.getByTestId('card-open');
      await opened.getByText(t('overview.to', { name: 'Bo' })).waitFor();
      const image = opened.getByTestId('card-image');
      await expect
        .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBe(1600);
      const video = opened.getByTestId('card-video');
      await expect
        .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 15_000 })
        .toBeGreaterThan(0);
      const shape = await video.evaluate((el: HTMLVideoElement) => [
        el.videoWidth,
        el.videoHeight,
        el.duration,
      ]);
      expect(shape[0]).toBeLessThanOrEqual(1280);
      expect(shape[1]).toBeLessThanOrEqual(720);
      expect(shape[2]).toBeGreaterThan(9);
      const audio = opened.getByTestId('card-audio');
      await expect
        .poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 })
        .toBeGreaterThan(0);

      // The stored video is the compressed one, far smaller than the ~20 MB original.
      const stored = await page.evaluate(
        async (url) => (await fetch(url)).headers.get('content-length'),
        (await video.getAttribute('src'))!,
      );
      expect(Number(stored)).toBeLessThan(videoSize / 2);

      // Share as a guest → Sign Up → verify: the card now belongs to the new account.
      const email = await signUpFromShare(page, t, `media-${language}`);
      await page.goto(await verificationLink(server.baseUrl, email));
      // Signed in once the header shows the new account's balance.
      await page.getByTestId('credit-balance').first().waitFor();
      const owned = await page.evaluate(async (path) => {
        const response = await fetch(path);
        return {
          status: response.status,
          card: (await response.json()) as { isGuestCard: boolean; videoUrl: string; faceOpening: boolean },
        };
      }, cardsApi.card(cardId));
      expect(owned.status).toBe(200);
      expect(owned.card.isGuestCard).toBe(false);
      expect(owned.card.videoUrl).toMatch(/\.mp4$/);
      expect(owned.card.faceOpening).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('an upload cut short by a reload', () => {
  const t = localeText('en');

  /** A desktop page whose upload requests are recorded, each marked whether it went after `reload`. */
  async function pageWatchingUploads() {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const uploads: Array<{ method: string; offset: string | null; afterReload: boolean }> = [];
    // After the reload's new document has replaced the old one: the old page may still send a chunk
    // between the reload being asked for and the navigation taking effect.
    let reloading = false;
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (reloading && frame === page.mainFrame()) reloaded = true;
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/uploads'))
        uploads.push({
          method: request.method(),
          offset: request.headers()['upload-offset'] ?? null,
          afterReload: reloaded,
        });
    });
    const reload = async () => {
      reloading = true;
      await page.reload();
    };
    return { context, page, uploads, reload };
  }

  it('finishes by itself after the reload, from the server offset', { timeout: 180_000 }, async () => {
    const origin = server.baseUrl;
    const clip = fakeVideo(4 * 1024 * 1024);
    const clipPath = join(folder, 'short-clip.mp4');
    writeFileSync(clipPath, clip);

    const { context, page, uploads, reload } = await pageWatchingUploads();
    try {
      const editor = await openCreateEditor(page, origin, t);
      await editor.getByRole('textbox', { name: t('editor.senderName'), exact: true }).fill('Ana');
      await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill('Bo');
      await editor.getByRole('textbox', { name: t('editor.message'), exact: true }).fill('See you soon');
      await editor.getByRole('button', { name: t('editor.voices.male'), exact: true }).click();
      await editor.getByTestId('video-input').setInputFiles(clipPath);

      // A slow uplink, so the reload lands in the middle of the upload.
      const network = await context.newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 400 * 1024,
      });
      await editor.getByRole('button', { name: t('editor.next') }).click();
      const firstChunk = await page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.status() === 204,
        { timeout: 30_000 },
      );
      const cardId = (await page.evaluate(() =>
        Object.keys(localStorage).find((key) => key.startsWith('winc-upload:')),
      ))!.split(':')[1]!;
      expect(Number(firstChunk.headers()['upload-offset'])).toBeGreaterThan(0);

      await reload();
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await page
        .getByText(t('cardMedia.resume.done', { fileName: 'short-clip.mp4' }))
        .waitFor({ timeout: 60_000 });

      const afterReload = uploads.filter((entry) => entry.afterReload);
      expect(afterReload[0]?.method).toBe('HEAD');
      expect(afterReload.some((entry) => entry.method === 'POST')).toBe(false);
      expect(Number(afterReload.find((entry) => entry.method === 'PATCH')?.offset)).toBeGreaterThan(0);

      const card = await page.evaluate(
        async (path) => (await (await fetch(path)).json()) as { videoUrl: string },
        cardsApi.card(cardId),
      );
      const stored = await page.evaluate(
        async (url) => (await fetch(url)).headers.get('content-length'),
        card.videoUrl,
      );
      expect(Number(stored)).toBe(clip.length);
    } finally {
      await context.close();
    }
  });
  it(
    'compresses a video again after a reload that cut its compression short, and sends it from zero',
    { timeout: 240_000 },
    async () => {
      const { context, page, uploads, reload } = await pageWatchingUploads();
      try {
        const editor = await openCreateEditor(page, server.baseUrl, t);
        await editor.getByRole('textbox', { name: t('editor.senderName'), exact: true }).fill('Ana');
        await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill('Bo');
        await editor.getByRole('textbox', { name: t('editor.message'), exact: true }).fill('See you soon');
        await editor.getByRole('button', { name: t('editor.voices.male'), exact: true }).click();
        // The 1080p clip starts compressing when picked; Next at once sends it while it compresses.
        await editor.getByTestId('video-input').setInputFiles(videoPath);
        await editor.getByRole('button', { name: t('editor.next') }).click();
        await page.waitForResponse(
          (response) => response.request().method() === 'PATCH' && response.status() === 204,
          { timeout: 60_000 },
        );
        // What the page keeps for the next visit is the original, to be compressed again.
        const kept = await page.evaluate(
          () =>
            new Promise<Array<{ compressFirst?: boolean; size: number }>>((resolve, reject) => {
              const request = indexedDB.open('winc-uploads');
              request.onerror = () => reject(new Error('no upload store'));
              request.onsuccess = () => {
                const all = request.result.transaction('pending').objectStore('pending').getAll();
                all.onsuccess = () =>
                  resolve(
                    (all.result as Array<{ compressFirst?: boolean; file: Blob }>).map((upload) => ({
                      compressFirst: upload.compressFirst,
                      size: upload.file.size,
                    })),
                  );
              };
            }),
        );
        expect(kept).toEqual([{ compressFirst: true, size: videoSize }]);
        const cardId = (await page.evaluate(() =>
          Object.keys(localStorage).find((key) => key.startsWith('winc-upload:')),
        ))!.split(':')[1]!;

        await reload();
        await page
          .getByText(t('cardMedia.resume.done', { fileName: 'birthday-clip.mp4' }))
          .waitFor({ timeout: 180_000 });

        // A new upload of the new compression's output, from its first byte.
        const afterReload = uploads.filter((entry) => entry.afterReload);
        expect(afterReload[0]?.method).toBe('POST');
        expect(afterReload.find((entry) => entry.method === 'PATCH')?.offset).toBe('0');
        const card = await page.evaluate(
          async (path) => (await (await fetch(path)).json()) as { videoUrl: string },
          cardsApi.card(cardId),
        );
        const stored = Buffer.from(
          await page.evaluate(
            async (url) => [...new Uint8Array(await (await fetch(url)).arrayBuffer())],
            card.videoUrl,
          ),
        );
        expect(stored.length).toBeLessThan(videoSize);
        expect(await inspectVideo(stored)).toMatchObject({ videoCodec: 'avc', width: 1280, height: 720 });
      } finally {
        await context.close();
      }
    },
  );
});
