import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  cardMediaApi,
  cardsApi,
  keepsakesApi,
  linkPreviewApi,
  repliesApi,
  revealApi,
} from '../../../shared/api-paths.ts';
import { cardSchema, publicCardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { revealResponseSchema, sealedCardSchema } from '../../../shared/cards/reveal.contract.ts';
import { TEST_ORIGIN, TestBrowser, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { metaOf } from '../../testing/html-meta.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';

const MESSAGE = 'A secret message only the reveal may show';
const draft = { ...cardDraft, message: MESSAGE };

/**
 * The scheduled reveal (DESIGN §1.22): the owner sets, moves or cancels it; before it the link is sealed for
 * everyone — no message, no view counted, the preview says when — and at it the card opens.
 */
describeEachDatabase('a card revealed at a chosen moment', (use) => {
  let app: FastifyInstance;
  // Saturday 28 November 2026, 05:00 UTC (08:00 in Riyadh).
  let clock = new Date('2026-11-28T05:00:00Z');

  beforeAll(async () => {
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(clock), clock),
    );
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN }, now: () => clock }));
  });
  afterAll(() => app?.close());

  async function paidCard(): Promise<{ owner: TestBrowser; card: Card }> {
    const { browser: owner } = await signUpAndVerify(app, use());
    const created = await owner.post(cardsApi.create, draft);
    expect(created.statusCode, created.body).toBe(201);
    const card = cardSchema.parse(created.json());
    const unlocked = await owner.post(cardsApi.unlock(card.id));
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    return { owner, card };
  }

  const setReveal = (browser: TestBrowser, cardId: string, reveal: unknown) =>
    browser.request({ method: 'PUT', url: revealApi(cardId), payload: { reveal } });

  const viewCountOf = async (cardId: string) =>
    Number(
      (
        await use()
          .database.db.selectFrom('cards')
          .select('viewCount')
          .where('id', '=', cardId)
          .executeTakeFirstOrThrow()
      ).viewCount,
    );

  it('seals the link until the moment, counting nothing and showing no secret, then opens it for everyone', async () => {
    const { owner, card } = await paidCard();
    const set = await setReveal(owner, card.id, { at: '2026-11-29T08:00', timeZone: 'asia/riyadh' });
    expect(set.statusCode, set.body).toBe(200);
    expect(revealResponseSchema.parse(set.json())).toEqual({
      reveal: {
        revealAt: '2026-11-29T05:00:00.000Z',
        timeZone: 'Asia/Riyadh',
        localTime: '2026-11-29T08:00',
      },
      adjusted: false,
    });

    const visitor = new TestBrowser(app);
    const sealed = await visitor.get(cardsApi.publicCard(card.id));
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.headers['cache-control']).toBe('no-store');
    expect(sealedCardSchema.parse(sealed.json())).toMatchObject({
      sealed: true,
      revealAt: '2026-11-29T05:00:00.000Z',
      timeZone: 'Asia/Riyadh',
      recipientName: cardDraft.recipientName,
    });
    expect(sealed.body).not.toContain(MESSAGE);
    expect(await viewCountOf(card.id)).toBe(0);
    expect(
      await use()
        .database.db.selectFrom('cardViews')
        .select('deviceId')
        .where('cardId', '=', card.id)
        .execute(),
    ).toEqual([]);

    const page = await visitor.get(linkPreviewApi.page(card.id));
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(MESSAGE);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(metaOf(page.body, 'og:description')).toContain('Sunday, November 29');
    expect(metaOf(page.body, 'og:description')).toContain('08:00 (Asia/Riyadh)');
    expect(metaOf(page.body, 'og:title')).toContain('opens');

    // A second before: still sealed. At the moment: open, and the view counts.
    clock = new Date('2026-11-29T04:59:59Z');
    expect(sealedCardSchema.safeParse((await visitor.get(cardsApi.publicCard(card.id))).json()).success).toBe(
      true,
    );
    clock = new Date('2026-11-29T05:00:00Z');
    const opened = await visitor.get(cardsApi.publicCard(card.id));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(publicCardSchema.parse(opened.json()).message).toBe(MESSAGE);
    expect(await viewCountOf(card.id)).toBe(1);
    expect(metaOf((await visitor.get(linkPreviewApi.page(card.id))).body, 'og:description')).not.toContain(
      'Asia/Riyadh',
    );

    // Once it opened, its time can no longer change.
    const late = await setReveal(owner, card.id, { at: '2026-12-01T08:00', timeZone: 'Asia/Riyadh' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('already-revealed');
    clock = new Date('2026-11-28T05:00:00Z');
  });

  it("keeps the card's other doors shut until the moment: no reply is taken and no keepsake is made", async () => {
    const { card, owner } = await paidCard();
    expect(
      (await setReveal(owner, card.id, { at: '2026-11-29T08:00', timeZone: 'Asia/Riyadh' })).statusCode,
    ).toBe(200);
    const visitor = new TestBrowser(app);
    const reply = () => visitor.post(repliesApi.create(card.id), { kind: 'text', text: 'Thank you!' });
    const keepsake = () => visitor.get(keepsakesApi.publicPdf(card.id));

    const early = await reply();
    expect([early.statusCode, early.json().code]).toEqual([404, 'card-not-found']);
    const earlyPdf = await keepsake();
    expect([earlyPdf.statusCode, earlyPdf.json().code]).toEqual([404, 'card-not-ready']);

    clock = new Date('2026-11-29T05:00:00Z');
    try {
      expect((await reply()).statusCode).toBe(201);
      const pdf = await keepsake();
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    } finally {
      clock = new Date('2026-11-28T05:00:00Z');
    }
  });

  it("keeps the card's photo from everyone but its owner until the moment, then serves it to anyone", async () => {
    const { owner, card } = await paidCard();
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a3c8c' } })
      .jpeg()
      .toBuffer();
    const put = await owner.request({
      method: 'PUT',
      url: cardMediaApi.media(card.id, 'image'),
      headers: { 'content-type': 'application/octet-stream' },
      payload: photo,
    });
    expect(put.statusCode, put.body).toBe(200);
    const photoUrl = cardSchema.parse(put.json()).recipientImageUrl!;
    expect(
      (await setReveal(owner, card.id, { at: '2026-11-29T08:00', timeZone: 'Asia/Riyadh' })).statusCode,
    ).toBe(200);

    const stranger = new TestBrowser(app);
    const early = await stranger.get(photoUrl);
    expect([early.statusCode, early.json().code]).toEqual([404, 'card-not-found']);
    expect((await owner.get(photoUrl)).statusCode).toBe(200);

    clock = new Date('2026-11-29T05:00:00Z');
    try {
      const opened = await stranger.get(photoUrl);
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe('image/webp');
      expect((await owner.get(photoUrl)).statusCode).toBe(200);
    } finally {
      clock = new Date('2026-11-28T05:00:00Z');
    }
  });

  it('lets the owner move and cancel it; a stranger gets not-found', async () => {
    const { owner, card } = await paidCard();
    expect(
      (await setReveal(owner, card.id, { at: '2026-12-24T18:00', timeZone: 'Europe/Moscow' })).statusCode,
    ).toBe(200);
    const moved = await setReveal(owner, card.id, { at: '2026-12-25T09:30', timeZone: 'Europe/Moscow' });
    expect(revealResponseSchema.parse(moved.json()).reveal?.revealAt).toBe('2026-12-25T06:30:00.000Z');
    const mine = cardSchema.parse((await owner.get(cardsApi.card(card.id))).json());
    expect(mine.reveal?.localTime).toBe('2026-12-25T09:30');

    const stranger = (await signUpAndVerify(app, use())).browser;
    const refused = await setReveal(stranger, card.id, null);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('card-not-found');

    const cancelled = await setReveal(owner, card.id, null);
    expect(revealResponseSchema.parse(cancelled.json())).toEqual({ reveal: null, adjusted: false });
    const open = await new TestBrowser(app).get(cardsApi.publicCard(card.id));
    expect(publicCardSchema.parse(open.json()).message).toBe(MESSAGE);
  });

  it('refuses a time in the past, an unknown zone and a time more than a year ahead, each with its code', async () => {
    const { owner, card } = await paidCard();
    const codeOf = async (reveal: unknown) => {
      const response = await setReveal(owner, card.id, reveal);
      return [response.statusCode, response.json().code];
    };
    expect(await codeOf({ at: '2026-11-28T07:59', timeZone: 'Asia/Riyadh' })).toEqual([
      400,
      'reveal-in-past',
    ]);
    expect(await codeOf({ at: '2026-12-01T08:00', timeZone: 'Mars/Olympus_Mons' })).toEqual([
      400,
      'unknown-time-zone',
    ]);
    expect(await codeOf({ at: '2027-12-30T08:00', timeZone: 'Asia/Riyadh' })).toEqual([
      400,
      'reveal-too-far',
    ]);
    expect(await codeOf({ at: '2026-02-30T08:00', timeZone: 'Asia/Riyadh' })).toEqual([
      400,
      'validation-failed',
    ]);
  });

  it('moves a time that falls in a daylight-saving gap forward and says so', async () => {
    const { owner, card } = await paidCard();
    const response = await setReveal(owner, card.id, { at: '2027-03-28T02:30', timeZone: 'Europe/Berlin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(revealResponseSchema.parse(response.json())).toEqual({
      reveal: {
        revealAt: '2027-03-28T01:30:00.000Z',
        timeZone: 'Europe/Berlin',
        localTime: '2027-03-28T03:30',
      },
      adjusted: true,
    });
  });
});
