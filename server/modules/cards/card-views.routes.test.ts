import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { raiseViewLimitResponseSchema } from '../../../shared/cards/card-views.contract.ts';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { myWincsResponseSchema } from '../../../shared/cards/my-wincs.contract.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findUserByEmail,
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

  /** The card as My WINCS shows it to its owner. */
  async function inMyWincs(browser: TestBrowser, card: Card) {
    const list = myWincsResponseSchema.parse((await browser.get(myWincsApi.list)).json());
    return list.cards.find((entry) => entry.id === card.id)!;
  }

  /** A Free card opened on its 2 devices, and a third device it turned away. */
  async function cardAtItsLimit(draft: object = {}) {
    const paid = await paidCard('free', draft);
    const allowed = [new TestBrowser(app), new TestBrowser(app)];
    for (const device of allowed) expect((await open(device, paid.card)).statusCode).toBe(200);
    const refused = new TestBrowser(app);
    expect((await open(refused, paid.card)).json()).toMatchObject({ code: 'card-view-limit' });
    return { ...paid, allowed, refused };
  }

  const raise = (browser: TestBrowser, card: Card) => browser.post(cardsApi.viewLimit(card.id));

  /** The owner's ledger rows of view-limit raises, and their balance. */
  async function creditsOf(email: string) {
    const user = (await findUserByEmail(use(), email))!;
    const raises = await use()
      .database.db.selectFrom('creditLedger')
      .select(['delta', 'reference'])
      .where('userId', '=', user.id)
      .where('reason', '=', 'view-limit-raise')
      .execute();
    return {
      balance: Number(user.credits),
      raises: raises.map((row) => ({ ...row, delta: Number(row.delta) })),
    };
  }

  let listening: Promise<number> | undefined;
  /** The port of the app, listening for real (the live stream needs a socket). */
  function port(): Promise<number> {
    listening ??= app
      .listen({ port: 0, host: '127.0.0.1' })
      .then(() => (app.server.address() as AddressInfo).port);
    return listening;
  }

  /**
   * Opens the owner's live stream, does `action` once the stream has said the balance (it is listening
   * then), and answers once a `card-activity` event came after it.
   */
  async function heardActivityAfter(owner: { browser: TestBrowser }, action: () => Promise<unknown>) {
    const listeningOn = await port();
    return new Promise<string>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port: listeningOn,
          path: '/api/me/events',
          headers: { cookie: owner.browser.cookieHeader() },
        },
        (response) => {
          let text = '';
          let acted = false;
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            // The balance comes first; what the action makes happen, after it, is the news.
            if (!acted && text.includes('event: credits')) {
              acted = true;
              void action();
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
  }

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
    const heard = await heardActivityAfter(owner, () => open(new TestBrowser(app), card));
    expect(heard).toContain(`event: ${CARD_ACTIVITY_EVENT}`);
  });

  it('shows the sender in My WINCS that the card turned a device away, with the raise it may buy', async () => {
    const { owner, card } = await cardAtItsLimit();
    expect((await inMyWincs(owner.browser, card)).viewLimitStatus).toEqual({
      reached: true,
      raised: false,
      offer: { limit: 4, credits: 30 },
    });

    // Before a device is turned away, nothing is reached and nothing is offered, even with every view used.
    const full = await paidCard('free');
    await open(new TestBrowser(app), full.card);
    await open(new TestBrowser(app), full.card);
    expect((await inMyWincs(full.owner.browser, full.card)).viewLimitStatus).toEqual({
      reached: false,
      raised: false,
      offer: null,
    });

    // Premium's 8 devices are the most any plan allows: reached, with nothing to buy.
    const premium = await paidCard('premium_bulk');
    for (let i = 0; i < 9; i++) await open(new TestBrowser(app), premium.card);
    expect((await inMyWincs(premium.owner.browser, premium.card)).viewLimitStatus).toEqual({
      reached: true,
      raised: false,
      offer: null,
    });
  });

  it("tells the sender's open pages at once that their card turned a device away", async () => {
    const { owner, card } = await paidCard('free');
    await open(new TestBrowser(app), card);
    await open(new TestBrowser(app), card);
    const heard = await heardActivityAfter(owner, () => open(new TestBrowser(app), card));
    expect(heard).toContain(`event: ${CARD_ACTIVITY_EVENT}`);
  });

  it('emails the sender who asked for the opening email once, in their language, when the limit is reached', async () => {
    const { owner, card } = await cardAtItsLimit({ notifyOnOpen: true });
    await expect.poll(() => latestMail(use(), owner.email, 'view-limit-reached')).toBeDefined();
    const mail = (await latestMail(use(), owner.email, 'view-limit-reached'))!;
    expect(mail.subject).toBe('Your WINC for Alex reached its view limit');
    expect(mail.text).toContain('2 devices');
    expect(mail.text).toContain('4 devices for 30 credits');
    expect(mail.link).toBe(`${TEST_ORIGIN}/my-wincs?card=${card.id}`);
    // More devices turned away, and after the raise its new limit reached: no second email.
    await open(new TestBrowser(app), card);
    expect((await raise(owner.browser, card)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await open(new TestBrowser(app), card);
    expect((await inMyWincs(owner.browser, card)).viewLimitStatus.reached).toBe(true);
    const mails = await use()
      .database.db.selectFrom('mailOutbox')
      .select('kind')
      .where('to', '=', owner.email)
      .where('kind', '=', 'view-limit-reached')
      .execute();
    expect(mails).toHaveLength(1);

    // The sender's own language, as every mail to them.
    const russian = await paidCard('free', { notifyOnOpen: true });
    await use()
      .database.db.updateTable('users')
      .set({ language: 'ru' })
      .where('email', '=', russian.owner.email)
      .execute();
    for (let i = 0; i < 3; i++) await open(new TestBrowser(app), russian.card);
    await expect.poll(() => latestMail(use(), russian.owner.email, 'view-limit-reached')).toBeDefined();
    const inRussian = (await latestMail(use(), russian.owner.email, 'view-limit-reached'))!;
    expect(inRussian.language).toBe('ru');
    expect(inRussian.subject).toContain('Alex');
    expect(inRussian.text).toContain('30');

    // Without the opening email asked for, no email.
    const quiet = await cardAtItsLimit();
    expect((await inMyWincs(quiet.owner.browser, quiet.card)).viewLimitStatus.reached).toBe(true);
    expect(await latestMail(use(), quiet.owner.email, 'view-limit-reached')).toBeUndefined();
  });

  it('raises the limit to the next plan for 30 credits, once, and the device turned away gets in', async () => {
    const { owner, card, refused, allowed } = await cardAtItsLimit();
    const before = await creditsOf(owner.email);

    const raised = await raise(owner.browser, card);
    expect(raised.statusCode, raised.body).toBe(200);
    const answer = raiseViewLimitResponseSchema.parse(raised.json());
    expect(answer.card.viewLimit).toBe(4);
    expect(answer.credits).toBe(before.balance - 30);
    expect(await creditsOf(owner.email)).toEqual({
      balance: before.balance - 30,
      raises: [{ delta: -30, reference: card.id }],
    });
    expect((await ownersView(owner.browser, card)).viewLimit).toBe(4);
    expect((await inMyWincs(owner.browser, card)).viewLimitStatus).toEqual({
      reached: false,
      raised: true,
      offer: null,
    });

    expect((await open(refused, card)).statusCode).toBe(200);
    expect((await open(allowed[0]!, card)).statusCode).toBe(200);
    expect((await open(new TestBrowser(app), card)).statusCode).toBe(200);
    expect((await open(new TestBrowser(app), card)).json()).toMatchObject({ code: 'card-view-limit' });

    // Once per card: the new limit reached, a second raise is refused and costs nothing.
    const again = await raise(owner.browser, card);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'view-limit-raised' });
    expect((await creditsOf(owner.email)).balance).toBe(before.balance - 30);
    expect((await ownersView(owner.browser, card)).viewLimit).toBe(4);
  });

  it('debits two raises sent at once a single time', async () => {
    const { owner, card } = await cardAtItsLimit();
    const before = await creditsOf(owner.email);
    const answers = await Promise.all([raise(owner.browser, card), raise(owner.browser, card)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      code: 'view-limit-raised',
    });
    const after = await creditsOf(owner.email);
    expect(after.balance).toBe(before.balance - 30);
    expect(after.raises).toHaveLength(1);
    expect((await ownersView(owner.browser, card)).viewLimit).toBe(4);
  });

  it('refuses a raise without the credits, without a higher limit, before the limit, or to anyone else', async () => {
    const { owner, card } = await cardAtItsLimit();
    await use()
      .database.db.updateTable('users')
      .set({ credits: 29 })
      .where('email', '=', owner.email)
      .execute();
    const poor = await raise(owner.browser, card);
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ code: 'insufficient-credits' });
    expect(await creditsOf(owner.email)).toEqual({ balance: 29, raises: [] });
    expect((await inMyWincs(owner.browser, card)).viewLimitStatus.offer).toEqual({ limit: 4, credits: 30 });

    const stranger = await signUpAndVerify(app, use());
    expect((await raise(stranger.browser, card)).json()).toMatchObject({ code: 'card-not-found' });
    expect((await raise(new TestBrowser(app), card)).statusCode).toBe(401);

    const notYet = await paidCard('free');
    const early = await raise(notYet.owner.browser, notYet.card);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'view-limit-not-raisable' });

    const premium = await paidCard('premium_bulk');
    for (let i = 0; i < 9; i++) await open(new TestBrowser(app), premium.card);
    expect((await raise(premium.owner.browser, premium.card)).json()).toMatchObject({
      code: 'view-limit-not-raisable',
    });
    expect((await ownersView(premium.owner.browser, premium.card)).viewLimit).toBe(8);
  });
});
