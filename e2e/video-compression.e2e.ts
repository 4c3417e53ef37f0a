import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '../shared/cards/card-media.ts';
import { decideVideoCompression } from '../shared/cards/video-compression.ts';
import { FFMPEG_CORE_DIR } from '../web/lib/media/ffmpeg-core-files.ts';
import type * as ReadVideoMetadataModule from '../web/lib/media/read-video-metadata.ts';
import type { VideoMetadata } from '../web/lib/media/read-video-metadata.ts';
import { startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';
import { generateTestVideo, sharedTestVideo } from './support/generate-test-video.ts';
import {
  compressInPage,
  inspectVideo,
  startMediaTestServer,
  type MediaTestServer,
  type MediaTestWindow,
  type PageFile,
} from './support/media-test-server.ts';

/**
 * SPEC §5/§9 video compression in Chromium: both engines on videos made in the browser, under the production
 * CSP (the dev server sends the real server's header on every answer). The ffmpeg.wasm fallback runs on a
 * short clip: it is several times slower than WebCodecs on 2 cores.
 */

let server: MediaTestServer;
let browser: Browser;
let page: Page;
let long1080p: PageFile;
let short1080p: PageFile;
let webmWithOpus: PageFile;
const notAVideo: PageFile = {
  name: 'notes.mp4',
  mimeType: 'video/mp4',
  buffer: Buffer.from('These are not the frames you are looking for.\n'.repeat(2000)),
};

async function readMetadataInPage(file: PageFile): Promise<VideoMetadata | null> {
  await page.setInputFiles('#file', file);
  return page.evaluate(async () => {
    const { importModule } = window as unknown as MediaTestWindow;
    const { readVideoMetadata } = (await importModule(
      '/lib/media/read-video-metadata.ts',
    )) as typeof ReadVideoMetadataModule;
    return readVideoMetadata((document.getElementById('file') as HTMLInputElement).files![0]!);
  });
}

beforeAll(async () => {
  server = await startMediaTestServer();
  browser = await launchBrowser();
  // About 20 MB of 10 s 1080p H.264/AAC, like a phone clip; a 3 s one for the slow engine; VP8/Opus in WebM,
  // whose sound must be re-encoded (Chromium on Linux has no AAC encoder: the wasm one does it).
  long1080p = { name: 'holiday.mov', mimeType: 'video/quicktime', buffer: await sharedTestVideo(browser) };
  short1080p = {
    name: 'short.mp4',
    mimeType: 'video/mp4',
    buffer: await generateTestVideo(browser, { seconds: 3 }),
  };
  webmWithOpus = {
    name: 'party.webm',
    mimeType: 'video/webm',
    buffer: await generateTestVideo(browser, {
      container: 'webm',
      width: 640,
      height: 360,
      seconds: 2,
      videoBitrate: 2_000_000,
    }),
  };
  const context = await browser.newContext();
  // Records CSP violations of the page, so a blocked request fails the test even if the code tolerates it.
  await context.addInitScript({
    content:
      'window.__cspViolations = []; document.addEventListener("securitypolicyviolation", (e) => ' +
      'window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI));',
  });
  page = await context.newPage();
  const response = await page.goto(server.pageUrl);
  expect(response?.headers()['content-security-policy']).toBe(server.contentSecurityPolicy);
}, 180_000);

afterAll(async () => {
  if (page) {
    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    expect(violations).toEqual([]);
  }
  await browser?.close();
  await server?.close();
});

describe('the test clips', () => {
  it('are what a phone would record: 1080p H.264/AAC of about 20 MB for 10 s', async () => {
    expect(long1080p.buffer.length).toBeGreaterThan(15 * MB);
    expect(long1080p.buffer.length).toBeLessThan(30 * MB);
    expect(await inspectVideo(long1080p.buffer)).toMatchObject({
      videoCodec: 'avc',
      audioCodec: 'aac',
      width: 1920,
      height: 1080,
    });
    expect(await inspectVideo(webmWithOpus.buffer)).toMatchObject({ videoCodec: 'vp8', audioCodec: 'opus' });
  });
});

describe('readVideoMetadata', () => {
  it('reads size, duration and codecs from the container, which decides compression (SPEC §5)', async () => {
    const metadata = await readMetadataInPage(long1080p);
    expect(metadata).toMatchObject({ width: 1920, height: 1080, videoCodec: 'avc', audioCodec: 'aac' });
    expect(metadata?.duration).toBeCloseTo(10, 0);
    expect(decideVideoCompression({ size: long1080p.buffer.length, ...metadata })).toBe('compress');
  });

  it('answers null for a file that is not a video', async () => {
    expect(await readMetadataInPage(notAVideo)).toBeNull();
  });
});

describe('compressVideo with WebCodecs', () => {
  it('turns a 20 MB 1080p clip into a much smaller 720p H.264/AAC mp4 of the same length', async () => {
    // In a worker of its own: the page's thread, where the sender types meanwhile, decodes and encodes nothing.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.evaluate(() => {
      const counted = window as unknown as { codecsOnPage: number };
      counted.codecsOnPage = 0;
      const codecs = window as unknown as Record<string, new (init: unknown) => object>;
      for (const name of ['VideoEncoder', 'VideoDecoder']) {
        const Codec = codecs[name]!;
        // A subclass keeps the static isConfigSupported the engine asks first.
        codecs[name] = class extends Codec {
          constructor(init: unknown) {
            super(init);
            counted.codecsOnPage += 1;
          }
        };
      }
    });
    const outcome = await compressInPage(page, server, long1080p, { engine: 'webcodecs' });
    if (!outcome.ok) throw new Error(`compression failed: ${JSON.stringify(outcome)}`);
    expect(await page.evaluate(() => (window as unknown as { codecsOnPage: number }).codecsOnPage)).toBe(0);
    expect(workers.some((url) => url.includes('webcodecs.worker'))).toBe(true);
    const { result, output, progress } = outcome;
    expect(result).toMatchObject({
      fileName: 'holiday.mp4',
      fileType: 'video/mp4',
      originalSize: long1080p.buffer.length,
      compressedSize: output.length,
    });
    expect(output.length).toBeLessThan(long1080p.buffer.length / 4);
    expect(result.compressionRatio).toBeCloseTo((1 - output.length / long1080p.buffer.length) * 100, 0);
    const facts = await inspectVideo(output);
    expect(facts).toMatchObject({ videoCodec: 'avc', audioCodec: 'aac', width: 1280, height: 720 });
    expect(Math.abs(facts.duration - (await inspectVideo(long1080p.buffer)).duration)).toBeLessThanOrEqual(
      0.5,
    );
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // The output plays where the card will: the browser reads it as 720p.
    expect(
      await readMetadataInPage({ name: 'out.mp4', mimeType: 'video/mp4', buffer: output }),
    ).toMatchObject({
      width: 1280,
      height: 720,
    });
  });

  it('re-encodes Opus sound to AAC with the wasm encoder, and never upscales', async () => {
    const outcome = await compressInPage(page, server, webmWithOpus, { engine: 'webcodecs' });
    if (!outcome.ok) throw new Error(`compression failed: ${JSON.stringify(outcome)}`);
    expect(outcome.result.fileName).toBe('party.mp4');
    const facts = await inspectVideo(outcome.output);
    expect(facts).toMatchObject({ videoCodec: 'avc', audioCodec: 'aac', width: 640, height: 360 });
    expect(facts.duration).toBeGreaterThan(1.5);
    expect(facts.duration).toBeLessThan(2.5);
  });

  it('stops when canceled and rejects with an AbortError', async () => {
    const outcome = await compressInPage(page, server, long1080p, {
      engine: 'webcodecs',
      abortAtProgress: 0.05,
    });
    expect(outcome).toMatchObject({ ok: false, name: 'AbortError', progressAfterSettle: 0 });
    expect(outcome.progress.at(-1)).toBeLessThan(1);
  });

  it('rejects a file that is not a video as unsupported-format', async () => {
    const outcome = await compressInPage(page, server, notAVideo, { engine: 'webcodecs' });
    expect(outcome).toMatchObject({ ok: false, code: 'unsupported-format' });
  });
});

