import { afterAll, beforeAll, expect, it } from 'vitest';
import { NEW_USER_CREDITS } from '../../shared/accounts/accounts.contract.ts';
import { unlockCardResponseSchema } from '../../shared/cards/cards.contract.ts';
import { paidOfferOf } from '../../shared/payments/plans.ts';
import { CARD_UNLOCK_REASON } from '../modules/cards/card-unlock.repository.ts';
import { describeEachDatabase } from '../testing/databases.ts';
import { freePort } from '../testing/postgres.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import {
  buyPremiumInTestMode,
  ledgerOf,
  paidCardIds,
  runConcurrently,
  seedFixtureCatalog,
  signUpOverHttp,
  unpaidCards,
  untilAnswered,
  type HttpSender,
} from './chaos-fixture.ts';
import { cardsApi } from '../../shared/api-paths.ts';
import { CARD_UNLOCK_COST } from '../../shared/cards/card-rules.ts';

const CARDS = 40;
/** Each card is asked for this many times in the burst: the first request and a client's retries. */
const REQUESTS_PER_CARD = 3;
/** The burst is cut once this many unlocks have answered: mid-way, with requests in flight. */
const KILL_AFTER_ANSWERS = 25;

describeEachDatabase('kill -9 during concurrent unlocks, then a restart', (use) => {
  let server: ServerProcess | undefined;
  let port: number;
  const start = async () => {
    server = await startServerProcess({
      port,
      dataDir: use().dataDir,
      databaseUrl: use().databaseUrl,
      env: { PAYMENTS_TEST_MODE: 'on' },
    });
    return server;
  };

  beforeAll(async () => {
    await seedFixtureCatalog(use());
    port = await freePort();
    await start();
  });
  afterAll(async () => {
    await server?.kill9();
  });

  it('charges each card exactly once and the ledger adds up to the balance', async () => {
    const baseUrl = () => server!.baseUrl;
    const sender: HttpSender = await signUpOverHttp(baseUrl, use());
    // Two packs: enough credits for every card, so every card must end up paid.
    await buyPremiumInTestMode(sender, 2);
    const granted = NEW_USER_CREDITS + 2 * paidOfferOf('premium', 'bulk')!.creditsToAdd;
    expect(granted).toBeGreaterThanOrEqual(CARDS * CARD_UNLOCK_COST);
    const cards = await unpaidCards(sender, use(), CARDS);

    const burst = cards.flatMap((id) => Array.from({ length: REQUESTS_PER_CARD }, () => id));
    let answered = 0;
    let killed = false;
    const victim = server!;
    const results = await runConcurrently(
      burst.map((id) => async () => {
        const response = await sender.post(cardsApi.unlock(id));
        const body: unknown = await response.json();
        answered += 1;
        if (answered >= KILL_AFTER_ANSWERS && !killed) {
          killed = true;
          await victim.kill9();
        }
        return { status: response.status, body };
      }),
      16,
    );
    expect(killed).toBe(true);
    expect(victim.exitStatus()?.signal).toBe('SIGKILL');
    const answers = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    const cut = results.filter((r) => r.status === 'rejected').length;
    // Whatever was answered before the kill was a success: a killed server answers nothing, not an error.
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(cut, 'requests cut by the kill').toBeGreaterThan(0);

    // Right after the kill, on the data as the dead process left it: nothing half done.
    const before = await paidCardIds(use(), cards);
    expect(before.size).toBeLessThan(CARDS);
    const atKill = await ledgerOf(use(), sender.userId);
    const unlocksAtKill = atKill.rows.filter((row) => row.reason === CARD_UNLOCK_REASON);
    expect(atKill.credits).toBe(atKill.ledgerSum);
    expect(unlocksAtKill).toHaveLength(before.size);
    expect(new Set(unlocksAtKill.map((row) => row.reference))).toEqual(before);

    await start();
    // The client retries every unlock until it gets an answer; each must now succeed.
    const retries = await runConcurrently(
      cards.map((id) => async () => {
        const response = await untilAnswered(() => sender.post(cardsApi.unlock(id)));
        expect(response.status, await response.clone().text()).toBe(200);
        return unlockCardResponseSchema.parse(await response.json());
      }),
      8,
    );
    expect(
      retries.every((r) => r.status === 'fulfilled'),
      JSON.stringify(retries),
    ).toBe(true);

    const paid = await paidCardIds(use(), cards);
    expect(paid.size).toBe(CARDS);
    const ledger = await ledgerOf(use(), sender.userId);
    expect(ledger.credits).toBe(ledger.ledgerSum);
    const unlocks = ledger.rows.filter((row) => row.reason === CARD_UNLOCK_REASON);
    expect(unlocks).toHaveLength(paid.size);
    expect(new Set(unlocks.map((row) => row.reference))).toEqual(paid);
    expect(unlocks.every((row) => row.delta === -CARD_UNLOCK_COST)).toBe(true);
    // Retries and duplicates charged nothing extra.
    expect(ledger.credits).toBe(granted - CARD_UNLOCK_COST * paid.size);
    console.info(
      `[chaos] unlocks (${use().dialect}): ${burst.length} sent, ${answers.length} answered before kill -9, ` +
        `${cut} cut, ${before.size} cards paid at the kill; after restart ${paid.size}/${CARDS} paid, ` +
        `${unlocks.length} ledger rows, credits ${ledger.credits} = ledger ${ledger.ledgerSum}`,
    );
  });
});
