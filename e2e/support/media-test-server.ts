import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import Fastify from 'fastify';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import type { Page } from 'playwright-core';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { registerSecurityHeaders } from '../../server/platform/http/security-headers.ts';
import { freePort } from '../../server/testing/postgres.ts';
import type { CompressionResult } from '../../shared/cards/video-compression.ts';
import type * as CompressVideoModule from '../../web/lib/media/compress-video.ts';
import type { VideoCompressionEngine } from '../../web/lib/media/compress-video.ts';
import type * as CardMediaUploadModule from '../../web/lib/uploads/card-media-upload.ts';
import type * as GrowingFileModule from '../../web/lib/uploads/growing-file.ts';
import type * as HttpTransportModule from '../../web/lib/uploads/http-transport.ts';
import type * as ResumeStoreModule from '../../web/lib/uploads/resume-store.ts';

/**
 * The Vite dev server of this repo (its vite.config.ts, so the ffmpeg core is served the way the build ships
 * it), for browser code that no page uses yet: a page imports a module by its source path
 * (`/lib/media/compress-video.ts`) and runs it. Every answer carries the exact Content-Security-Policy the real
 * server sends, so whatever the module does (wasm, workers, fetches) must pass the production CSP.
 */

const REPO_ROOT = join(import.meta.dirname, '..', '..');

export const MEDIA_TEST_PAGE = '/__media-test';
const UPLOAD_PREFIX = `${MEDIA_TEST_PAGE}/upload/`;

/**
 * A blank page with one file input (`#file`) for `setInputFiles`, like a user picking a file, and
 * `window.importModule`: the test runner rewrites `import()` inside functions (it compiles them for Node),
 * which breaks a function that page.evaluate sends to the browser. A script file, as the CSP refuses inline ones.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>media test</title>
<script type="module" src="${MEDIA_TEST_PAGE}/page.js"></script></head>
<body><input type="file" id="file"></body></html>`;
const PAGE_SCRIPT = [
  'window.importModule = (url) => import(url);',
  // tsx (the bench) compiles with esbuild's keepNames, whose `__name(fn)` calls end up in evaluated code.
  'globalThis.__name ??= (fn) => fn;',
].join('\n');

/** The test page's window, as functions that page.evaluate runs there see it. */
export interface MediaTestWindow {
  importModule: (url: string) => Promise<unknown>;
}

export interface MediaTestServer {
  /** The test page's URL. */
  pageUrl: string;
  /** The CSP on every answer: the one the real server sends. */
  contentSecurityPolicy: string;
  /** A file the page POSTed to `/__media-test/upload/<name>` (same origin, so the CSP allows it); once. */
  takeUpload(name: string): Buffer | undefined;
  close(): Promise<void>;
}

/** The CSP header of the real server, from the same function the server registers. */
export async function serverContentSecurityPolicy(): Promise<string> {
  const app = Fastify();
  registerSecurityHeaders(app);
  app.get('/', async () => 'ok');
  const response = await app.inject('/');
  await app.close();
  const csp = response.headers['content-security-policy'];
  if (typeof csp !== 'string') throw new Error('The server sends no Content-Security-Policy.');
  return csp;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function mediaTestPlugin(csp: string, uploads: Map<string, Buffer>): Plugin {
  return {
    name: 'winc:media-test',
    configureServer(server) {
      // Added here (not returned as a post hook), so it runs before Vite's own middlewares and covers them all.
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        response.setHeader('Content-Security-Policy', csp);
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        if (request.method === 'GET' && path === `${MEDIA_TEST_PAGE}/page.js`) {
          response.setHeader('Content-Type', 'text/javascript');
          response.end(PAGE_SCRIPT);
          return;
        }
        if (request.method === 'GET' && path === MEDIA_TEST_PAGE) {
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.end(PAGE);
          return;
        }
        if (request.method === 'POST' && path.startsWith(UPLOAD_PREFIX)) {
          void readBody(request).then((body) => {
            uploads.set(decodeURIComponent(path.slice(UPLOAD_PREFIX.length)), body);
            response.statusCode = 204;
            response.end();
          });
          return;
        }
        next();
      });
    },
  };
}