describe('compressVideo with the ffmpeg.wasm fallback', () => {
  it('compresses a 1080p clip to a 720p H.264/AAC mp4 (libx264 CRF 28) of the same length', async () => {
    const outcome = await compressInPage(page, server, short1080p, { engine: 'ffmpeg' });
    if (!outcome.ok) throw new Error(`compression failed: ${JSON.stringify(outcome)}`);
    const { result, output, progress } = outcome;
    expect(result).toMatchObject({
      fileName: 'short.mp4',
      fileType: 'video/mp4',
      compressedSize: output.length,
    });
    expect(output.length).toBeLessThan(short1080p.buffer.length / 2);
    const facts = await inspectVideo(output);
    expect(facts).toMatchObject({ videoCodec: 'avc', audioCodec: 'aac', width: 1280, height: 720 });
    expect(Math.abs(facts.duration - (await inspectVideo(short1080p.buffer)).duration)).toBeLessThanOrEqual(
      0.5,
    );
    expect(progress.at(-1)).toBe(1);
  });

  it('terminates ffmpeg when canceled and rejects with an AbortError', async () => {
    const outcome = await compressInPage(page, server, short1080p, {
      engine: 'ffmpeg',
      abortAtProgress: 0.01,
    });
    expect(outcome).toMatchObject({ ok: false, name: 'AbortError', progressAfterSettle: 0 });
  });

  it('is where "auto" sends a file WebCodecs cannot read; a non-video still ends as unsupported-format', async () => {
    const outcome = await compressInPage(page, server, notAVideo, { engine: 'auto' });
    expect(outcome).toMatchObject({ ok: false, code: 'unsupported-format' });
    // ffmpeg's own words, not the WebCodecs engine's: the fallback did run.
    expect(outcome.ok ? '' : outcome.reason).toMatch(/invalid data|could not find|format/i);
    expect(outcome.ok ? '' : outcome.name).toBe('VideoCompressionError');
  });
});

