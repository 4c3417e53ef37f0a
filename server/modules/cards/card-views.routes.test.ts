import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { myWincsResponseSchema } from '../../../shared/cards/my-wincs.contract.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  latestMail,
  mailCount,
  setTier,
  signUpAndVerify,
} from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { cardViewsApi, cardsApi, myWincsApi } from '../../../shared/api-paths.ts';
import { CARD_ACTIVITY_EVENT } from '../../../shared/api-paths.ts';

/**
 * Views and plan limits (DESIGN §1.7): a view is a distinct recipient device, never a reload nor the owner;
 * the count is exact under concurrency; the limit is the owner's plan's when the card was paid; past it a new
 * device is refused while earlier ones may come back; what devices play reaches My WINCS, live; the sender
 * may get one email on the first opening.
 */
describeEachDatabase('card views and limits', (use) => {
  let app: FastifyInstance;
  let statements: string[] = [];

  beforeAll(async () => {
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app } = await buildTestApp(use(), {
      env: { PUBLIC_ORIGIN: TEST_ORIGIN },
      onStatement: (sql) => statements.push(sql),
    }));
  });
  afterAll(() => app?.close());

  /** A signed-up owner on `tier` with a card paid then, and what the owner sees of it. */
  async function paidCard(tier: string, draft: object = {}) {
    const owner = await signUpAndVerify(app, use());
    await setTier(use(), owner.email, tier);
    const created = await owner.browser.post(cardsApi.create, { ...cardDraft, ...draft });
    expect(created.statusCode, created.body).toBe(201);
    const card = cardSchema.parse(created.json());
    const unlocked = await owner.browser.post(cardsApi.unlock(card.id));
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    return { owner, card: cardSchema.parse(unlocked.json().card) };
  }

  const ownersView = async (browser: TestBrowser, card: Card) =>
    cardSchema.parse((await browser.get(cardsApi.card(card.id))).json());
  const open = (browser: TestBrowser, card: Card) => browser.get(cardsApi.publicCard(card.id));

  it('counts each recipient device once, never a reload and never the owner', async () => {
    const { owner, card } = await paidCard('premium_bulk');
    expect((await open(owner.browser, card)).statusCode).toBe(200);
    const phone = new TestBrowser(app);
    for (let i = 0; i < 3; i++) expect((await open(phone, card)).statusCode).toBe(200);
    expect((await ownersView(owner.browser, card)).viewCount).toBe(1);
    expect((await open(new TestBrowser(app), card)).statusCode).toBe(200);
    expect((await ownersView(owner.browser, card)).viewCount).toBe(2);
  });

  it('lets a device open the card again with reads only: no transaction, nothing written', async () => {
    const { owner, card } = await paidCard('premium_bulk');
    const phone = new TestBrowser(app);
    expect((await open(phone, card)).statusCode).toBe(200);
    statements = [];
    expect((await open(phone, card)).statusCode).toBe(200);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((sql) => !/^select /i.test(sql))).toEqual([]);
    expect((await ownersView(owner.browser, card)).viewCount).toBe(1);
  });

  it('stores the view limit of the owner plan at payment: Free 2, Plus 4, Premium 8', async () => {
    expect((await paidCard('free')).card.viewLimit).toBe(2);
    expect((await paidCard('plus_monthly')).card.viewLimit).toBe(4);
    const premium = await paidCard('premium_bulk');
    expect(premium.card.viewLimit).toBe(8);
    // A later change of plan does not change a card already paid.
    await setTier(use(), premium.owner.email, 'free');
    expect((await ownersView(premium.owner.browser, premium.card)).viewLimit).toBe(8);
  });

  it('refuses a new device past the limit, and lets earlier devices open it again', async () => {
    const { owner, card } = await paidCard('free');
    const first = new TestBrowser(app);
    const second = new TestBrowser(app);
    expect((await open(first, card)).statusCode).toBe(200);
    expect((await open(second, card)).statusCode).toBe(200);
    const third = await open(new TestBrowser(app), card);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ code: 'card-view-limit' });
    expect((await open(first, card)).statusCode).toBe(200);
    expect((await open(owner.browser, card)).statusCode).toBe(200);
    expect((await ownersView(owner.browser, card)).viewCount).toBe(2);
  });

  it('counts 20 devices opening at once exactly, within the limit and past it', async () => {
    const { owner, card } = await paidCard('premium_bulk');
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(new TestBrowser(app), card)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(8);
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(12);
    expect((await ownersView(owner.browser, card)).viewCount).toBe(8);

    // A card without a limit (paid before limits existed) counts all 20, none twice.
    const open20 = await paidCard('premium_bulk');
    await use()
      .database.db.updateTable('cards')
      .set({ viewLimit: null })
      .where('id', '=', open20.card.id)
      .execute();
    const devices = Array.from({ length: 20 }, () => new TestBrowser(app));
    await Promise.all(devices.map((device) => open(device, open20.card)));
    await Promise.all(devices.map((device) => open(device, open20.card)));
    expect((await ownersView(open20.owner.browser, open20.card)).viewCount).toBe(20);
  });

  it('shows the sender what recipients played, and only theirs', async () => {
    const { owner, card } = await paidCard('plus_bulk');
    const phone = new TestBrowser(app);
    await open(phone, card);
    const played = (browser: TestBrowser, activity: string) =>
      browser.post(cardViewsApi.activity(card.id), { activity });
    expect((await played(phone, 'greeting')).statusCode).toBe(204);
    expect((await played(phone, 'video')).statusCode).toBe(204);
    // The owner's plays and a device that never opened the card change nothing.
    expect((await played(owner.browser, 'voice-message')).statusCode).toBe(204);
    expect((await played(new TestBrowser(app), 'voice-message')).statusCode).toBe(204);
    expect((await played(phone, 'dancing')).statusCode).toBe(400);

    const list = myWincsResponseSchema.parse((await owner.browser.get(myWincsApi.list)).json());
    const mine = list.cards.find((entry) => entry.id === card.id)!;
    expect(mine.views).toMatchObject({
      devices: 1,
      greetingHeard: true,
      videoWatched: true,
      voiceMessagePlayed: false,
    });
    expect(Date.parse(mine.views!.firstOpenedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('emails the sender once, the first time the card is opened, when asked', async () => {
    const { owner, card } = await paidCard('plus_bulk', { notifyOnOpen: true });
    expect(card.notifyOnOpen).toBe(true);
    await Promise.all([open(new TestBrowser(app), card), open(new TestBrowser(app), card)]);
    await expect.poll(() => mailCount(use(), owner.email)).toBe(2);
    const mail = await latestMail(use(), owner.email, 'card-opened');
    expect(mail?.subject).toBe('Alex opened your WINC');
    expect(mail?.link).toBe(`${TEST_ORIGIN}/my-wincs`);
    await open(new TestBrowser(app), card);
    // The verification mail and this one: nothing more.
    expect(await mailCount(use(), owner.email)).toBe(2);

    const quiet = await paidCard('plus_bulk');
    await open(new TestBrowser(app), quiet.card);
    expect(await latestMail(use(), quiet.owner.email, 'card-opened')).toBeUndefined();
  });

  it("tells the sender's open pages at once that their card was opened", async () => {
    const { owner, card } = await paidCard('plus_bulk');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const heard = new Promise<string>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/me/events',
          headers: { cookie: owner.browser.cookieHeader() },
        },
        (response) => {
          let text = '';
          let opened = false;
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            // The balance comes first; the card's opening, after it, is the news.
            if (!opened && text.includes('event: credits')) {
              opened = true;
              void open(new TestBrowser(app), card);
            }
            if (text.includes(`event: ${CARD_ACTIVITY_EVENT}`)) {
              request.destroy();
              resolve(text);
            }
          });
        },
      );
      request.on('error', reject);
    });
    expect(await heard).toContain(`event: ${CARD_ACTIVITY_EVENT}`);
  });
});
