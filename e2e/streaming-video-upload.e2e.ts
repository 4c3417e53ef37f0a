import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as CompressVideoModule from '../web/lib/media/compress-video.ts';
import type * as CardMediaUploadModule from '../web/lib/uploads/card-media-upload.ts';
import type * as GrowingFileModule from '../web/lib/uploads/growing-file.ts';
import type * as HttpTransportModule from '../web/lib/uploads/http-transport.ts';
import type * as PendingUploadsModule from '../web/lib/uploads/pending-uploads.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';
import { sharedTestVideo } from './support/generate-test-video.ts';
import { firstTemplateId, guestWithCard } from './support/guest-card.ts';
import {
  inspectVideo,
  startMediaTestServer,
  uploadInPage,
  type MediaTestServer,
  type MediaTestWindow,
  type PageFile,
} from './support/media-test-server.ts';

/**
 * A video sent while it is compressed, in Chromium against the real server: the page (this repo's Vite dev
 * server, `/api` proxied to the app with a guest's cookie) compresses a 1080p clip with WebCodecs and the
 * upload client sends the fragmented mp4 as it grows, with a deferred length.
 */

let app: AppServer;
let media: MediaTestServer;
let browser: Browser;
let page: Page;
let clip: PageFile;
let cardId: string;
let headers: Record<string, string>;

beforeAll(async () => {
  app = await startAppServer();
  const guest = await guestWithCard(app.baseUrl, await firstTemplateId(app.baseUrl));
  cardId = guest.card.id;
  headers = guest.headers;
  media = await startMediaTestServer({ api: { target: app.baseUrl, headers } });
  browser = await launchBrowser();
  // About 20 MB of 10 s 1080p H.264/AAC, like a phone clip.
  clip = { name: 'holiday.mp4', mimeType: 'video/mp4', buffer: await sharedTestVideo(browser) };
  page = await browser.newPage();
  await page.goto(media.pageUrl);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await media?.close();
  await app?.stop();
});

