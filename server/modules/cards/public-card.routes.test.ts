import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CardMediaKind } from '../../../shared/cards/card-media.ts';
import {
  cardSchema,
  publicCardSchema,
  unlockCardResponseSchema,
  type Card,
} from '../../../shared/cards/cards.contract.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findUserByEmail,
  setCookies,
  signUpAndVerify,
} from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fakeVideo, fakeVoice } from '../../testing/media-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { VIEWER_COOKIE } from './viewer-cookie.ts';
import { cardMediaApi, cardsApi, linkPreviewApi } from '../../../shared/api-paths.ts';

const draft = {
  ...cardDraft,
  textStyles: { fontFamily: 'Georgia', fontSize: 20, color: '#7a2e8c' },
};

/** The public fields, as the contract lists them: the answer must carry these and nothing else. */
const PUBLIC_FIELDS = Object.keys(publicCardSchema.shape).sort();

/**
 * The recipient page's API (DESIGN §1.5): a paid card to anyone holding its link, only its public fields; an
 * unpaid card 'card-not-ready', a deleted one 'card-removed' (410), an unknown one 'card-not-found'; a paid
 * card's files to anyone, an unpaid card's to its owner only.
 */
describeEachDatabase('the shared card, as its recipient opens it', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(() => app?.close());

  /** Someone who was never here: no cookie at all, a fresh address. */
  const stranger = () => new TestBrowser(app);

  async function createCard(browser: TestBrowser): Promise<Card> {
    const response = await browser.post(cardsApi.create, draft);
    expect(response.statusCode, response.body).toBe(201);
    return cardSchema.parse(response.json());
  }

  async function unlock(browser: TestBrowser, card: Card): Promise<void> {
    const response = await browser.post(cardsApi.unlock(card.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(unlockCardResponseSchema.parse(response.json()).card.isPaid).toBe(true);
  }

  async function putMedia(browser: TestBrowser, cardId: string, kind: CardMediaKind, body: Buffer) {
    const response = await browser.request({
      method: 'PUT',
      url: cardMediaApi.media(cardId, kind),
      headers: { 'content-type': 'application/octet-stream' },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return cardSchema.parse(response.json());
  }

  /** Status, type and body: what tells one answer from another. */
  const answerOf = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    type: response.headers['content-type'],
    body: response.body,
  });

  it('shows a paid card to a visitor without any cookie: exactly the public fields, never cached or indexed', async () => {
    const owner = await signUpAndVerify(app, use());
    const card = await createCard(owner.browser);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f4a261' } })
      .png()
      .toBuffer();
    await putMedia(owner.browser, card.id, 'image', photo);
    await unlock(owner.browser, card);

    const visitor = stranger();
    const response = await visitor.get(cardsApi.publicCard(card.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toMatch(/noindex/);
    // Opening a card hands out only the viewer cookie that tells devices apart (DESIGN §1.7): no guest
    // session, no session.
    expect([...setCookies(response).keys()]).toEqual([VIEWER_COOKIE]);
    expect(setCookies(response).get(VIEWER_COOKIE)?.raw).toMatch(/HttpOnly/);

    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(PUBLIC_FIELDS);
    expect(publicCardSchema.parse(body)).toMatchObject({
      id: card.id,
      senderName: 'Sam',
      recipientName: 'Alex',
      message: 'Happy birthday!',
      selectedVoice: 'female',
      textStyles: draft.textStyles,
      templateImageUrl: card.templateImageUrl,
      videoUrl: null,
      audioUrl: null,
    });
    expect(body.recipientImageUrl).toMatch(new RegExp(`^/media/cards/${card.id}/image/`));
    // Nothing private rides along, under any name.
    const user = await findUserByEmail(use(), owner.email);
    expect(response.body).not.toContain(user!.id);
    expect(response.body).not.toContain(owner.email);
    expect(response.body).not.toMatch(/isPaid|viewCount|guest|userId|authorId|createdAt|Path"/);

    // The owner's later edit shows at once on the same link.
    const edit = await owner.browser.request({
      method: 'PATCH',
      url: cardsApi.card(card.id),
      payload: { message: 'Happy birthday, Alex!' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const again = publicCardSchema.parse((await visitor.get(cardsApi.publicCard(card.id))).json());
    expect(again.message).toBe('Happy birthday, Alex!');
  });

  it("offers face opening only on a card with the recipient's photo whose sender left it on", async () => {
    const owner = await signUpAndVerify(app, use());
    const card = await createCard(owner.browser);
    expect(card.faceOpening).toBe(true);
    await unlock(owner.browser, card);
    const visitor = stranger();
    const publicCard = async () =>
      publicCardSchema.parse((await visitor.get(cardsApi.publicCard(card.id))).json());
    // No photo to compare a face with: nothing to offer.
    expect((await publicCard()).faceOpening).toBe(false);

    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f4a261' } })
      .png()
      .toBuffer();
    await putMedia(owner.browser, card.id, 'image', photo);
    expect((await publicCard()).faceOpening).toBe(true);

    const off = await owner.browser.request({
      method: 'PATCH',
      url: cardsApi.card(card.id),
      payload: { faceOpening: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(cardSchema.parse(off.json()).faceOpening).toBe(false);
    expect((await publicCard()).faceOpening).toBe(false);
  });

  it('answers an unpaid card and a guest card as not ready, whoever asks, and an unknown or malformed id as not found', async () => {
    const owner = await signUpAndVerify(app, use());
    const unpaid = await createCard(owner.browser);
    const guest = new TestBrowser(app);
    const guestCard = await createCard(guest);
    const unknown = crypto.randomBytes(16).toString('base64url');

    const notReady = [
      await stranger().get(cardsApi.publicCard(unpaid.id)),
      // The owner is no exception: the page shows what the recipient would see.
      await owner.browser.get(cardsApi.publicCard(unpaid.id)),
      await stranger().get(cardsApi.publicCard(guestCard.id)),
      await guest.get(cardsApi.publicCard(guestCard.id)),
    ].map(answerOf);
    const notFound = [
      await stranger().get(cardsApi.publicCard(unknown)),
      await stranger().get(cardsApi.publicCard('x')),
      await stranger().get(cardsApi.publicCard(`${unpaid.id}'; --`)),
      await stranger().get(cardsApi.publicCard('a'.repeat(10_000))),
      // A path that does not even decode.
      await stranger().get('/api/public/cards/%E0%A4%A'),
    ].map(answerOf);

    for (const answer of notReady) {
      expect(answer).toEqual({
        status: 404,
        type: expect.stringMatching(/^application\/json/),
        body: JSON.stringify({ code: 'card-not-ready', message: "This card isn't ready yet" }),
      });
    }
    for (const answer of notFound) {
      expect(answer).toEqual({
        status: 404,
        type: expect.stringMatching(/^application\/json/),
        body: JSON.stringify({ code: 'card-not-found', message: 'Card not found.' }),
      });
    }
  });

  it('answers a card its owner deleted 410 card-removed, paid or not, to anyone, and never shows it again', async () => {
    const owner = await signUpAndVerify(app, use());
    const paid = await createCard(owner.browser);
    await unlock(owner.browser, paid);
    const unpaid = await createCard(owner.browser);
    expect((await stranger().get(cardsApi.publicCard(paid.id))).statusCode).toBe(200);

    for (const card of [paid, unpaid]) {
      const deleted = await owner.browser.request({ method: 'DELETE', url: cardsApi.card(card.id) });
      expect(deleted.statusCode, deleted.body).toBe(204);
      for (const asker of [stranger(), owner.browser]) {
        expect(answerOf(await asker.get(cardsApi.publicCard(card.id)))).toEqual({
          status: 410,
          type: expect.stringMatching(/^application\/json/),
          body: JSON.stringify({ code: 'card-removed', message: 'This card is no longer available' }),
        });
      }
    }
  });

  it('answers the cards of a deleted account 410 card-removed, the page too, like cards their owner deleted', async () => {
    const owner = await signUpAndVerify(app, use());
    const paid = await createCard(owner.browser);
    await unlock(owner.browser, paid);
    const unpaid = await createCard(owner.browser);
    const gone = await owner.browser.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: owner.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);

    for (const card of [paid, unpaid]) {
      expect(answerOf(await stranger().get(cardsApi.publicCard(card.id)))).toEqual({
        status: 410,
        type: expect.stringMatching(/^application\/json/),
        body: JSON.stringify({ code: 'card-removed', message: 'This card is no longer available' }),
      });
      expect((await stranger().get(linkPreviewApi.page(card.id))).statusCode).toBe(410);
    }
    // Nothing of the cards stays but their ids.
    const left = await use()
      .database.db.selectFrom('cards')
      .select('id')
      .where('id', 'in', [paid.id, unpaid.id])
      .execute();
    expect(left).toEqual([]);
  });

  it("serves a paid card's image, video (with byte ranges) and voice message to anyone, and an unpaid card's to its owner only", async () => {
    const owner = await signUpAndVerify(app, use());
    const video = fakeVideo(64 * 1024);
    const voice = fakeVoice(8 * 1024);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a9d8f' } })
      .jpeg()
      .toBuffer();

    const paid = await createCard(owner.browser);
    await putMedia(owner.browser, paid.id, 'image', photo);
    await putMedia(owner.browser, paid.id, 'video', video);
    await putMedia(owner.browser, paid.id, 'audio', voice);
    await unlock(owner.browser, paid);
    const shown = publicCardSchema.parse((await stranger().get(cardsApi.publicCard(paid.id))).json());

    const visitor = stranger();
    const whole = await visitor.get(shown.videoUrl!);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);

    // A video player seeks: a middle range, and a suffix range.
    const part = await visitor.get(shown.videoUrl!, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
    const tail = await visitor.get(shown.videoUrl!, { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 500))).toBe(true);

    const audio = await visitor.get(shown.audioUrl!);
    expect([audio.statusCode, audio.rawPayload.equals(voice)]).toEqual([200, true]);
    const image = await visitor.get(shown.recipientImageUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    // The same files of a card not paid yet: its owner sees them, nobody else does.
    const unpaid = await createCard(owner.browser);
    const withVideo = await putMedia(owner.browser, unpaid.id, 'video', video);
    const withVoice = await putMedia(owner.browser, unpaid.id, 'audio', voice);
    const withImage = await putMedia(owner.browser, unpaid.id, 'image', photo);
    const urls = [withVideo.videoUrl!, withVoice.audioUrl!, withImage.recipientImageUrl!];
    for (const url of urls) {
      expect((await owner.browser.get(url)).statusCode, url).toBe(200);
      expect((await stranger().get(url)).statusCode, url).toBe(404);
      expect((await stranger().get(url, { range: 'bytes=0-99' })).statusCode, url).toBe(404);
      expect((await new TestBrowser(app).get(url)).statusCode, url).toBe(404);
    }
  });
});
