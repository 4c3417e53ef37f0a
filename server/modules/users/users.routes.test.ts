import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppConfig } from '../../platform/config.ts';
import { createNotifications } from '../../platform/db/notifications.ts';
import { CREDITS_CHANGED } from '../credits/credit-events.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findCard,
  findUserByEmail,
  insertCard,
  signUpAndVerify,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

/** A 1200×800 JPEG carrying EXIF with GPS coordinates and a camera comment. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', ImageDescription: 'secret place' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

describeEachDatabase('the signed-in user: avatar, deletion, live credits', (use) => {
  let app: FastifyInstance;
  let config: AppConfig;

  beforeAll(async () => {
    ({ app, config } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(() => app?.close());

  const upload = (browser: TestBrowser, body: Buffer, type: string) =>
    browser.request({
      method: 'POST',
      url: '/api/me/avatar',
      payload: body,
      headers: { 'content-type': type },
    });

  it('stores an uploaded photo re-encoded to a ≤512 px WebP without metadata, and serves it with nosniff', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { browser, email } = await signUpAndVerify(app, use());

    const response = await upload(browser, original, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const image = response.json().user.image as string;
    const user = await findUserByEmail(use(), email);
    expect(image).toMatch(new RegExp(`^/media/avatars/${user!.id}_\\d{13}\\.webp$`));
    const stored = path.join(config.storageDir, 'profileImages', image.slice('/media/avatars/'.length));
    expect(fs.existsSync(stored)).toBe(true);

    const served = await browser.get(image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBeLessThanOrEqual(512);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);

    // A new avatar replaces the old file.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await upload(browser, await sharp(original).png().toBuffer(), 'image/png');
    expect(second.statusCode).toBe(200);
    expect(second.json().user.image).not.toBe(image);
    expect(fs.existsSync(stored)).toBe(false);
  });

  it('refuses anything that is not an image by content: SVG, garbage named JPEG, other types', async () => {
    const { browser } = await signUpAndVerify(app, use());
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [body, type] of [
      [svg, 'image/png'],
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg '.repeat(50))]),
        'image/jpeg',
      ],
      [Buffer.from('\x89PNG\r\n\x1a\n garbage garbage'), 'image/jpeg'],
    ] as const) {
      const response = await upload(browser, body, type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json().code).toBe('unsupported-media-type');
    }
    const svgType = await upload(browser, svg, 'image/svg+xml');
    expect(svgType.statusCode).toBe(415);
    expect((await browser.get('/api/me')).json().user.image).toBeNull();
  });

  it('refuses an empty avatar, and a 21st avatar in an hour', async () => {
    const { browser } = await signUpAndVerify(app, use());
    const empty = await upload(browser, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(415);
    expect(empty.json().code).toBe('unsupported-media-type');
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    // The empty one counted too: 19 more are allowed, the next is refused.
    for (let i = 0; i < 19; i++) expect((await upload(browser, photo, 'image/png')).statusCode).toBe(200);
    const limited = await upload(browser, photo, 'image/png');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate-limited');
  });

  it('refuses an avatar over 5 MB before reading it', async () => {
    const { browser } = await signUpAndVerify(app, use());
    const response = await upload(browser, Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'image/jpeg');
    expect(response.statusCode).toBe(413);
  });

  it('requires sign-in for the avatar and answers 404 for unknown avatar files', async () => {
    const response = await upload(new TestBrowser(app), await jpegWithGps(), 'image/jpeg');
    expect(response.statusCode).toBe(401);
    expect((await app.inject('/media/avatars/..%2F..%2Fwinc.db')).statusCode).toBe(404);
    expect((await app.inject('/media/avatars/abcdefgh_1700000000000.webp')).statusCode).toBe(404);
  });

  it('deletes the account: user, sessions, linked accounts, avatar file and their cards', async () => {
    const { browser, email, password } = await signUpAndVerify(app, use());
    const image = (await upload(browser, await jpegWithGps(), 'image/jpeg')).json().user.image as string;
    const user = await findUserByEmail(use(), email);
    const card = await insertCard(use(), { userId: user!.id, isGuestCard: false });
    const othersCard = await insertCard(use(), { guestSessionId: 'guest_1_x', isGuestCard: true });

    const response = await browser.request({ method: 'DELETE', url: '/api/me', payload: { password } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true });

    const { db } = use().database;
    expect(await findUserByEmail(use(), email)).toBeUndefined();
    expect(await db.selectFrom('sessions').select('id').where('userId', '=', user!.id).execute()).toEqual([]);
    expect(await db.selectFrom('accounts').select('id').where('userId', '=', user!.id).execute()).toEqual([]);
    expect(await findCard(use(), card)).toBeUndefined();
    expect(await findCard(use(), othersCard)).toBeDefined();
    const stored = path.join(config.storageDir, 'profileImages', image.slice('/media/avatars/'.length));
    expect(fs.existsSync(stored)).toBe(false);
    expect((await browser.get('/api/me')).json()).toEqual({ user: null });
  });

  it('streams the balance: the current one at once, then a change made in the database by another instance', async () => {
    // The other instance: its own notifications (on SQLite they reach only itself, and the stream polls).
    const otherInstance = await createNotifications({ databaseUrl: use().databaseUrl, log: app.log });
    const { browser, email } = await signUpAndVerify(app, use());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const events: string[] = [];
    let headers: http.IncomingHttpHeaders = {};
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/me/events',
        headers: { cookie: browser.cookieHeader(), 'accept-encoding': 'gzip' },
      },
      (response) => {
        headers = response.headers;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => events.push(chunk));
      },
    );
    const waitFor = async (predicate: () => boolean, ms: number) => {
      const until = Date.now() + ms;
      while (!predicate() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      return predicate();
    };
    try {
      expect(await waitFor(() => events.join('').includes('"credits":100'), 3000)).toBe(true);
      expect(headers['content-type']).toMatch(/^text\/event-stream/);
      expect(headers['content-encoding']).toBeUndefined();
      expect(events.join('')).toContain('event: credits\ndata: {"credits":100,"tier":"free"}\n\n');

      const startedAt = Date.now();
      await use()
        .database.db.updateTable('users')
        .set({ credits: 70, tier: 'plus_monthly' })
        .where('email', '=', email)
        .execute();
      const { id } = await use()
        .database.db.selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      otherInstance.publish(CREDITS_CHANGED, id);
      expect(await waitFor(() => events.join('').includes('"credits":70'), 4000)).toBe(true);
      expect(Date.now() - startedAt).toBeLessThan(4000);
      expect(events.join('')).toContain('data: {"credits":70,"tier":"plus_monthly"}');
    } finally {
      request.destroy();
      await otherInstance.close();
    }
  });

  it('answers 401 to the event stream when signed out', async () => {
    const response = await app.inject('/api/me/events');
    expect(response.statusCode).toBe(401);
  });
});
