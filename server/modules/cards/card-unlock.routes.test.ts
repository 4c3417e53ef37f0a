import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NEW_USER_CREDITS } from '../../../shared/accounts/accounts.contract.ts';
import { cardSchema, unlockCardResponseSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  signUpAndVerify,
  findUserByEmail,
} from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { createCardsRepository } from './cards.repository.ts';
import { createCardUnlockRepository } from './card-unlock.repository.ts';
import { createCreditsRepository } from '../credits/credits.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import crypto from 'node:crypto';
import { cardsApi } from '../../../shared/api-paths.ts';
import { CARD_UNLOCK_COST } from '../../../shared/cards/card-rules.ts';

const draft = cardDraft;

describeEachDatabase('unlocking a card with credits', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(() => app?.close());

  async function createCard(browser: TestBrowser): Promise<Card> {
    const response = await browser.post(cardsApi.create, draft);
    expect(response.statusCode, response.body).toBe(201);
    return cardSchema.parse(response.json());
  }

  async function ledgerOf(email: string) {
    const user = await findUserByEmail(use(), email);
    return use()
      .database.db.selectFrom('creditLedger')
      .select(['delta', 'balanceAfter', 'reason', 'reference'])
      .where('userId', '=', user!.id)
      .orderBy('createdAt', 'asc')
      .execute();
  }

  async function setCredits(email: string, credits: number): Promise<void> {
    await use().database.db.updateTable('users').set({ credits }).where('email', '=', email).execute();
  }

  it('marks the card paid, spends 30 credits with a ledger row, and charges nothing when repeated', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const card = await createCard(browser);

    const first = await browser.post(cardsApi.unlock(card.id));
    expect(first.statusCode, first.body).toBe(200);
    const paid = unlockCardResponseSchema.parse(first.json());
    expect(paid).toMatchObject({ charged: true, credits: NEW_USER_CREDITS - CARD_UNLOCK_COST });
    expect(paid.card).toMatchObject({ id: card.id, isPaid: true, viewCount: 0 });

    const again = unlockCardResponseSchema.parse((await browser.post(cardsApi.unlock(card.id))).json());
    expect(again).toMatchObject({ charged: false, credits: NEW_USER_CREDITS - CARD_UNLOCK_COST });
    const ledger = await ledgerOf(email);
    expect(ledger.filter((row) => row.reason === 'card-unlock')).toEqual([
      {
        delta: -CARD_UNLOCK_COST,
        balanceAfter: NEW_USER_CREDITS - CARD_UNLOCK_COST,
        reason: 'card-unlock',
        reference: card.id,
      },
    ]);
  });

  it('refuses a balance under 30 with insufficient-credits and leaves the card unpaid', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const card = await createCard(browser);
    await setCredits(email, CARD_UNLOCK_COST - 1);
    const response = await browser.post(cardsApi.unlock(card.id));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      code: 'insufficient-credits',
      message: 'You do not have enough credits.',
    });
    expect(cardSchema.parse((await browser.get(cardsApi.card(card.id))).json()).isPaid).toBe(false);
    expect((await findUserByEmail(use(), email))?.credits).toBe(CARD_UNLOCK_COST - 1);
  });

  it('asks a guest to sign in, and answers a stranger as if the card did not exist', async () => {
    const guest = new TestBrowser(app);
    const guestCard = await createCard(guest);
    const asGuest = await guest.post(cardsApi.unlock(guestCard.id));
    expect([asGuest.statusCode, asGuest.json().code]).toEqual([401, 'unauthenticated']);

    const owner = await signUpAndVerify(app, use());
    const stranger = await signUpAndVerify(app, use());
    const card = await createCard(owner.browser);
    const asStranger = await stranger.browser.post(cardsApi.unlock(card.id));
    expect([asStranger.statusCode, asStranger.json().code]).toEqual([404, 'card-not-found']);
    expect((await findUserByEmail(use(), stranger.email))?.credits).toBe(NEW_USER_CREDITS);
    expect((await ledgerOf(stranger.email)).filter((row) => row.reference === card.id)).toEqual([]);
    // The stranger's attempt left the card as it was: its owner still pays for it, once.
    const byOwner = unlockCardResponseSchema.parse(
      (await owner.browser.post(cardsApi.unlock(card.id))).json(),
    );
    expect([byOwner.charged, byOwner.card.isPaid]).toEqual([true, true]);
  });

  it('charges a card once and never goes below zero, however many requests race', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const cards = await Promise.all(Array.from({ length: 5 }, () => createCard(browser)));

    // The same card ten times at once: one charge.
    const same = await Promise.all(
      Array.from({ length: 10 }, () => browser.post(cardsApi.unlock(cards[0]!.id))),
    );
    expect(same.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(same.filter((response) => unlockCardResponseSchema.parse(response.json()).charged)).toHaveLength(
      1,
    );

    // Four more cards at once with 70 credits left: two can be paid, two cannot.
    const rest = await Promise.all(cards.slice(1).map((card) => browser.post(cardsApi.unlock(card.id))));
    expect(rest.map((response) => response.statusCode).sort()).toEqual([200, 200, 402, 402]);
    const user = await findUserByEmail(use(), email);
    expect(user?.credits).toBe(NEW_USER_CREDITS - 3 * CARD_UNLOCK_COST);
    const unlocks = (await ledgerOf(email)).filter((row) => row.reason === 'card-unlock');
    expect(unlocks).toHaveLength(3);
    expect(Math.min(...unlocks.map((row) => row.balanceAfter))).toBeGreaterThanOrEqual(0);
    const paid = await Promise.all(
      cards.map(async (card) => cardSchema.parse((await browser.get(cardsApi.card(card.id))).json()).isPaid),
    );
    expect(paid.filter(Boolean)).toHaveLength(3);
  });
  /** `count` more cards like `model`, written straight to the database (past the card-creation limit). */
  async function copiesOf(model: Card, count: number): Promise<string[]> {
    const repository = createCardsRepository(use().database);
    const record = await repository.findById(model.id);
    const ids = Array.from({ length: count }, () => crypto.randomBytes(16).toString('base64url'));
    for (const id of ids) await repository.insert({ ...record!, id });
    return ids;
  }

  it('pays exactly three of 100 cards unlocked at once from 100 credits, and the ledger adds up', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const ids = await copiesOf(await createCard(browser), 100);

    const answers = await Promise.all(ids.map((id) => browser.post(cardsApi.unlock(id))));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(97);
    for (const refused of answers.filter((response) => response.statusCode === 402))
      expect(refused.json().code).toBe('insufficient-credits');

    const user = await findUserByEmail(use(), email);
    expect(user?.credits).toBe(NEW_USER_CREDITS - 3 * CARD_UNLOCK_COST);
    const ledger = await ledgerOf(email);
    expect(ledger.reduce((sum, row) => sum + Number(row.delta), 0)).toBe(user?.credits);
    expect(ledger.filter((row) => row.reason === 'card-unlock')).toHaveLength(3);
    const paid = await use()
      .database.db.selectFrom('cards')
      .select('id')
      .where('id', 'in', ids)
      .where('isPaid', '=', use().database.codec.bool(true))
      .execute();
    expect(paid).toHaveLength(3);
  });

  it('charges one card once when 100 unlocks of it arrive together', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const card = await createCard(browser);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => browser.post(cardsApi.unlock(card.id))),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(Array(100).fill(200));
    const charged = answers.filter((response) => unlockCardResponseSchema.parse(response.json()).charged);
    expect(charged).toHaveLength(1);
    expect((await findUserByEmail(use(), email))?.credits).toBe(NEW_USER_CREDITS - CARD_UNLOCK_COST);
    expect((await ledgerOf(email)).filter((row) => row.reason === 'card-unlock')).toHaveLength(1);
  });

  it('gives the card the view limit of the plan the spending finds, when it changed after the caller read it', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const card = await createCard(browser);
    const user = await findUserByEmail(use(), email);
    // A purchase landed after the request read the user as free: the card takes Premium's 8 views.
    await use()
      .database.db.updateTable('users')
      .set({ tier: 'premium_monthly' })
      .where('id', '=', user!.id)
      .execute();
    const credits = createCreditsRepository(use().database);
    const unlocks = createCardUnlockRepository({ database: use().database, credits });
    const outcome = await unlocks.unlock({
      cardId: card.id,
      userId: user!.id,
      tier: 'free',
      cost: CARD_UNLOCK_COST,
      at: new Date(),
      allowed: () => true,
    });
    expect(outcome.status).toBe('paid');
    expect(outcome.status === 'paid' && outcome.card.viewLimit).toBe(8);
  });
});
