import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type * as AacEncoderModule from '@mediabunny/aac-encoder';
import type * as Mediabunny from 'mediabunny';
import type { Browser } from 'playwright-core';

/**
 * Test videos made in the browser, the way a phone makes them: mediabunny drives Chromium's WebCodecs H.264
 * (or VP8) encoder over a canvas of moving shapes and noise, with a tone as AAC (or Opus) audio. Nothing is
 * checked in and no ffmpeg binary is needed. The noise keeps the encoder from coasting, so the file has the
 * size asked for (≈ bitrate × duration), and the shapes give the compression something real to keep.
 *
 * `generateTestVideo(browser)` answers the bytes of a 10 s 1080p H.264/AAC mp4 of about 20 MB; the card editor
 * test writes them to a file for its file input, the video compression test hands them to `setInputFiles`.
 */

export interface TestVideoOptions {
  width?: number;
  height?: number;
  seconds?: number;
  frameRate?: number;
  /** Bits per second of the video track; 16 Mbps makes 10 s about 20 MB. */
  videoBitrate?: number;
  /** 'mp4': H.264 + AAC, as phones record; 'webm': VP8 + Opus, for a file whose audio must be re-encoded. */
  container?: 'mp4' | 'webm';
  /** A stereo tone; true unless set to false. */
  audio?: boolean;
}

const DEFAULTS: Required<TestVideoOptions> = {
  width: 1920,
  height: 1080,
  seconds: 10,
  frameRate: 30,
  videoBitrate: 16_000_000,
  container: 'mp4',
  audio: true,
};

const REPO_ROOT = join(import.meta.dirname, '..', '..');

/** The page's only code: mediabunny and its AAC encoder, the encoder resolving `mediabunny` by the import map. */
const FILES: Record<string, { path: string; type: string }> = {
  '/mediabunny.mjs': {
    path: join(REPO_ROOT, 'node_modules/mediabunny/dist/bundles/mediabunny.mjs'),
    type: 'text/javascript',
  },
  '/aac-encoder.mjs': {
    path: join(REPO_ROOT, 'node_modules/@mediabunny/aac-encoder/dist/bundles/mediabunny-aac-encoder.mjs'),
    type: 'text/javascript',
  },
};
/**
 * `importModule` because the test runner rewrites `import()` inside functions (it compiles them for Node),
 * which breaks a function that page.evaluate sends to the browser.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><script type="importmap">
{"imports":{"mediabunny":"/mediabunny.mjs"}}</script>
<script type="module">window.importModule = (url) => import(url);</script></head><body></body></html>`;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local origin for the generator page (WebCodecs needs a secure context; http://127.0.0.1 is one) that also
 * takes the finished file back by POST, which is far cheaper than passing 20 MB through page.evaluate.
 */
async function startGeneratorServer(): Promise<{ url: string; server: Server; upload: Promise<Buffer> }> {
  let deliver!: (bytes: Buffer) => void;
  const upload = new Promise<Buffer>((resolve) => (deliver = resolve));
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (request.method === 'POST' && path === '/upload') {
      void readBody(request).then((bytes) => {
        deliver(bytes);
        response.writeHead(204).end();
      });
      return;
    }
    const file = FILES[path];
    if (file) {
      response.writeHead(200, { 'Content-Type': file.type });
      createReadStream(file.path).pipe(response);
      return;
    }
    if (path === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server, upload };
}

/** Makes a test video in a fresh page of `browser` and answers its bytes. */
export async function generateTestVideo(browser: Browser, options: TestVideoOptions = {}): Promise<Buffer> {
  const settings = { ...DEFAULTS, ...options };
  const { url, server, upload } = await startGeneratorServer();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // tsx (the bench) compiles with esbuild's keepNames, whose `__name(fn)` calls end up in evaluated code.
    await page.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
    await page.goto(url);
    await page.evaluate(renderInPage, settings);
    return await upload;
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Where `sharedTestVideo` keeps the videos made in this run; the e2e global setup empties it. */
export const SHARED_TEST_VIDEOS = join(REPO_ROOT, '.cache', 'e2e-test-videos');

/**
 * `generateTestVideo`, made once per run for each set of options: several browser test files upload the same
 * 20 MB 1080p clip, and making it takes half a minute of a slow machine's cores. A file that needs it first
 * makes it; the next ones read it back.
 */
export async function sharedTestVideo(browser: Browser, options: TestVideoOptions = {}): Promise<Buffer> {
  const settings = { ...DEFAULTS, ...options };
  const key = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16);
  const path = join(SHARED_TEST_VIDEOS, `${key}.${settings.container}`);
  if (existsSync(path)) return readFileSync(path);
  const video = await generateTestVideo(browser, settings);
  mkdirSync(SHARED_TEST_VIDEOS, { recursive: true });
  // Written under a name of this process's own, then renamed: a file running beside it never reads half a clip.
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, video);
  renameSync(partial, path);
  return video;
}

