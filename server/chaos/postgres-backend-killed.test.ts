import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_USER_CREDITS } from '../../shared/accounts/accounts.contract.ts';
import { unlockCardResponseSchema } from '../../shared/cards/cards.contract.ts';
import { CARD_UNLOCK_REASON } from '../modules/cards/card-unlock.repository.ts';
import { migrateToLatest, openDatabase } from '../platform/db/database.ts';
import type { TestDatabase } from '../testing/databases.ts';
import {
  createScratchPostgresDatabase,
  freePort,
  postgresAvailable,
  type ScratchPostgresDatabase,
} from '../testing/postgres.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { ledgerOf, paidCardIds, seedFixtureCatalog, signUpOverHttp, unpaidCards } from './chaos-fixture.ts';
import { cardsApi } from '../../shared/api-paths.ts';
import { CARD_UNLOCK_COST } from '../../shared/cards/card-rules.ts';

/**
 * The app's PostgreSQL connection dies in the middle of an unlock (an operator's pg_terminate_backend, a
 * failover, a network cut). To catch the transaction mid-way without any hook in the app, the test holds the
 * card's ledger key in a transaction of its own: the unlock locks the card, takes the credits from the balance,
 * then waits on that key to append its ledger row, and that waiting backend is the one terminated.
 */
describe.skipIf(!postgresAvailable())('a PostgreSQL connection killed mid-transaction', () => {
  let scratch: ScratchPostgresDatabase;
  let testDatabase: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    const database = openDatabase({ databaseUrl: scratch.url });
    await migrateToLatest(database);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-chaos-pg-'));
    testDatabase = { dialect: 'postgres', database, databaseUrl: scratch.url, dataDir };
    await seedFixtureCatalog(testDatabase);
    server = await startServerProcess({ port: await freePort(), dataDir, databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await server?.kill9();
    await testDatabase?.database.destroy();
    await scratch?.drop();
    if (testDatabase) fs.rmSync(testDatabase.dataDir, { recursive: true, force: true });
  });

  /**
   * The app's backend that is waiting, inside the unlock transaction, on the held ledger key. Asked on a
   * connection of its own: inside a transaction, pg_stat_activity is one snapshot that never changes.
   */
  async function blockedUnlockBackend(client: pg.Client): Promise<number> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ pid: number; xact: boolean }>(
        `select pid, xact_start is not null as xact from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and wait_event_type = 'Lock' and query ilike '%update "users"%'`,
      );
      if (rows[0]) {
        expect(rows[0].xact).toBe(true);
        return rows[0].pid;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the unlock never reached its ledger row');
  }

  it('rolls the whole unlock back, answers 503 service-unavailable, and the retry charges once', async () => {
    const sender = await signUpOverHttp(() => server!.baseUrl, testDatabase);
    const [cardId] = await unpaidCards(sender, testDatabase, 1);

    const holder = new pg.Client({ connectionString: scratch.url });
    const observer = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    await observer.connect();
    let answer: Response;
    let killedPid: number;
    try {
      await holder.query('begin');
      await holder.query(
        `insert into credit_ledger
           (id, user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
         values ('held', $1, 0, 0, 'held', $2, $3, now())`,
        [sender.userId, cardId, `${CARD_UNLOCK_REASON}:${cardId}`],
      );
      const pending = sender.post(cardsApi.unlock(cardId!)).then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      );
      killedPid = await blockedUnlockBackend(observer);
      // The balance is already spent in the app's open transaction: that is what must not survive.
      const { rows } = await observer.query<{ terminated: boolean }>(
        'select pg_terminate_backend($1) as terminated',
        [killedPid],
      );
      expect(rows[0]?.terminated).toBe(true);
      const settled = await pending;
      if ('error' in settled) throw settled.error;
      answer = settled.response;
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
      await observer.end();
    }

    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      code: 'service-unavailable',
      message: 'Service temporarily unavailable. Please try again in a moment.',
    });
    expect(server!.exitStatus()).toBeNull();
    expect((await paidCardIds(testDatabase, [cardId!])).size).toBe(0);
    const untouched = await ledgerOf(testDatabase, sender.userId);
    expect(untouched.credits).toBe(NEW_USER_CREDITS);
    expect(untouched.rows.filter((row) => row.reason === CARD_UNLOCK_REASON)).toEqual([]);

    const retried = await sender.post(cardsApi.unlock(cardId!));
    expect(retried.status, await retried.clone().text()).toBe(200);
    expect(unlockCardResponseSchema.parse(await retried.json())).toMatchObject({
      charged: true,
      credits: NEW_USER_CREDITS - CARD_UNLOCK_COST,
    });
    const again = unlockCardResponseSchema.parse(await (await sender.post(cardsApi.unlock(cardId!))).json());
    expect(again.charged).toBe(false);

    const ledger = await ledgerOf(testDatabase, sender.userId);
    expect(ledger.credits).toBe(NEW_USER_CREDITS - CARD_UNLOCK_COST);
    expect(ledger.credits).toBe(ledger.ledgerSum);
    expect(ledger.rows.filter((row) => row.reason === CARD_UNLOCK_REASON)).toEqual([
      expect.objectContaining({ reference: cardId, delta: -CARD_UNLOCK_COST }),
    ]);
    // The pool dropped the dead connection and keeps serving.
    const ready = await fetch(`${server!.baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
    console.info(
      `[chaos] pg_terminate_backend(${killedPid!}) mid-unlock: answered ${answer.status}, card unpaid and ` +
        `credits unchanged; retry charged once (${ledger.credits} credits = ledger ${ledger.ledgerSum})`,
    );
  });
});
