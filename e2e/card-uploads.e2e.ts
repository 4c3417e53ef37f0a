import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '../shared/cards/cards.contract.ts';
import { freePort } from '../server/testing/postgres.ts';
import { uploadCardMedia, type CardMediaUploadOptions } from '../web/lib/uploads/card-media-upload.ts';
import {
  defaultTransport,
  type Transport,
  type TransportRequest,
} from '../web/lib/uploads/http-transport.ts';
import { memoryResumeStore } from '../web/lib/uploads/resume-store.ts';
import { UploadError } from '../web/lib/uploads/upload-error.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { fakeVideo } from '../server/testing/media-fixture.ts';
import { firstTemplateId, guestWithCard as newGuestWithCard } from './support/guest-card.ts';

/**
 * The browser's upload client (web/lib/uploads) against the real server, through a TCP proxy that plays a bad
 * network: it can cut a connection once after some bytes, or refuse connections altogether. Node runs the
 * client with fetch instead of XMLHttpRequest (the only difference: progress per request).
 */

/** A TCP proxy in front of the app that can drop connections, counting the bytes it forwards upstream. */
class FlakyNetwork {
  private server = net.createServer((client) => this.connect(client));
  private cutAfter: number | null = null;
  private forwardedSinceArmed = 0;
  private readonly open = new Set<net.Socket>();
  private offline = false;
  port = 0;

  constructor(private readonly upstreamPort: number) {}

