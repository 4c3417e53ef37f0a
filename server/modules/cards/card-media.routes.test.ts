import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VIDEO_MAX_BYTES, type CardMediaKind } from '../../../shared/cards/card-media.ts';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { TEST_ORIGIN, TestBrowser, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { cardDraft, sendOverSocket, type RawResponse } from '../../testing/card-fixture.ts';
import { fakeVideo, fakeVoice, recordedVoice } from '../../testing/media-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { startTestS3, type TestS3 } from '../../testing/test-s3.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { cardMediaApi, cardsApi } from '../../../shared/api-paths.ts';

const draft = cardDraft;

/**
 * On SQLite the files go to local disk; on PostgreSQL to an S3-compatible store the test starts, resumable
 * uploads included: both storage backends and both databases, without running everything four times.
 */
describeEachDatabase('card media on the server', (use) => {
  let app: FastifyInstance;
  let storage: FileStorage;
  let s3: TestS3 | undefined;
  let port: number;

  beforeAll(async () => {
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    if (use().databaseUrl) s3 = await startTestS3();
    const built = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN, ...s3?.env } });
    app = built.app;
    storage = await createFileStorage(built.config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    storage?.destroy?.();
    await s3?.stop();
  });

  const send = (browser: TestBrowser | null, options: Parameters<typeof sendOverSocket>[2]) =>
    sendOverSocket(port, browser, options);

  async function createCard(browser: TestBrowser): Promise<Card> {
    const response = await browser.post(cardsApi.create, draft);
    expect(response.statusCode, response.body).toBe(201);
    return cardSchema.parse(response.json());
  }

  async function storedPath(cardId: string, kind: CardMediaKind): Promise<string | null> {
    const row = await use()
      .database.db.selectFrom('cards')
      .select(['recipientImagePath', 'videoPath', 'audioPath'])
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    return { image: row.recipientImagePath, video: row.videoPath, audio: row.audioPath }[kind];
  }
  const stored = async (key: string) => (await storage.stat(key)) !== null;

  function putMedia(browser: TestBrowser | null, cardId: string, kind: CardMediaKind, body: Buffer) {
    return send(browser, {
      method: 'PUT',
      path: cardMediaApi.media(cardId, kind),
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
  }

  function createUpload(browser: TestBrowser, cardId: string, kind: CardMediaKind, size: number) {
    const metadata = [
      `cardId ${Buffer.from(cardId).toString('base64')}`,
      `kind ${Buffer.from(kind).toString('base64')}`,
    ];
    return send(browser, {
      method: 'POST',
      path: cardMediaApi.tus,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': metadata.join(','),
      },
    });
  }

  function patchUpload(
    browser: TestBrowser,
    location: string,
    offset: number,
    chunk: Buffer,
    sendOnly?: number,
  ) {
    return send(browser, {
      method: 'PATCH',
      path: location,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: chunk,
      ...(sendOnly === undefined ? {} : { sendOnly }),
    });
  }

  const headUpload = (browser: TestBrowser, location: string) =>
    send(browser, { method: 'HEAD', path: location, headers: { 'tus-resumable': '1.0.0' } });

  it('takes a small image in one request, re-encoded without metadata, and serves it to its owner only', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c85a3c' } })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' }, IFD0: { Make: 'GPS camera' } })
      .jpeg()
      .toBuffer();

    const response = await putMedia(guest, card.id, 'image', photo);
    expect(response.status, response.body.toString()).toBe(200);
    const saved = cardSchema.parse(JSON.parse(response.body.toString()));
    expect(saved.recipientImageUrl).toMatch(
      new RegExp(`^/media/cards/${card.id}/image/\\d{13}-[A-Za-z0-9_-]{16}\\.webp$`),
    );
    expect(await storedPath(card.id, 'image')).toMatch(
      /^cards\/images\/guest\/\d{13}-[A-Za-z0-9_-]{16}\.webp$/,
    );

    const served = await send(guest, { method: 'GET', path: saved.recipientImageUrl! });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 800, 600, undefined]);
    expect(served.body.toString('latin1')).not.toContain('GPS camera');

    // Nobody else sees an unpaid card's files: another guest, or a visitor without any cookie.
    expect((await send(new TestBrowser(app), { method: 'GET', path: saved.recipientImageUrl! })).status).toBe(
      404,
    );
    expect((await send(null, { method: 'GET', path: saved.recipientImageUrl! })).status).toBe(404);
    // Once paid, the link is the key: the recipient's page shows the files (DESIGN §1.5).
    await use()
      .database.db.updateTable('cards')
      .set({ isPaid: use().database.codec.bool(true) })
      .where('id', '=', card.id)
      .execute();
    expect((await send(null, { method: 'GET', path: saved.recipientImageUrl! })).status).toBe(200);
  });

  it('refuses files that are not what they claim: SVG, an HTML/JPEG polyglot, HTML as a video', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const attempts: Array<[CardMediaKind, Buffer]> = [
      ['image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['image', Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')])],
      ['video', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
      ['audio', jpeg],
    ];
    for (const [kind, body] of attempts) {
      const response = await putMedia(guest, card.id, kind, body);
      expect(response.status, `${kind}: ${response.body.toString()}`).toBe(415);
      expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'unsupported-media-type' });
    }
    const unchanged = cardSchema.parse((await guest.get(cardsApi.card(card.id))).json());
    expect([unchanged.recipientImageUrl, unchanged.videoUrl, unchanged.audioUrl]).toEqual([null, null, null]);
  });

  it('refuses media whose first bytes only look right: the container must parse and hold a track', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const ftypThenZeros = Buffer.alloc(64 * 1024);
    ftypThenZeros.writeUInt32BE(32, 0);
    ftypThenZeros.write('ftypisom', 4, 'latin1');
    const id3ThenNoise = Buffer.concat([
      Buffer.from('ID3\x04\x00\x00\x00\x00'),
      crypto.randomBytes(8 * 1024),
    ]);
    const attempts: Array<[CardMediaKind, Buffer]> = [
      ['video', ftypThenZeros],
      ['video', fakeVideo(64 * 1024).subarray(0, 40)],
      ['audio', ftypThenZeros],
      ['audio', id3ThenNoise],
      // A real container, of the other kind.
      ['video', fakeVoice(8 * 1024)],
    ];
    for (const [kind, body] of attempts) {
      const response = await putMedia(guest, card.id, kind, body);
      expect(response.status, `${kind}: ${response.body.toString()}`).toBe(415);
      expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'unsupported-media-type' });
    }
    const unchanged = cardSchema.parse((await guest.get(cardsApi.card(card.id))).json());
    expect([unchanged.videoUrl, unchanged.audioUrl]).toEqual([null, null]);
  });

  it('takes a voice message as browsers record it: WebM/Opus without a duration, fragmented MP4/AAC', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    for (const [browser, type] of [
      ['chromium', 'audio/webm'],
      ['safari', 'audio/mp4'],
    ] as const) {
      const voice = await recordedVoice(browser);
      const response = await putMedia(guest, card.id, 'audio', voice);
      expect(response.status, `${browser}: ${response.body.toString()}`).toBe(200);
      const { audioUrl } = cardSchema.parse(JSON.parse(response.body.toString()));
      const served = await send(guest, { method: 'GET', path: audioUrl! });
      expect(served.headers['content-type'], browser).toBe(type);
      expect(served.body.equals(voice), browser).toBe(true);
    }
  });

  it('refuses an image of more than 50 megapixels, however small its file', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const response = await putMedia(guest, card.id, 'image', huge);
    expect(response.status).toBe(415);
    expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'unsupported-media-type' });
  });

  it('refuses a 30 MB + 1 byte video before it sends a byte, in one request and resumable', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    // Only the headers go out: the answer comes without waiting for the body.
    const oneRequest = await new Promise<RawResponse>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: cardMediaApi.media(card.id, 'video'),
        headers: {
          origin: TEST_ORIGIN,
          cookie: guest.cookieHeader(),
          'content-type': 'video/mp4',
          'content-length': String(VIDEO_MAX_BYTES + 1),
        },
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.setTimeout(5000, () => {
        request.destroy();
        reject(new Error('The server waited for the body instead of refusing at once'));
      });
      request.flushHeaders();
    });
    expect(oneRequest.status).toBe(413);
    // And the connection closes, so the client stops sending the body it was refused.
    expect(oneRequest.headers.connection).toBe('close');
    expect(JSON.parse(oneRequest.body.toString())).toMatchObject({
      code: 'payload-too-large',
      message:
        'Video file is too large (30.0 MB). Maximum allowed size is 30MB. Please compress your video before uploading.',
    });

    const resumable = await createUpload(guest, card.id, 'video', VIDEO_MAX_BYTES + 1);
    expect(resumable.status).toBe(413);
    expect(resumable.headers.location).toBeUndefined();
    // Exactly 30 MB is allowed.
    expect((await createUpload(guest, card.id, 'video', VIDEO_MAX_BYTES)).status).toBe(201);
  });

  it('resumes a resumable upload from the server offset after a dropped connection, byte-exact', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const video = fakeVideo(3 * 1024 * 1024 + 123);
    const created = await createUpload(guest, card.id, 'video', video.length);
    expect(created.status, created.body.toString()).toBe(201);
    const location = created.headers.location!;
    expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{22}$/);

    const first = await patchUpload(guest, location, 0, video.subarray(0, 1024 * 1024));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(1024 * 1024));

    // The next chunk is cut after 700 KB of its 2 MB.
    await patchUpload(guest, location, 1024 * 1024, video.subarray(1024 * 1024, 3 * 1024 * 1024), 700 * 1024);
    let offset = 0;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const head = await headUpload(guest, location);
      expect(head.status).toBe(200);
      offset = Number(head.headers['upload-offset']);
      if (offset > 1024 * 1024) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // What reached the server is kept: the client goes on from there, not from the start of the chunk.
    expect(offset).toBeGreaterThan(1024 * 1024);
    expect(offset).toBeLessThanOrEqual(1024 * 1024 + 700 * 1024);
    // Sending again what the server already has is refused (tus offsets must match).
    expect((await patchUpload(guest, location, 0, video.subarray(0, 1024))).status).toBe(409);

    const last = await patchUpload(guest, location, offset, video.subarray(offset));
    expect(last.status, last.body.toString()).toBe(200);
    const saved = cardSchema.parse(JSON.parse(last.body.toString()));
    expect(saved.videoUrl).toMatch(
      new RegExp(`^/media/cards/${card.id}/video/\\d{13}-[A-Za-z0-9_-]{16}\\.mp4$`),
    );
    const key = await storedPath(card.id, 'video');
    expect(key).toMatch(/^cards\/videos\/guest\//);
    expect((await storage.read(key!)).equals(video)).toBe(true);

    const served = await send(guest, { method: 'GET', path: saved.videoUrl! });
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.body.equals(video)).toBe(true);
    const range = await send(guest, {
      method: 'GET',
      path: saved.videoUrl!,
      headers: { range: 'bytes=100-199' },
    });
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(range.body.equals(video.subarray(100, 200))).toBe(true);

    // A client whose last answer was lost asks again and learns the upload is complete.
    const after = await headUpload(guest, location);
    expect([after.status, after.headers['upload-offset']]).toEqual([200, String(video.length)]);
  });

  it('takes a video whose length comes with its last PATCH (sent while it is compressed), byte-exact', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const video = fakeVideo(7 * 1024 * 1024 + 321);
    const metadata = [
      `cardId ${Buffer.from(card.id).toString('base64')}`,
      `kind ${Buffer.from('video').toString('base64')}`,
    ].join(',');
    const created = await send(guest, {
      method: 'POST',
      path: cardMediaApi.tus,
      headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1', 'upload-metadata': metadata },
    });
    expect(created.status, created.body.toString()).toBe(201);
    const location = created.headers.location!;

    // Pieces smaller than S3's 5 MB minimum part, as an encoder produces them.
    const pieces = [1024 * 1024, 2 * 1024 * 1024 + 17, 3 * 1024 * 1024];
    let offset = 0;
    for (const length of pieces) {
      const response = await patchUpload(guest, location, offset, video.subarray(offset, offset + length));
      expect(response.status, response.body.toString()).toBe(204);
      offset += length;
      expect(response.headers['upload-offset']).toBe(String(offset));
    }
    const head = await headUpload(guest, location);
    expect([head.status, head.headers['upload-offset'], head.headers['upload-defer-length']]).toEqual([
      200,
      String(offset),
      '1',
    ]);

    const last = await send(guest, {
      method: 'PATCH',
      path: location,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'upload-length': String(video.length),
        'content-type': 'application/offset+octet-stream',
      },
      body: video.subarray(offset),
    });
    expect(last.status, last.body.toString()).toBe(200);
    const saved = cardSchema.parse(JSON.parse(last.body.toString()));
    expect(saved.videoUrl).toMatch(new RegExp(`^/media/cards/${card.id}/video/`));
    expect((await storage.read((await storedPath(card.id, 'video'))!)).equals(video)).toBe(true);
    const after = await headUpload(guest, location);
    expect([after.status, after.headers['upload-offset']]).toEqual([200, String(video.length)]);
  });

  it('defers the length of a video only, and holds a deferred upload to the 30 MB limit', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const create = (kind: CardMediaKind) =>
      send(guest, {
        method: 'POST',
        path: cardMediaApi.tus,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-defer-length': '1',
          'upload-metadata': [
            `cardId ${Buffer.from(card.id).toString('base64')}`,
            `kind ${Buffer.from(kind).toString('base64')}`,
          ].join(','),
        },
      });
    expect((await create('image')).status).toBe(400);
    expect((await create('audio')).status).toBe(400);

    const created = await create('video');
    expect(created.status).toBe(201);
    const tooLong = await send(guest, {
      method: 'PATCH',
      path: created.headers.location!,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'upload-length': String(VIDEO_MAX_BYTES + 1),
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(0),
    });
    expect(tooLong.status).toBe(413);
  });

  it('lets only the owner of the card create, continue or end its uploads', async () => {
    const owner = new TestBrowser(app);
    const stranger = new TestBrowser(app);
    const card = await createCard(owner);
    await createCard(stranger);
    const created = await createUpload(owner, card.id, 'audio', 400 * 1024);
    const location = created.headers.location!;

    expect((await createUpload(stranger, card.id, 'audio', 1000)).status).toBe(404);
    expect((await putMedia(stranger, card.id, 'audio', fakeVoice(1000))).status).toBe(404);
    expect((await headUpload(stranger, location)).status).toBe(404);
    expect((await patchUpload(stranger, location, 0, fakeVoice(1000))).status).toBe(404);
    const end = await send(stranger, {
      method: 'DELETE',
      path: location,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(end.status).toBe(404);
    expect(
      (await send(stranger, { method: 'DELETE', path: cardMediaApi.media(card.id, 'audio') })).status,
    ).toBe(404);
    // The owner's upload is untouched.
    expect((await headUpload(owner, location)).headers['upload-offset']).toBe('0');
  });

  it('acts only on the upload it checked, whatever the query string names', async () => {
    const owner = new TestBrowser(app);
    const stranger = new TestBrowser(app);
    const ownerCard = await createCard(owner);
    const strangerCard = await createCard(stranger);
    const ownerSize = 400 * 1024;
    const ownerLocation = (await createUpload(owner, ownerCard.id, 'audio', ownerSize)).headers.location!;
    const ownerId = ownerLocation.split('/').pop()!;
    const ownerUploadIsUntouched = async () => {
      const head = await headUpload(owner, ownerLocation);
      expect(head.status).toBe(200);
      expect(head.headers['upload-offset']).toBe('0');
      expect(head.headers['upload-length']).toBe(String(ownerSize));
    };

    for (const query of [`?x=/${ownerId}`, `?/${ownerId}`, `?${ownerId}`, `?x=%2F${ownerId}`]) {
      const size = 300 * 1024;
      const location = (await createUpload(stranger, strangerCard.id, 'audio', size)).headers.location!;
      const target = `${location}${query}`;

      const head = await headUpload(stranger, target);
      expect(head.status, query).toBe(200);
      expect(head.headers['upload-length'], query).toBe(String(size));

      const patched = await patchUpload(stranger, target, 0, fakeVoice(size).subarray(0, 1000));
      expect(patched.status, query).toBe(204);
      expect(patched.headers['upload-offset'], query).toBe('1000');
      expect((await headUpload(stranger, location)).headers['upload-offset'], query).toBe('1000');

      const ended = await send(stranger, {
        method: 'DELETE',
        path: target,
        headers: { 'tus-resumable': '1.0.0' },
      });
      expect(ended.status, query).toBe(204);
      expect((await headUpload(stranger, location)).status, query).toBe(404);
      await ownerUploadIsUntouched();
    }
  });

  it('answers a malformed Upload-Metadata with validation-failed, not a server error', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const cardId = `cardId ${Buffer.from(card.id).toString('base64')}`;
    const kind = `kind ${Buffer.from('video').toString('base64')}`;
    const malformed = [
      `cardId not*base64!,${kind}`,
      `${cardId},${kind},${kind}`,
      `${cardId},,${kind}`,
      `${cardId} extra,${kind}`,
      `cärdId ${Buffer.from(card.id).toString('base64')},${kind}`,
      ',,,',
      '   ',
      `${cardId},kind dmlkZW8`,
      'garbage ~~~',
      undefined,
    ];
    for (const metadata of malformed) {
      const response = await send(guest, {
        method: 'POST',
        path: cardMediaApi.tus,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '1000',
          ...(metadata === undefined ? {} : { 'upload-metadata': metadata }),
        },
      });
      expect(response.status, String(metadata)).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(JSON.parse(response.body.toString()), String(metadata)).toEqual({
        code: 'validation-failed',
        message: 'The Upload-Metadata header is not valid.',
      });
    }
    // A key without its value where one is required is the same mistake, named after what is missing.
    const noValue = await send(guest, {
      method: 'POST',
      path: cardMediaApi.tus,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '1000', 'upload-metadata': `cardId,${kind}` },
    });
    expect(noValue.status).toBe(400);
    expect(JSON.parse(noValue.body.toString())).toMatchObject({ code: 'validation-failed' });
  });

  it('refuses a finished resumable upload that is not a video, and forgets it', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const html = Buffer.from(
      `<!doctype html><html><script>alert(1)</script>${'x'.repeat(300 * 1024)}</html>`,
    );
    const created = await createUpload(guest, card.id, 'video', html.length);
    const location = created.headers.location!;
    const last = await patchUpload(guest, location, 0, html);
    expect(last.status).toBe(415);
    expect(JSON.parse(last.body.toString())).toMatchObject({ code: 'unsupported-media-type' });
    expect((await headUpload(guest, location)).status).toBe(404);
    expect(cardSchema.parse((await guest.get(cardsApi.card(card.id))).json()).videoUrl).toBeNull();
  });

  it('deletes the file a new one replaces, and the file removed from the card', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    await putMedia(guest, card.id, 'audio', fakeVoice(2000));
    const firstKey = (await storedPath(card.id, 'audio'))!;
    expect(await stored(firstKey)).toBe(true);

    const replaced = await putMedia(guest, card.id, 'audio', fakeVoice(3000));
    const secondKey = (await storedPath(card.id, 'audio'))!;
    expect(cardSchema.parse(JSON.parse(replaced.body.toString())).audioUrl).toContain(
      path.basename(secondKey),
    );
    expect(await stored(firstKey)).toBe(false);
    // The old URL is gone with its file.
    const oldUrl = `/media/cards/${card.id}/audio/${path.basename(firstKey)}`;
    expect((await send(guest, { method: 'GET', path: oldUrl })).status).toBe(404);

    const removed = await send(guest, { method: 'DELETE', path: cardMediaApi.media(card.id, 'audio') });
    expect(removed.status).toBe(200);
    expect(cardSchema.parse(JSON.parse(removed.body.toString())).audioUrl).toBeNull();
    expect(await stored(secondKey)).toBe(false);
    expect(await storedPath(card.id, 'audio')).toBeNull();
  });

  it("stores a user's files under their id, and deleting the account deletes them", async () => {
    const { browser, password } = await signUpAndVerify(app, use());
    const card = await createCard(browser);
    expect((await putMedia(browser, card.id, 'video', fakeVideo(5000))).status).toBe(200);
    expect((await putMedia(browser, card.id, 'audio', fakeVoice(5000))).status).toBe(200);
    const keys = [(await storedPath(card.id, 'video'))!, (await storedPath(card.id, 'audio'))!];
    const user = await use()
      .database.db.selectFrom('cards')
      .select('userId')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(keys[0]).toMatch(new RegExp(`^cards/videos/${user.userId}/`));
    expect(keys[1]).toMatch(new RegExp(`^cards/audio/${user.userId}/`));

    const deleted = await browser.request({ method: 'DELETE', url: '/api/me', payload: { password } });
    expect(deleted.statusCode).toBe(200);
    for (const key of keys) expect(await stored(key), key).toBe(false);
  });
});
