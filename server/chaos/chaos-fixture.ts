import crypto from 'node:crypto';
import { expect } from 'vitest';
import { cardSchema, type Card } from '../../shared/cards/cards.contract.ts';
import { normalizeCatalogSource } from '../modules/catalog/catalog-source.ts';
import { createCatalogRepository } from '../modules/catalog/catalog.repository.ts';
import { createCardsRepository } from '../modules/cards/cards.repository.ts';
import { latestMail, pathOf, uniqueEmail } from '../testing/accounts-fixture.ts';
import { cardDraft } from '../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../testing/catalog-fixture.ts';
import type { TestDatabase } from '../testing/databases.ts';
import { cardsApi, paymentsApi } from '../../shared/api-paths.ts';

/**
 * What the chaos tests share: a sender made over real HTTP against a server process, and the checks of the
 * credit ledger that must hold whatever was cut off.
 */

/** The fixture catalog, so cards can be made without generating the demo catalog in every server start. */
export async function seedFixtureCatalog(testDatabase: TestDatabase): Promise<void> {
  const now = new Date();
  await createCatalogRepository(testDatabase.database).insertCatalog(
    normalizeCatalogSource(fixtureCatalogSource(now), now),
  );
}

export interface HttpSender {
  userId: string;
  email: string;
  cookie: string;
  /** A POST as this sender's browser (session cookie, our Origin); throws only when the network fails. */
  post(path: string, body?: unknown): Promise<Response>;
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/**
 * Signs up and verifies over HTTP; the verification link is read from the mail outbox in the database. `from`
 * names the client's address as a trusted proxy forwards it (sign-ups are limited per address).
 */
export async function signUpOverHttp(
  baseUrl: () => string,
  testDatabase: TestDatabase,
  from?: string,
): Promise<HttpSender> {
  const email = uniqueEmail('chaos');
  const signUp = await fetch(`${baseUrl()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl(),
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: JSON.stringify({ name: 'Chaos Sender', email, password: 'correct horse battery' }),
  });
  expect(signUp.status, await signUp.text()).toBe(200);
  const mail = await latestMail(testDatabase, email, 'verify-email');
  expect(mail?.link).toBeTruthy();
  // Opened in the browser that signed up: its cookie names the password it chose.
  const verify = await fetch(`${baseUrl()}${pathOf(mail!.link)}`, {
    redirect: 'manual',
    headers: { cookie: cookiesOf(signUp) },
  });
  expect(verify.status).toBe(302);
  const cookie = cookiesOf(verify);
  const user = await testDatabase.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    userId: user.id,
    email,
    cookie,
    post: (path, body) =>
      fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(20_000),
      }),
  };
}

/** Buys the Premium pack `times` times through the built-in test-mode checkout (660 credits each). */
export async function buyPremiumInTestMode(sender: HttpSender, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const checkout = await sender.post(paymentsApi.checkout, { planId: 'premium', billingCycle: 'bulk' });
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    const orderId = decodeURIComponent(((await checkout.json()) as { url: string }).url.split('/').pop()!);
    const complete = await sender.post(paymentsApi.completeTestCheckout(orderId));
    expect(complete.status, await complete.clone().text()).toBe(200);
  }
}

/** One card made over HTTP and `count - 1` copies of it written to the database (past the creation limit). */
export async function unpaidCards(
  sender: HttpSender,
  testDatabase: TestDatabase,
  count: number,
): Promise<string[]> {
  const created = await sender.post(cardsApi.create, cardDraft);
  expect(created.status, await created.clone().text()).toBe(201);
  const model: Card = cardSchema.parse(await created.json());
  const repository = createCardsRepository(testDatabase.database);
  const record = (await repository.findById(model.id))!;
  const ids = [model.id];
  for (let i = 1; i < count; i++) {
    const id = crypto.randomBytes(16).toString('base64url');
    await repository.insert({ ...record, id });
    ids.push(id);
  }
  return ids;
}

/** Runs `tasks` with at most `workers` at once; each task's failure is its own (answered, not thrown). */
export async function runConcurrently<T>(
  tasks: (() => Promise<T>)[],
  workers: number,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < tasks.length) {
        const index = next++;
        try {
          results[index] = { status: 'fulfilled', value: await tasks[index]!() };
        } catch (reason) {
          results[index] = { status: 'rejected', reason };
        }
      }
    }),
  );
  return results;
}

/** Calls `attempt` until it answers something other than a network failure (a client retrying). */
export async function untilAnswered(
  attempt: () => Promise<Response>,
  deadlineMs = 20_000,
): Promise<Response> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export interface LedgerState {
  credits: number;
  ledgerSum: number;
  rows: { delta: number; reason: string; reference: string | null; idempotencyKey: string | null }[];
}

/** The user's balance and ledger as stored. */
export async function ledgerOf(testDatabase: TestDatabase, userId: string): Promise<LedgerState> {
  const { db } = testDatabase.database;
  const user = await db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('creditLedger')
    .select(['delta', 'reason', 'reference', 'idempotencyKey'])
    .where('userId', '=', userId)
    .execute();
  const normalized = rows.map((row) => ({ ...row, delta: Number(row.delta) }));
  return {
    credits: Number(user.credits),
    ledgerSum: normalized.reduce((sum, row) => sum + row.delta, 0),
    rows: normalized,
  };
}

/** Which of `cardIds` are paid, as stored. */
export async function paidCardIds(testDatabase: TestDatabase, cardIds: string[]): Promise<Set<string>> {
  const { db, codec } = testDatabase.database;
  const rows = await db.selectFrom('cards').select(['id', 'isPaid']).where('id', 'in', cardIds).execute();
  return new Set(rows.filter((row) => codec.readBool(row.isPaid)).map((row) => row.id));
}