  async start(): Promise<void> {
    this.port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  /**
   * Closing the listener alone would wait for the kept-alive connections to time out on the server's side
   * (the one a test leaves hanging on purpose, and the idle ones fetch keeps), over a minute.
   */
  stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.open) socket.destroy();
    return closed;
  }

  /** The next connection that carries more than `bytes` (from now on) is cut in the middle. */
  cutOnceAfter(bytes: number): void {
    this.cutAfter = bytes;
    this.forwardedSinceArmed = 0;
  }

  /** Drops every open connection and refuses new ones, until `goOnline`. */
  goOffline(): void {
    this.offline = true;
    for (const socket of this.open) socket.destroy();
  }

  goOnline(): void {
    this.offline = false;
  }

  private connect(client: net.Socket): void {
    if (this.offline) {
      client.destroy();
      return;
    }
    this.open.add(client);
    client.on('close', () => this.open.delete(client));
    const upstream = net.connect(this.upstreamPort, '127.0.0.1');
    client.on('data', (chunk: Buffer) => {
      if (this.cutAfter !== null) {
        this.forwardedSinceArmed += chunk.length;
        if (this.forwardedSinceArmed > this.cutAfter) {
          this.cutAfter = null;
          client.destroy();
          upstream.destroy();
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  }
}

let server: AppServer;
let network: FlakyNetwork;

beforeAll(async () => {
  server = await startAppServer();
  network = new FlakyNetwork(Number(new URL(server.baseUrl).port));
  await network.start();
});

afterAll(async () => {
  await network?.stop();
  await server?.stop();
});

const origin = () => `http://127.0.0.1:${network.port}`;

const guestWithCard = async () => newGuestWithCard(origin(), await firstTemplateId(server.baseUrl));
const videoFile = (size: number) => new Blob([fakeVideo(size)], { type: 'video/mp4' });

/** The real transport, with a log of what went out. */
function loggedTransport(log: Array<{ method: string; offset: number | null; bytes: number }>): Transport {
  return (request: TransportRequest) => {
    const offset = request.headers?.['Upload-Offset'];
    log.push({
      method: request.method,
      offset: offset === undefined ? null : Number(offset),
      bytes: request.body?.size ?? 0,
    });
    return defaultTransport(request);
  };
}

async function fetchVideo(card: Card, headers: Record<string, string>): Promise<Buffer> {
  const response = await fetch(`${origin()}${card.videoUrl}`, { headers });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

function upload(options: Omit<CardMediaUploadOptions, 'baseUrl'>) {
  return uploadCardMedia({ baseUrl: origin(), ...options });
}

describe('card media uploads on a bad network', () => {
  it('resumes from the server offset after the connection drops mid-chunk, without re-sending what it has', async () => {
    const { card, headers } = await guestWithCard();
    const file = videoFile(3 * 1024 * 1024 + 5);
    const log: Array<{ method: string; offset: number | null; bytes: number }> = [];
    const retries: number[] = [];
    let lastProgress = 0;
    // Chunks of 256 KB, 512 KB, 1 MB…: the cut falls inside the third one.
    network.cutOnceAfter(1300 * 1024);
    const saved = await upload({
      cardId: card.id,
      kind: 'video',
      file,
      fileName: 'clip.mp4',
      headers,
      transport: loggedTransport(log),
      onRetry: (attempt) => retries.push(attempt),
      onProgress: (sent, total) => {
        expect(sent).toBeLessThanOrEqual(total);
        lastProgress = sent / total;
      },
    });
    expect(retries).toEqual([2]);
    expect(lastProgress).toBe(1);

    const patches = log.filter((entry) => entry.method === 'PATCH');
    const cut = patches[2]!;
    expect([patches[0]!.offset, patches[1]!.offset, cut.offset]).toEqual([0, 256 * 1024, 768 * 1024]);
    // After the cut: one HEAD, then the next PATCH starts where the server stopped, inside the cut chunk.
    const afterCut = log.slice(log.indexOf(cut) + 1);
    expect(afterCut[0]!.method).toBe('HEAD');
    const resumedAt = afterCut[1]!.offset!;
    expect(resumedAt).toBeGreaterThan(768 * 1024);
    expect(resumedAt).toBeLessThan(768 * 1024 + 1024 * 1024);
    // And the chunk size starts again at 256 KB after an error.
    expect(afterCut[1]!.bytes).toBe(256 * 1024);
    expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(1);

    expect(saved.videoUrl).toMatch(/\.mp4$/);
    expect((await fetchVideo(saved, headers)).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
  });

  it('continues an upload after a reload from the remembered address, from the server offset', async () => {
    const { card, headers } = await guestWithCard();
    const file = videoFile(2 * 1024 * 1024);
    const resumeStore = memoryResumeStore();
    const firstPage: Array<{ method: string; offset: number | null; bytes: number }> = [];
    let patches = 0;
    // The first page dies while sending its third chunk: the request never completes.
    const dying: Transport = (request) => {
      if (request.method === 'PATCH' && ++patches === 3) return new Promise(() => undefined);
      return loggedTransport(firstPage)(request);
    };
    void upload({
      cardId: card.id,
      kind: 'video',
      file,
      fileName: 'clip.mp4',
      headers,
      transport: dying,
      resumeStore,
    });
    await expect.poll(() => patches, { timeout: 10_000 }).toBe(3);

    const secondPage: Array<{ method: string; offset: number | null; bytes: number }> = [];
    const saved = await upload({
      cardId: card.id,
      kind: 'video',
      file,
      fileName: 'clip.mp4',
      headers,
      transport: loggedTransport(secondPage),
      resumeStore,
    });
    expect(secondPage.map((entry) => entry.method).slice(0, 2)).toEqual(['HEAD', 'PATCH']);
    expect(secondPage.some((entry) => entry.method === 'POST')).toBe(false);
    expect(secondPage[1]!.offset).toBe(768 * 1024);
    expect((await fetchVideo(saved, headers)).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
  });

  it('fails at once on a file the server refuses, and after 3 attempts when the server stays unreachable', async () => {
    const { card, headers } = await guestWithCard();
    const retries: number[] = [];
    const notAVideo = new Blob([`<html>${'x'.repeat(400 * 1024)}</html>`], { type: 'video/mp4' });
    const refused = await upload({
      cardId: card.id,
      kind: 'video',
      file: notAVideo,
      fileName: 'page.mp4',
      headers,
      onRetry: (attempt) => retries.push(attempt),
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadError);
    expect((refused as UploadError).code).toBe('invalid-format');
    expect(retries).toEqual([]);

    network.goOffline();
    const startedAt = Date.now();
    try {
      const failed = await upload({
        cardId: card.id,
        kind: 'audio',
        file: new Blob([Buffer.from('ID3\x04\x00\x00\x00\x00 voice')]),
        fileName: 'voice.mp3',
        headers,
        onRetry: (attempt) => retries.push(attempt),
      }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(UploadError);
      expect((failed as UploadError).code).toBe('retry-limit-exceeded');
      expect((failed as UploadError).attempts).toBe(3);
      expect((failed as UploadError).message).toBe(
        'Upload failed after 3 attempts: Network error. Please check your connection.',
      );
      expect(retries).toEqual([2, 3]);
      // Waited 1 s, then 2 s, between the attempts.
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000);
    } finally {
      network.goOnline();
    }
  });

  it('cancels: the upload ends on the server too and fails with canceled', async () => {
    const { card, headers } = await guestWithCard();
    const controller = new AbortController();
    const log: Array<{ method: string; offset: number | null; bytes: number }> = [];
    const transport: Transport = (request) => {
      if (request.method === 'PATCH' && log.filter((entry) => entry.method === 'PATCH').length === 1)
        controller.abort();
      return loggedTransport(log)(request);
    };
    const outcome = await upload({
      cardId: card.id,
      kind: 'video',
      file: videoFile(1024 * 1024),
      fileName: 'clip.mp4',
      headers,
      transport,
      signal: controller.signal,
    }).catch((error: unknown) => error);
    expect((outcome as UploadError).code).toBe('canceled');
    expect(log.at(-1)?.method).toBe('DELETE');
  });
});