/** Runs in the page: draws, encodes and muxes the video, then POSTs the file to /upload. */
async function renderInPage(settings: Required<TestVideoOptions>): Promise<void> {
  const { importModule } = window as unknown as { importModule: (url: string) => Promise<unknown> };
  const mb = (await importModule('/mediabunny.mjs')) as typeof Mediabunny;
  const { width, height, seconds, frameRate, videoBitrate, container, audio } = settings;
  const isMp4 = container === 'mp4';

  if (isMp4 && audio && !(await mb.canEncodeAudio('aac'))) {
    const { registerAacEncoder } = (await importModule('/aac-encoder.mjs')) as typeof AacEncoderModule;
    registerAacEncoder();
  }

  const output = new mb.Output({
    format: isMp4 ? new mb.Mp4OutputFormat({ fastStart: 'in-memory' }) : new mb.WebMOutputFormat(),
    target: new mb.BufferTarget(),
  });
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  const video = new mb.CanvasSource(canvas, {
    codec: isMp4 ? 'avc' : 'vp8',
    quality: new mb.Quality({ bitrate: videoBitrate, bitrateMode: 'constant' }),
    keyFrameInterval: 2,
  });
  output.addVideoTrack(video, { frameRate });
  const sampleRate = 48_000;
  const sound = audio
    ? new mb.AudioBufferSource({
        codec: isMp4 ? 'aac' : 'opus',
        quality: new mb.Quality({ bitrate: 128_000 }),
      })
    : null;
  if (sound) output.addAudioTrack(sound);
  await output.start();

  // A fixed seed: the same options draw the same frames.
  let seed = 0x2f6b1a3d;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const tileSize = 96;
  const tiles = Array.from({ length: 6 }, () => {
    const tile = new OffscreenCanvas(tileSize, tileSize);
    const pixels = new ImageData(tileSize, tileSize);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const grey = random() * 255;
      pixels.data[i] = grey;
      pixels.data[i + 1] = (grey + random() * 80) % 255;
      pixels.data[i + 2] = 255 - grey;
      pixels.data[i + 3] = 255;
    }
    tile.getContext('2d')!.putImageData(pixels, 0, 0);
    return tile;
  });
  // Noise over a tenth of the frame, at new places every frame: the encoder then spends about the bitrate
  // asked for (with half the frame it overshoots twofold, with none it coasts far below).
  const noiseTilesPerFrame = Math.round(((width * height) / (tileSize * tileSize)) * 0.1);

  const frames = Math.round(seconds * frameRate);
  for (let frame = 0; frame < frames; frame++) {
    const t = frame / frameRate;
    const background = context.createLinearGradient(0, 0, width, height);
    background.addColorStop(0, `hsl(${(t * 40) % 360} 70% 45%)`);
    background.addColorStop(1, `hsl(${(t * 40 + 180) % 360} 70% 30%)`);
    context.fillStyle = background;
    context.fillRect(0, 0, width, height);
    for (let i = 0; i < noiseTilesPerFrame; i++) {
      context.drawImage(tiles[i % tiles.length]!, random() * width, random() * height);
    }
    for (let i = 0; i < 12; i++) {
      const x = (width / 2) * (1 + 0.8 * Math.sin(t * (0.7 + i * 0.13) + i));
      const y = (height / 2) * (1 + 0.8 * Math.cos(t * (0.9 + i * 0.11) + i * 2));
      context.fillStyle = `hsl(${i * 30} 90% 60%)`;
      context.beginPath();
      context.arc(x, y, height * (0.04 + 0.01 * i), 0, Math.PI * 2);
      context.fill();
    }
    context.fillStyle = 'white';
    context.font = `bold ${Math.round(height / 10)}px sans-serif`;
    context.fillText(`Winc ${t.toFixed(2)} s`, width * 0.05, height * 0.9);
    await video.add(t, 1 / frameRate);
  }
  video.close();

  if (sound) {
    const buffer = new AudioBuffer({
      length: Math.round(seconds * sampleRate),
      numberOfChannels: 2,
      sampleRate,
    });
    for (let channel = 0; channel < 2; channel++) {
      const samples = buffer.getChannelData(channel);
      const pitch = channel === 0 ? 440 : 660;
      for (let i = 0; i < samples.length; i++) {
        const time = i / sampleRate;
        samples[i] = 0.3 * Math.sin(2 * Math.PI * pitch * time) * (0.6 + 0.4 * Math.sin(2 * Math.PI * time));
      }
    }
    await sound.add(buffer);
    sound.close();
  }

  await output.finalize();
  const response = await fetch('/upload', { method: 'POST', body: output.target.buffer });
  if (!response.ok) throw new Error(`upload answered ${response.status}`);
}