describe('the production setup', () => {
  it('enforces the CSP in the test page: a script from outside our origin is refused', async () => {
    expect(server.contentSecurityPolicy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(server.contentSecurityPolicy).not.toContain("'unsafe-eval'");
    const refused = await page.evaluate(async () => {
      const { importModule } = window as unknown as MediaTestWindow;
      return importModule('data:text/javascript,export default 1').then(
        () => false,
        () => true,
      );
    });
    expect(refused).toBe(true);
    // The refusal was recorded; clear it so the final check looks only at the engines.
    await page.evaluate(() => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations.length = 0;
    });
  });

  it('the real server serves the built ffmpeg core from our origin, under the same CSP', async () => {
    const app = await startAppServer({ env: { SEED_DEMO_CATALOG: 'false' } });
    try {
      for (const [name, type] of [
        ['ffmpeg-core.js', 'javascript'],
        ['ffmpeg-core.wasm', 'application/wasm'],
      ] as const) {
        const response = await fetch(`${app.baseUrl}/${FFMPEG_CORE_DIR}/${name}`, { method: 'HEAD' });
        expect(response.status, name).toBe(200);
        expect(response.headers.get('content-type'), name).toContain(type);
        expect(response.headers.get('content-security-policy'), name).toBe(server.contentSecurityPolicy);
      }
    } finally {
      await app.stop();
    }
  });

  it('keeps mediabunny, its AAC encoder and ffmpeg.wasm out of the built app’s initial scripts', () => {
    const web = join(import.meta.dirname, '..', 'dist', 'web');
    const html = readFileSync(join(web, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(initial.length).toBeGreaterThan(0);
    for (const script of initial) {
      const code = readFileSync(join(web, script), 'utf8');
      expect(code, script).not.toContain('called FFmpeg.terminate()');
      expect(code, script).not.toContain('libavcodec');
      // mediabunny itself (400 KB) is loaded on first use too.
      expect(code, script).not.toContain('ConversionCanceledError');
    }
    expect(readdirSync(join(web, FFMPEG_CORE_DIR)).sort()).toEqual(['ffmpeg-core.js', 'ffmpeg-core.wasm']);
  });
});