async function storedVideo(videoUrl: string): Promise<Buffer> {
  const response = await fetch(`${app.baseUrl}${videoUrl}`, { headers });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('a video uploaded while it compresses', () => {
  it('sends its first bytes before the encoder ends, and the server keeps the whole 720p mp4', async () => {
    const outcome = await uploadInPage(page, clip, { cardId, mode: 'overlapped' });
    const encoderEnd = outcome.compressMs!;
    const beforeEnd = outcome.patches.filter((patch) => patch.atMs < encoderEnd);
    expect(outcome.patches[0]!.atMs).toBeLessThan(encoderEnd);
    // Not a formality: real parts of the file went while the encoder still ran.
    expect(beforeEnd.reduce((sum, patch) => sum + patch.bytes, 0)).toBeGreaterThan(256 * 1024);
    // The offsets follow each other and only the last PATCH declares the length.
    let offset = 0;
    for (const patch of outcome.patches) {
      expect(patch.offset).toBe(offset);
      offset += patch.bytes;
    }
    expect(offset).toBe(outcome.uploadedSize);
    expect(outcome.patches.map((patch) => patch.declaresLength)).toEqual(
      outcome.patches.map((_, index) => index === outcome.patches.length - 1),
    );

    const stored = await storedVideo(outcome.videoUrl!);
    expect(stored.length).toBe(outcome.uploadedSize);
    expect(await inspectVideo(stored)).toMatchObject({
      videoCodec: 'avc',
      audioCodec: 'aac',
      width: 1280,
      height: 720,
    });
    expect((await inspectVideo(stored)).duration).toBeCloseTo(10, 0);
  });

  it('resumes after a reload from the offset the server has, without sending those bytes again', async () => {
    await page.setInputFiles('#file', clip);
    // The first page sends while it compresses, keeps the compressed file once whole (as the editor does),
    // then goes away while its third PATCH is on its way: that request never reaches the server.
    const first = await page.evaluate(async (card) => {
      const { importModule } = window as unknown as MediaTestWindow;
      const { compressVideo } = (await importModule(
        '/lib/media/compress-video.ts',
      )) as typeof CompressVideoModule;
      const { uploadCardMedia, uploadFingerprint } = (await importModule(
        '/lib/uploads/card-media-upload.ts',
      )) as typeof CardMediaUploadModule;
      const { GrowingFile } = (await importModule(
        '/lib/uploads/growing-file.ts',
      )) as typeof GrowingFileModule;
      const { defaultTransport } = (await importModule(
        '/lib/uploads/http-transport.ts',
      )) as typeof HttpTransportModule;
      const { savePendingUpload } = (await importModule(
        '/lib/uploads/pending-uploads.ts',
      )) as typeof PendingUploadsModule;
      const input = (document.getElementById('file') as HTMLInputElement).files![0]!;
      const output = new GrowingFile('video/mp4');
      const fileName = 'clip.mp4';
      const fingerprint = uploadFingerprint({ cardId: card, kind: 'video', file: output, fileName });
      const requests: Array<{ method: string; bytes: number; status: number | null }> = [];
      let patches = 0;
      void uploadCardMedia({
        cardId: card,
        kind: 'video',
        file: output,
        fileName,
        fingerprint,
        transport: async (request) => {
          if (request.method === 'PATCH' && ++patches === 3) return new Promise(() => undefined);
          const response = await defaultTransport(request);
          requests.push({ method: request.method, bytes: request.body?.size ?? 0, status: response.status });
          return response;
        },
      });
      const result = await compressVideo(input, { engine: 'webcodecs', output });
      await savePendingUpload({
        fingerprint,
        cardId: card,
        kind: 'video',
        fileName,
        file: result.file,
        savedAt: Date.now(),
      });
      while (patches < 3) await new Promise((resolve) => setTimeout(resolve, 50));
      return { requests, size: result.compressedSize };
    }, cardId);
    const acknowledged = first.requests
      .filter((request) => request.method === 'PATCH' && request.status === 204)
      .reduce((sum, request) => sum + request.bytes, 0);
    expect(first.requests.map((request) => request.method)).toEqual(['POST', 'PATCH', 'PATCH']);
    expect(acknowledged).toBeGreaterThan(0);
    expect(acknowledged).toBeLessThan(first.size);

    await page.reload();
    // The next visit does what PendingUploadsResumer does: the kept file, under the address kept for it.
    const second = await page.evaluate(async () => {
      const { importModule } = window as unknown as MediaTestWindow;
      const { uploadCardMedia } = (await importModule(
        '/lib/uploads/card-media-upload.ts',
      )) as typeof CardMediaUploadModule;
      const { defaultTransport } = (await importModule(
        '/lib/uploads/http-transport.ts',
      )) as typeof HttpTransportModule;
      const { listPendingUploads } = (await importModule(
        '/lib/uploads/pending-uploads.ts',
      )) as typeof PendingUploadsModule;
      const [pending] = await listPendingUploads();
      const requests: Array<{ method: string; offset: number | null; bytes: number; length: string | null }> =
        [];
      const card = await uploadCardMedia({
        cardId: pending!.cardId,
        kind: pending!.kind,
        file: pending!.file,
        fileName: pending!.fileName,
        fingerprint: pending!.fingerprint,
        transport: (request) => {
          const offset = request.headers?.['Upload-Offset'];
          requests.push({
            method: request.method,
            offset: offset === undefined ? null : Number(offset),
            bytes: request.body?.size ?? 0,
            length: request.headers?.['Upload-Length'] ?? null,
          });
          return defaultTransport(request);
        },
      });
      return { requests, videoUrl: card.videoUrl };
    });
    expect(second.requests[0]!.method).toBe('HEAD');
    expect(second.requests.some((request) => request.method === 'POST')).toBe(false);
    const patches = second.requests.filter((request) => request.method === 'PATCH');
    expect(patches[0]!.offset).toBe(acknowledged);
    // Both pages together sent each byte once.
    expect(acknowledged + patches.reduce((sum, request) => sum + request.bytes, 0)).toBe(first.size);
    expect(patches.at(-1)!.length).toBe(String(first.size));
    const stored = await storedVideo(second.videoUrl!);
    expect(stored.length).toBe(first.size);
    expect(await inspectVideo(stored)).toMatchObject({ videoCodec: 'avc', width: 1280, height: 720 });
  });
});