export interface MediaTestServerOptions {
  /**
   * The app server that `/api` is proxied to, with the headers its browser would send (a guest's cookie, the
   * origin): the page then uploads to the real server same-origin, as the app does.
   */
  api?: { target: string; headers: Record<string, string> };
}

export async function startMediaTestServer(options: MediaTestServerOptions = {}): Promise<MediaTestServer> {
  const contentSecurityPolicy = await serverContentSecurityPolicy();
  const uploads = new Map<string, Buffer>();
  const port = await freePort();
  const vite: ViteDevServer = await createServer({
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    root: join(REPO_ROOT, 'web'),
    logLevel: 'warn',
    clearScreen: false,
    plugins: [mediaTestPlugin(contentSecurityPolicy, uploads)],
    // Optimised at start: a dependency found later makes Vite re-optimise and invalidate the page's modules.
    optimizeDeps: { include: ['mediabunny', '@mediabunny/aac-encoder'] },
    server: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      hmr: false,
      watch: null,
      ...(options.api
        ? {
            proxy: {
              '/api': { target: options.api.target, headers: options.api.headers, changeOrigin: true },
            },
          }
        : {}),
    },
  });
  await vite.listen();
  return {
    pageUrl: `http://127.0.0.1:${port}${MEDIA_TEST_PAGE}`,
    contentSecurityPolicy,
    takeUpload(name) {
      const body = uploads.get(name);
      uploads.delete(name);
      return body;
    },
    close: () => vite.close(),
  };
}

export interface PageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export type CompressionOutcome =
  | {
      ok: true;
      result: Omit<CompressionResult, 'file'> & { fileType: string };
      /** The compressed file's bytes. */
      output: Buffer;
      progress: number[];
      milliseconds: number;
    }
  | {
      ok: false;
      name: string;
      code?: string;
      reason?: string;
      progress: number[];
      progressAfterSettle: number;
    };

/**
 * Picks `file` in the test page's file input and runs `compressVideo` on it there. `abortAtProgress` aborts
 * the signal once progress reaches it. The outcome is what the page saw, plus the output file.
 */
export async function compressInPage(
  page: Page,
  server: MediaTestServer,
  file: PageFile,
  options: { engine: VideoCompressionEngine; abortAtProgress?: number },
): Promise<CompressionOutcome> {
  await page.setInputFiles('#file', file);
  const outcome = await page.evaluate(
    async ({ engine, abortAtProgress, uploadPrefix }) => {
      const { importModule } = window as unknown as MediaTestWindow;
      const { compressVideo } = (await importModule(
        '/lib/media/compress-video.ts',
      )) as typeof CompressVideoModule;
      const input = (document.getElementById('file') as HTMLInputElement).files![0]!;
      const progress: number[] = [];
      const controller = new AbortController();
      const startedAt = performance.now();
      try {
        const { file: output, ...result } = await compressVideo(input, {
          engine,
          signal: controller.signal,
          onProgress: (fraction) => {
            progress.push(fraction);
            if (abortAtProgress !== undefined && fraction >= abortAtProgress) controller.abort();
          },
        });
        const milliseconds = performance.now() - startedAt;
        await fetch(`${uploadPrefix}${encodeURIComponent(result.fileName)}`, {
          method: 'POST',
          body: output,
        });
        return { ok: true as const, result: { ...result, fileType: output.type }, progress, milliseconds };
      } catch (error) {
        const { name, code, reason } = error as { name: string; code?: string; reason?: string };
        const settledAt = progress.length;
        // Anything the engine still reports after the rejection would be a leak; give it a moment to show.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return {
          ok: false as const,
          name,
          code,
          reason,
          progress,
          progressAfterSettle: progress.length - settledAt,
        };
      }
    },
    { engine: options.engine, abortAtProgress: options.abortAtProgress, uploadPrefix: UPLOAD_PREFIX },
  );
  if (!outcome.ok) return outcome;
  const output = server.takeUpload(outcome.result.fileName);
  if (!output) throw new Error(`The page did not upload ${outcome.result.fileName}.`);
  return { ...outcome, output };
}

export interface VideoFacts {
  videoCodec: string | null;
  audioCodec: string | null;
  width: number;
  height: number;
  duration: number;
}

