import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CardMediaKind } from '../../../shared/cards/card-media.ts';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import {
  draftsResponseSchema,
  myWincsResponseSchema,
  type MyWincsResponse,
} from '../../../shared/cards/my-wincs.contract.ts';
import type { AppConfig } from '../../platform/config.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findUserByEmail,
  signUpAndVerify,
} from '../../testing/accounts-fixture.ts';
import { cardDraft, sendOverSocket } from '../../testing/card-fixture.ts';
import { fakeVideo, fakeVoice } from '../../testing/media-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { cardMediaApi, cardsApi, myWincsApi } from '../../../shared/api-paths.ts';

const draft = cardDraft;

describeEachDatabase('My WINCS on the server', (use) => {
  let app: FastifyInstance;
  let config: AppConfig;
  let storage: FileStorage;
  let port: number;

  beforeAll(async () => {
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app, config } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
    storage = await createFileStorage(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    storage?.destroy?.();
  });

  /** A request over a real socket (uploads stream the raw body), with the browser's cookies and our Origin. */
  const send = async (browser: TestBrowser, options: Parameters<typeof sendOverSocket>[2]) => {
    const response = await sendOverSocket(port, browser, options);
    return { ...response, body: response.body.toString() };
  };

  async function createCard(browser: TestBrowser, changes: Partial<typeof draft> = {}): Promise<Card> {
    const response = await browser.post(cardsApi.create, { ...draft, ...changes });
    expect(response.statusCode, response.body).toBe(201);
    return cardSchema.parse(response.json());
  }

  async function unlock(browser: TestBrowser, card: Card): Promise<void> {
    const response = await browser.post(cardsApi.unlock(card.id));
    expect(response.statusCode, response.body).toBe(200);
  }

  async function myWincs(browser: TestBrowser, category?: string): Promise<MyWincsResponse> {
    const query = category === undefined ? '' : `?category=${encodeURIComponent(category)}`;
    const response = await browser.get(`${myWincsApi.list}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return myWincsResponseSchema.parse(response.json());
  }

  const deleteCard = (browser: TestBrowser, id: string) =>
    browser.request({ method: 'DELETE', url: myWincsApi.card(id) });

  /** Sets card columns straight in the database (owners, payment, dates), as older data may have them. */
  async function setCard(
    id: string,
    values: {
      userId?: string | null;
      authorId?: string | null;
      isPaid?: boolean;
      createdAt?: Date;
      templateId?: string;
    },
  ): Promise<void> {
    const { db, codec } = use().database;
    await db
      .updateTable('cards')
      .set({
        ...(values.userId !== undefined ? { userId: values.userId } : {}),
        ...(values.authorId !== undefined ? { authorId: values.authorId } : {}),
        ...(values.isPaid !== undefined ? { isPaid: codec.bool(values.isPaid) } : {}),
        ...(values.createdAt ? { createdAt: codec.date(values.createdAt) } : {}),
        ...(values.templateId ? { templateId: values.templateId } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  async function storedKeys(cardId: string): Promise<string[]> {
    const row = await use()
      .database.db.selectFrom('cards')
      .select(['recipientImagePath', 'videoPath', 'audioPath'])
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    return [row.recipientImagePath, row.videoPath, row.audioPath].filter((key) => key !== null);
  }

  async function putMedia(browser: TestBrowser, cardId: string, kind: CardMediaKind, body: Buffer) {
    const response = await send(browser, {
      method: 'PUT',
      path: cardMediaApi.media(cardId, kind),
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    expect(response.status, response.body).toBe(200);
    return cardSchema.parse(JSON.parse(response.body));
  }

  const photo = (background: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background } })
      .jpeg()
      .toBuffer();

  const uploadRows = (cardId: string) =>
    use().database.db.selectFrom('mediaUploads').select('id').where('cardId', '=', cardId).execute();

  it('lists only paid cards matched by userId or authorId, each once, newest first, never anyone else’s', async () => {
    const owner = await signUpAndVerify(app, use());
    const other = await signUpAndVerify(app, use());
    const ownerId = (await findUserByEmail(use(), owner.email))!.id;
    const otherId = (await findUserByEmail(use(), other.email))!.id;
    const { db } = use().database;
    await db.updateTable('users').set({ credits: 1000 }).where('id', 'in', [ownerId, otherId]).execute();

    const mine = await createCard(owner.browser, { recipientName: 'Mine' });
    const asUserOnly = await createCard(owner.browser, { recipientName: 'As user' });
    const asAuthorOnly = await createCard(owner.browser, { recipientName: 'As author' });
    const unpaid = await createCard(owner.browser, { recipientName: 'Unpaid' });
    const othersCard = await createCard(other.browser, { recipientName: 'Not yours' });
    for (const card of [mine, asUserOnly, asAuthorOnly]) await unlock(owner.browser, card);
    await unlock(other.browser, othersCard);
    // One card is the owner's only as userId, one only as authorId (SPEC §7's two queries, merged).
    await setCard(asUserOnly.id, { authorId: otherId });
    await setCard(asAuthorOnly.id, { userId: otherId });
    const base = Date.now() - 60_000;
    await setCard(asAuthorOnly.id, { createdAt: new Date(base + 3_000) });
    await setCard(mine.id, { createdAt: new Date(base + 2_000) });
    await setCard(asUserOnly.id, { createdAt: new Date(base + 1_000) });
    await setCard(unpaid.id, { createdAt: new Date(base + 4_000) });

    const list = await myWincs(owner.browser);
    expect(list.cards.map((card) => card.id)).toEqual([asAuthorOnly.id, mine.id, asUserOnly.id]);
    expect(list.cards.every((card) => card.isPaid)).toBe(true);
    // The owner presenter's allow-list: no owner ids leave the server.
    expect(Object.keys(list.cards[0]!)).not.toContain('userId');
    expect(Object.keys(list.cards[0]!)).not.toContain('authorId');
    expect(Object.keys(list.cards[0]!)).not.toContain('guestSessionId');

    // The other user sees their own card and the two shared ones, never the owner's own.
    const theirs = await myWincs(other.browser);
    expect(theirs.cards.map((card) => card.id).sort()).toEqual(
      [othersCard.id, asUserOnly.id, asAuthorOnly.id].sort(),
    );
    expect(theirs.cards.map((card) => card.id)).not.toContain(mine.id);
  });

  it('gives each card its template’s category, lists the categories present, and filters by category id', async () => {
    const owner = await signUpAndVerify(app, use());
    const ownerId = (await findUserByEmail(use(), owner.email))!.id;
    await use().database.db.updateTable('users').set({ credits: 1000 }).where('id', '=', ownerId).execute();
    const eid = await createCard(owner.browser, { templateId: 'eid-1' });
    const wedding = await createCard(owner.browser, { templateId: 'wedding-1' });
    const birthday = await createCard(owner.browser, { templateId: 'birthday-02' });
    const orphan = await createCard(owner.browser, { templateId: 'birthday-03' });
    const unpaidThanks = await createCard(owner.browser, { templateId: 'thanks-1' });
    for (const card of [eid, wedding, birthday, orphan]) await unlock(owner.browser, card);
    const base = Date.now() - 60_000;
    await setCard(eid.id, { createdAt: new Date(base + 4_000) });
    await setCard(wedding.id, { createdAt: new Date(base + 3_000) });
    await setCard(birthday.id, { createdAt: new Date(base + 2_000) });
    // A card whose template was removed from the catalog still lists, without a category.
    await setCard(orphan.id, { createdAt: new Date(base + 1_000), templateId: 'no-longer-in-catalog' });

    const list = await myWincs(owner.browser);
    expect(list.cards.map((card) => [card.id, card.category?.id ?? null])).toEqual([
      [eid.id, 'eid'],
      [wedding.id, 'wedding'],
      [birthday.id, 'birthday'],
      [orphan.id, null],
    ]);
    // Ranked first by rank, then unranked by name; an unpaid card's category is not offered.
    expect(list.categories.map((category) => category.id)).toEqual(['birthday', 'wedding', 'eid']);
    expect(list.categories.map((category) => category.id)).not.toContain('thank-you');
    expect(list.cards.map((card) => card.id)).not.toContain(unpaidThanks.id);
    expect(list.categories.find((category) => category.id === 'eid')?.translations).toEqual({
      ar: 'عيد',
      ru: 'Ураза-байрам',
    });

    const weddings = await myWincs(owner.browser, 'wedding');
    expect(weddings.cards.map((card) => card.id)).toEqual([wedding.id]);
    // The chips stay the same whatever the filter.
    expect(weddings.categories.map((category) => category.id)).toEqual(['birthday', 'wedding', 'eid']);
    expect((await myWincs(owner.browser, 'birthday')).cards.map((card) => card.id)).toEqual([birthday.id]);
    expect((await myWincs(owner.browser, 'thank-you')).cards).toEqual([]);
    expect((await myWincs(owner.browser, '')).cards).toHaveLength(4);
  });

  it('lists the caller’s unpaid drafts, newest first: a user’s and a guest’s, never anyone else’s', async () => {
    const owner = await signUpAndVerify(app, use());
    const other = await signUpAndVerify(app, use());
    const older = await createCard(owner.browser, { recipientName: 'Older' });
    await createCard(owner.browser, { recipientName: 'Newer' });
    const paid = await createCard(owner.browser, { recipientName: 'Paid' });
    await unlock(owner.browser, paid);
    await createCard(other.browser, { recipientName: 'Not yours' });
    await setCard(older.id, { createdAt: new Date(Date.now() - 60_000) });

    const drafts = async (browser: TestBrowser) => {
      const response = await browser.get(myWincsApi.drafts);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      return draftsResponseSchema.parse(response.json()).cards.map((card) => card.recipientName);
    };
    expect(await drafts(owner.browser)).toEqual(['Newer', 'Older']);

    const guest = new TestBrowser(app);
    const guestDraft = await createCard(guest, { recipientName: 'Guest draft' });
    expect(await drafts(guest)).toEqual(['Guest draft']);
    expect(await drafts(new TestBrowser(app))).toEqual([]);

    // Taken over by an account (as a sign-up does), the card still names the guest session but is no longer
    // the guest's: it is the account's draft only.
    const { db, codec } = use().database;
    const { id: otherId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', other.email)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('cards')
      .set({ isGuestCard: codec.bool(false), userId: otherId })
      .where('id', '=', guestDraft.id)
      .execute();
    expect(await drafts(guest)).toEqual([]);
    expect(await drafts(other.browser)).toEqual(['Guest draft', 'Not yours']);
  });

  it('asks anyone signed out to sign in, a guest with cards included', async () => {
    const nobody = new TestBrowser(app);
    const signedOut = await nobody.get(myWincsApi.list);
    expect([signedOut.statusCode, signedOut.json().code]).toEqual([401, 'unauthenticated']);

    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    await setCard(card.id, { isPaid: true });
    const asGuest = await guest.get(myWincsApi.list);
    expect([asGuest.statusCode, asGuest.json().code]).toEqual([401, 'unauthenticated']);
  });

  it('deletes the owner’s card with its image, video, voice message and unfinished uploads', async () => {
    const owner = await signUpAndVerify(app, use());
    const card = await createCard(owner.browser);
    await unlock(owner.browser, card);
    await putMedia(owner.browser, card.id, 'image', await photo('#c85a3c'));
    await putMedia(owner.browser, card.id, 'video', fakeVideo(64 * 1024));
    const withMedia = await putMedia(owner.browser, card.id, 'audio', fakeVoice(16 * 1024));
    const keys = await storedKeys(card.id);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(await storage.stat(key)).not.toBeNull();
    const mediaUrls = [withMedia.recipientImageUrl!, withMedia.videoUrl!, withMedia.audioUrl!];
    for (const url of mediaUrls) expect((await owner.browser.get(url)).statusCode).toBe(200);

    // A resumable upload that never finished: its record and its bytes go too.
    const created = await send(owner.browser, {
      method: 'POST',
      path: cardMediaApi.tus,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(2 * 1024 * 1024),
        'upload-metadata': [
          `cardId ${Buffer.from(card.id).toString('base64')}`,
          `kind ${Buffer.from('video').toString('base64')}`,
        ].join(','),
      },
    });
    expect(created.status, created.body).toBe(201);
    const location = created.headers.location!;
    const uploadId = location.slice(location.lastIndexOf('/') + 1);
    const patched = await send(owner.browser, {
      method: 'PATCH',
      path: location,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: fakeVideo(256 * 1024),
    });
    expect(patched.status, patched.body).toBe(204);
    expect(await uploadRows(card.id)).toHaveLength(1);
    expect(fs.existsSync(path.join(config.uploadsDir, uploadId))).toBe(true);

    const deleted = await deleteCard(owner.browser, card.id);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');

    const gone = await owner.browser.get(cardsApi.card(card.id));
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'card-not-found']);
    expect((await myWincs(owner.browser)).cards).toEqual([]);
    for (const key of keys) expect(await storage.stat(key)).toBeNull();
    for (const url of mediaUrls) expect((await owner.browser.get(url)).statusCode).toBe(404);
    expect(await uploadRows(card.id)).toEqual([]);
    expect(fs.existsSync(path.join(config.uploadsDir, uploadId))).toBe(false);
    const head = await send(owner.browser, {
      method: 'HEAD',
      path: location,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);

    // Deleting it again: it is not there any more.
    const again = await deleteCard(owner.browser, card.id);
    expect([again.statusCode, again.json().code]).toEqual([404, 'card-not-found']);
  });

  it('answers a stranger’s delete like an unknown card and deletes nothing', async () => {
    const owner = await signUpAndVerify(app, use());
    const stranger = await signUpAndVerify(app, use());
    const card = await createCard(owner.browser);
    await unlock(owner.browser, card);
    const withImage = await putMedia(owner.browser, card.id, 'image', await photo('#2a9d8f'));
    const [key] = await storedKeys(card.id);

    const asStranger = await deleteCard(stranger.browser, card.id);
    expect([asStranger.statusCode, asStranger.json()]).toEqual([
      404,
      { code: 'card-not-found', message: 'Card not found.' },
    ]);
    const unknown = await deleteCard(stranger.browser, crypto.randomBytes(16).toString('base64url'));
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'card-not-found']);
    const signedOut = await deleteCard(new TestBrowser(app), card.id);
    expect([signedOut.statusCode, signedOut.json().code]).toEqual([404, 'card-not-found']);

    expect((await owner.browser.get(cardsApi.card(card.id))).statusCode).toBe(200);
    expect(await storage.stat(key!)).not.toBeNull();
    expect((await owner.browser.get(withImage.recipientImageUrl!)).statusCode).toBe(200);
    expect((await myWincs(owner.browser)).cards.map((item) => item.id)).toEqual([card.id]);
  });

  it('lets a guest delete their own guest card', async () => {
    const guest = new TestBrowser(app);
    const card = await createCard(guest);
    const stranger = new TestBrowser(app);
    await createCard(stranger);
    expect((await deleteCard(stranger, card.id)).statusCode).toBe(404);
    expect((await deleteCard(guest, card.id)).statusCode).toBe(204);
    expect((await guest.get(cardsApi.card(card.id))).statusCode).toBe(404);
  });

  it('edits a paid card’s names, message and image through the existing card routes', async () => {
    const owner = await signUpAndVerify(app, use());
    const card = await createCard(owner.browser);
    await unlock(owner.browser, card);
    const first = await putMedia(owner.browser, card.id, 'image', await photo('#e76f51'));
    const [firstKey] = await storedKeys(card.id);

    const patched = await owner.browser.request({
      method: 'PATCH',
      url: cardsApi.card(card.id),
      payload: { senderName: ' Kim ', recipientName: 'Lee', message: 'See you soon!' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(cardSchema.parse(patched.json())).toMatchObject({
      senderName: 'Kim',
      recipientName: 'Lee',
      message: 'See you soon!',
      isPaid: true,
      selectedVoice: 'female',
    });

    const replaced = await putMedia(owner.browser, card.id, 'image', await photo('#264653'));
    expect(replaced.recipientImageUrl).not.toBe(first.recipientImageUrl);
    expect(await storage.stat(firstKey!)).toBeNull();
    const removed = await owner.browser.request({
      method: 'DELETE',
      url: cardMediaApi.media(card.id, 'image'),
    });
    expect(removed.statusCode).toBe(200);
    expect(cardSchema.parse(removed.json()).recipientImageUrl).toBeNull();

    const [listed] = (await myWincs(owner.browser)).cards;
    expect(listed).toMatchObject({
      id: card.id,
      senderName: 'Kim',
      recipientName: 'Lee',
      message: 'See you soon!',
      recipientImageUrl: null,
      isPaid: true,
    });
  });
});