/** What a video file really is, read in Node by mediabunny's demuxer, independent of the code under test. */
export async function inspectVideo(bytes: Buffer): Promise<VideoFacts> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getPrimaryAudioTrack();
    if (!video) throw new Error('The file has no video track.');
    return {
      videoCodec: await video.getCodec(),
      audioCodec: audio ? await audio.getCodec() : null,
      width: await video.getDisplayWidth(),
      height: await video.getDisplayHeight(),
      duration: await input.computeDuration(),
    };
  } finally {
    input.dispose();
  }
}

export type UploadMode = 'overlapped' | 'sequential' | 'upload';

export interface PageUploadOutcome {
  /** From the start to the compressed file being whole (the encoder's end); null for 'upload'. */
  compressMs: number | null;
  /** From the start to the server's answer with the card (the video attached). */
  cardReadyMs: number;
  /** Every PATCH: when it was sent (ms from the start), its offset, its size, whether it declared the length. */
  patches: Array<{ atMs: number; offset: number; bytes: number; declaresLength: boolean }>;
  /** The size of what was uploaded. */
  uploadedSize: number;
  videoUrl: string | null;
}

/**
 * Picks `file` in the test page and sends it to the card through the real upload client, against the app
 * server `/api` is proxied to: 'overlapped' compresses and sends the output while it is produced (as the
 * editor does), 'sequential' compresses then uploads the finished file (as the editor did), 'upload' sends the
 * file as it is. Times are the page's own (performance.now()).
 */
export async function uploadInPage(
  page: Page,
  file: PageFile,
  options: { cardId: string; mode: UploadMode },
): Promise<PageUploadOutcome> {
  await page.setInputFiles('#file', file);
  return page.evaluate(
    async ({ cardId, mode }) => {
      const { importModule } = window as unknown as MediaTestWindow;
      const { compressVideo } = (await importModule(
        '/lib/media/compress-video.ts',
      )) as typeof CompressVideoModule;
      const { uploadCardMedia } = (await importModule(
        '/lib/uploads/card-media-upload.ts',
      )) as typeof CardMediaUploadModule;
      const { GrowingFile } = (await importModule(
        '/lib/uploads/growing-file.ts',
      )) as typeof GrowingFileModule;
      const { defaultTransport } = (await importModule(
        '/lib/uploads/http-transport.ts',
      )) as typeof HttpTransportModule;
      const { memoryResumeStore } = (await importModule(
        '/lib/uploads/resume-store.ts',
      )) as typeof ResumeStoreModule;
      const input = (document.getElementById('file') as HTMLInputElement).files![0]!;
      const startedAt = performance.now();
      const since = () => performance.now() - startedAt;
      const patches: PageUploadOutcome['patches'] = [];
      const upload = (toSend: Blob | InstanceType<typeof GrowingFile>) =>
        uploadCardMedia({
          cardId,
          kind: 'video',
          file: toSend,
          fileName: 'clip.mp4',
          resumeStore: memoryResumeStore(),
          transport: (request) => {
            if (request.method === 'PATCH')
              patches.push({
                atMs: since(),
                offset: Number(request.headers?.['Upload-Offset']),
                bytes: request.body?.size ?? 0,
                declaresLength: request.headers?.['Upload-Length'] !== undefined,
              });
            return defaultTransport(request);
          },
        });
      let compressMs: number | null = null;
      let uploadedSize = input.size;
      let card;
      if (mode === 'upload') card = await upload(input);
      else if (mode === 'sequential') {
        const { file: compressed } = await compressVideo(input, { engine: 'webcodecs' });
        compressMs = since();
        uploadedSize = compressed.size;
        card = await upload(compressed);
      } else {
        const output = new GrowingFile('video/mp4');
        const compressed = compressVideo(input, { engine: 'webcodecs', output }).then((result) => {
          compressMs = since();
          return result;
        });
        [card] = await Promise.all([upload(output), compressed]);
        uploadedSize = output.size;
      }
      return { compressMs, cardReadyMs: since(), patches, uploadedSize, videoUrl: card.videoUrl };
    },
    { cardId: options.cardId, mode: options.mode },
  );
}
