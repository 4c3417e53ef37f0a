import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { openDatabase, POSTGRES_POOL_SIZE, type Database } from '../server/platform/db/database.ts';
import { CARD_UNLOCK_REASON } from '../server/modules/cards/card-unlock.repository.ts';
import { createCardsRepository } from '../server/modules/cards/cards.repository.ts';
import { signUpAndVerify, TEST_ORIGIN, type TestBrowser } from '../server/testing/accounts-fixture.ts';
import { benchConfig, benchTestDatabase, onPostgres, postgresCpuReader } from './support/bench-databases.ts';
import {
  replayOnPostgres,
  replayOnSqlite,
  unlockStatements,
  type Statement,
} from './support/unlock-replay.ts';
import { firstTemplateId } from '../e2e/support/guest-card.ts';
import { cardsApi, healthApi } from '../shared/api-paths.ts';
import { CARD_UNLOCK_COST } from '../shared/cards/card-rules.ts';

/**
 * `npm run bench:unlocks`: card unlocks per second — the whole POST /api/cards/:id/unlock over real
 * HTTP (session lookup, owner check, the one transaction: card paid, balance spent, ledger row), first one at
 * a time, then 50 at once from 50 accounts (as 50 people unlocking together would), then 50 at once from one
 * account: every unlock takes from the same balance, whose row lock puts them in a line. On SQLite (WAL,
 * synchronous=FULL: every unlock is on disk before it answers) and on a throwaway PostgreSQL cluster, like
 * the tests start. Each unlock pays a different card. Reads of the owners' cards (GET, same sessions), one
 * at a time and 50 at once, come first as the floor: what is left is the paying transaction. Requests come
 * from a child process (bench/request-client.mjs), so the server has this process to itself; the CPU time per
 * request of the server, the client and the database, and the statements one unlock runs are printed with
 * the figures, and how many unlocks shared a COMMIT (SQLite's group commit). The PostgreSQL cluster the
 * bench starts is reached through its unix socket, as a server on the same machine would be. Then, in the
 * same run, the limit: the statements one unlock ran, replayed straight on the driver for as many other cards
 * (bench/support/unlock-replay.ts), and how far below it HTTP is (goal: at least half of it) — beside how far
 * below it the server's most trivial route is (GET /api/health: no session, no database), HTTP's own ceiling.
 *
 * Options: --sequential <n> and --concurrent <n> cards per run (1000, 6000: a few seconds each, long enough
 * for the server's warm-up not to count), --concurrency <n> (50, also the number of accounts),
 * --sqlite-only or --postgres-only, --profile <dir> (a CPU profile of the server during the timed unlocks,
 * per database).
 */

const { values: flags } = parseArgs({
  options: {
    sequential: { type: 'string', default: '1000' },
    concurrent: { type: 'string', default: '6000' },
    concurrency: { type: 'string', default: '50' },
    'sqlite-only': { type: 'boolean', default: false },
    'postgres-only': { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const sequentialCards = Number(flags.sequential);
const concurrentCards = Number(flags.concurrent);
const concurrency = Number(flags.concurrency);

const STARTING_CREDITS = 1_000_000;

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface RunResult {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU time of this process (the server; the client is a child process) per request. */
  serverCpuMs: number;
  /** CPU time of the client process per request: on a machine this small it competes with the server. */
  clientCpuMs: number;
  /** CPU time of the PostgreSQL cluster's processes per request, when it runs on this machine. */
  databaseCpuMs: number | null;
}

/** The CPU time so far of the local PostgreSQL cluster the bench uses, in ms; null on SQLite. */
let databaseCpu: (() => number) | null = null;

/**
 * What a run sends for each card: the unlock (POST), the owner's read of the card (the same session lookup
 * and card load without the write), or the server's most trivial route (no session, no database): the
 * ceiling of HTTP itself on this server.
 */
type RequestKind = 'unlock' | 'read' | 'trivial';
const requestOf: Record<RequestKind, (id: string) => string> = {
  unlock: (id) => cardsApi.unlock(id),
  read: (id) => cardsApi.card(id),
  trivial: () => healthApi.health,
};

/**
 * Sends one request per card with `workers` in flight, each with its cookie (one for all, or one per card),
 * from a child process (bench/request-client.mjs), and answers the throughput, latency and this process's
 * CPU time per request.
 */
async function unlockAll(
  baseUrl: string,
  cookies: string | string[],
  ids: string[],
  workers: number,
  kind: RequestKind = 'unlock',
): Promise<RunResult> {
  const input = JSON.stringify({
    baseUrl,
    cookies: ids.map((_, index) => (typeof cookies === 'string' ? cookies : cookies[index]!)),
    origin: TEST_ORIGIN,
    paths: ids.map(requestOf[kind]),
    workers,
    method: kind === 'unlock' ? 'POST' : 'GET',
  });
  const script = join(import.meta.dirname, 'request-client.mjs');
  const cpuBefore = process.cpuUsage();
  const databaseCpuBefore = databaseCpu?.() ?? 0;
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`unlock client exited with ${code}`)),
    );
    child.stdin.end(input);
  });
  const cpu = process.cpuUsage(cpuBefore);
  const databaseCpuMs = databaseCpu && (databaseCpu() - databaseCpuBefore) / ids.length;
  const result = JSON.parse(output.trim().split('\n').at(-1) ?? '') as Pick<
    RunResult,
    'perSecond' | 'p50' | 'p99' | 'failures' | 'clientCpuMs'
  >;
  return { ...result, serverCpuMs: (cpu.user + cpu.system) / 1000 / ids.length, databaseCpuMs };
}

/**
 * Waits until the voice clip is synthesized: a paid card's voice is made in the background after the unlock
 * answers, once per clip, and that first synthesis is not an unlock's cost.
 */
async function voiceReady(database: Database, clipId: string | null): Promise<void> {
  if (clipId === null) return;
  for (let tries = 0; tries < 100; tries += 1) {
    const clip = await database.db
      .selectFrom('voiceClips')
      .select('storageKey')
      .where('id', '=', clipId)
      .executeTakeFirst();
    if (clip?.storageKey) return;
    await setTimeout(100);
  }
}

/** "select cards", "update users", "begin": what a statement does, to list an unlock's statements. */
function describeStatement(sql: string): string {
  const verb = sql.trim().split(/\s/, 1)[0]!.toLowerCase();
  const table = /\b(?:from|into|update)\s+"(\w+)"/i.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** Runs `work` under the V8 profiler when --profile is given, writing `<dir>/unlocks-<name>.cpuprofile`. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!flags.profile) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(flags.profile, { recursive: true });
    writeFileSync(join(flags.profile, `unlocks-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

function report(label: string, result: RunResult): void {
  console.log(
    `  ${label.padEnd(22)} ${number(result.perSecond).padStart(6)} ${label.startsWith('read') ? 'reads/s  ' : label.startsWith('trivial') ? 'answers/s' : 'unlocks/s'}` +
      `  p50 ${number(result.p50, 1)} ms  p99 ${number(result.p99, 1)} ms` +
      `  server CPU ${number(result.serverCpuMs, 2)} ms each` +
      (result.databaseCpuMs === null ? '' : `, PostgreSQL CPU ${number(result.databaseCpuMs, 2)} ms`) +
      `, client CPU ${number(result.clientCpuMs, 2)} ms` +
      (result.failures > 0 ? `  FAILURES ${result.failures}` : ''),
  );
}

/** Every paid card charged once: for each user, paid cards, unlock ledger rows and credits spent agree. */
async function checkExactlyOnce(database: Database, userIds: string[]): Promise<void> {
  const { db, codec } = database;
  const totals = { paid: 0, rows: 0, spent: 0 };
  let agree = true;
  for (const userId of userIds) {
    const { credits } = await db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const { paid } = await db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('paid'))
      .where('userId', '=', userId)
      .where('isPaid', '=', codec.bool(true))
      .executeTakeFirstOrThrow();
    const { rows, charged } = await db
      .selectFrom('creditLedger')
      .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('delta').as('charged')])
      .where('userId', '=', userId)
      .where('reason', '=', CARD_UNLOCK_REASON)
      .executeTakeFirstOrThrow();
    const spent = STARTING_CREDITS - Number(credits);
    agree &&=
      Number(paid) === Number(rows) &&
      -Number(charged || 0) === spent &&
      spent === Number(rows) * CARD_UNLOCK_COST;
    totals.paid += Number(paid);
    totals.rows += Number(rows);
    totals.spent += spent;
  }
  console.log(
    `  check: ${number(totals.paid)} cards paid, ${number(totals.rows)} unlock ledger rows,` +
      ` ${number(totals.spent)} credits spent, over ${userIds.length} users:` +
      ` ${agree ? 'each card charged once' : 'MISMATCH'}\n`,
  );
  if (!agree) process.exitCode = 1;
}

async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<void> {
  const { dataDir, config } = benchConfig('unlocks', databaseUrl);
  let statements: Statement[] | null = null;
  let commits = 0;
  const app = await buildApp(config, {
    onStatement: (sql, parameters) => {
      statements?.push({ sql, parameters: parameters ?? [] });
      if (sql === 'commit') commits += 1;
    },
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  let firstBrowser: TestBrowser | undefined;
  try {
    databaseCpu = config.databaseUrl ? await postgresCpuReader(database) : null;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const testDatabase = benchTestDatabase(config, database, dataDir);
    // One account per request in flight, as that many people unlocking at once would be. The first also makes
    // the card every unlock pays a copy of, and its own last run shows unlocks that all take from one balance.
    const accounts: Array<{ id: string; cookie: string }> = [];
    for (let index = 0; index < concurrency; index += 1) {
      const { browser, email } = await signUpAndVerify(app, testDatabase);
      const { id } = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      accounts.push({ id, cookie: browser.cookieHeader() });
      firstBrowser ??= browser;
    }
    // Enough credits for every unlock of the run: this measures unlocking, not refusing.
    await database.db
      .updateTable('users')
      .set({ credits: STARTING_CREDITS })
      .where(
        'id',
        'in',
        accounts.map((account) => account.id),
      )
      .execute();
    const owner = accounts[0]!;

    const created = await firstBrowser!.post(cardsApi.create, {
      templateId: await firstTemplateId(baseUrl),
      senderName: 'Sam',
      recipientName: 'Alex',
      message: 'Happy birthday!',
      selectedVoice: 'female',
    });
    if (created.statusCode !== 201) throw new Error(`card: ${created.statusCode} ${created.body}`);
    const cards = createCardsRepository(database);
    const model = (await cards.findById(created.json<{ id: string }>().id))!;
    /** New unpaid copies of the card, the i-th owned by `owners[i % owners.length]`, with their cookies. */
    const copies = async (count: number, owners = [owner]) => {
      const ids = Array.from({ length: count }, () => crypto.randomBytes(16).toString('base64url'));
      for (const [index, id] of ids.entries()) {
        const { id: userId } = owners[index % owners.length]!;
        await cards.insert({ ...model, id, userId, authorId: userId });
      }
      return {
        ids,
        cookies: ids.map((_, index) => owners[index % owners.length]!.cookie),
        owners: ids.map((_, index) => owners[index % owners.length]!.id),
      };
    };
    const { cookie } = owner;

    console.log(label);
    await unlockAll(baseUrl, cookie, (await copies(50)).ids, 1); // warm-up
    await voiceReady(database, model.greetingClipId);
    // Counted from a quiet server until its work for this one unlock is done, what it does after answering too.
    const counted = (await copies(1)).ids;
    await setTimeout(200);
    statements = [];
    await unlockAll(baseUrl, cookie, counted, 1);
    await setTimeout(200);
    console.log(
      `  statements per unlock: ${statements.length} (${statements.map(({ sql }) => describeStatement(sql)).join(', ')})`,
    );
    const sessionOf = async (userId: string) =>
      (
        await database.db
          .selectFrom('sessions')
          .select('token')
          .where('userId', '=', userId)
          .orderBy('createdAt', 'desc')
          .executeTakeFirstOrThrow()
      ).token;
    const tokens = new Map<string, string>();
    for (const account of accounts) tokens.set(account.id, await sessionOf(account.id));
    const replayed = unlockStatements(statements, {
      cardId: counted[0]!,
      userId: owner.id,
      token: tokens.get(owner.id)!,
    });
    statements = null;
    /** The same statements for each of these cards, with its owner's session. */
    const replays = (cards: { ids: string[]; owners: string[] }) =>
      cards.ids.map((cardId, index) => {
        const userId = cards.owners[index]!;
        return replayed({ cardId, userId, token: tokens.get(userId)! });
      });
    const reads = await copies(concurrentCards, accounts);
    const firstReads = reads.ids.slice(0, sequentialCards);
    const trivial = {
      sequential: await unlockAll(baseUrl, reads.cookies, firstReads, 1, 'trivial'),
      concurrent: await unlockAll(baseUrl, reads.cookies, reads.ids, concurrency, 'trivial'),
    };
    report('trivial, sequential', trivial.sequential);
    report(`trivial, ${concurrency} concurrent`, trivial.concurrent);
    report('read, sequential', await unlockAll(baseUrl, reads.cookies, firstReads, 1, 'read'));
    report(
      `read, ${concurrency} concurrent`,
      await unlockAll(baseUrl, reads.cookies, reads.ids, concurrency, 'read'),
    );
    const sequential = await copies(sequentialCards);
    const concurrent = await copies(concurrentCards, accounts);
    const oneBalance = await copies(concurrentCards);
    const http: Record<'sequential' | 'concurrent' | 'oneBalance', RunResult & { perCommit: number }> =
      await profiled(testDatabase.dialect, async () => {
        const run = async (label: string, cards: typeof sequential, workers: number) => {
          const commitsBefore = commits;
          const result = await unlockAll(baseUrl, cards.cookies, cards.ids, workers);
          report(label, result);
          return { ...result, perCommit: cards.ids.length / Math.max(1, commits - commitsBefore) };
        };
        const one = await run('sequential', sequential, 1);
        const many = await run(`${concurrency} concurrent`, concurrent, concurrency);
        console.log(
          `  ${number(concurrent.ids.length / many.perCommit)} commits for ${number(concurrent.ids.length)} unlocks` +
            ` (${number(many.perCommit, 1)} per commit)`,
        );
        const shared = await run(`${concurrency} at once, 1 balance`, oneBalance, concurrency);
        return { sequential: one, concurrent: many, oneBalance: shared };
      });

    // The limit: the same statements straight on the driver, for as many other cards, in the same run.
    console.log('  limit: the same statements on the driver, no HTTP (better-sqlite3 / node-postgres)');
    const limitOf = async (cards: typeof sequential, workers: number, perCommit: number) =>
      config.databaseUrl
        ? replayOnPostgres(config.databaseUrl, replays(cards), {
            workers,
            connections: POSTGRES_POOL_SIZE,
            databaseCpu,
          })
        : replayOnSqlite(config.sqlitePath, replays(cards), Math.max(1, Math.round(perCommit)));
    const limits = [
      ['sequential', http.sequential, trivial.sequential, await limitOf(await copies(sequentialCards), 1, 1)],
      [
        `${concurrency} concurrent`,
        http.concurrent,
        trivial.concurrent,
        await limitOf(await copies(concurrentCards, accounts), concurrency, http.concurrent.perCommit),
      ],
      [
        `${concurrency} at once, 1 balance`,
        http.oneBalance,
        trivial.concurrent,
        await limitOf(await copies(concurrentCards), concurrency, http.oneBalance.perCommit),
      ],
    ] as const;
    for (const [label, measured, ceiling, limit] of limits) {
      console.log(
        `  ${label.padEnd(22)} ${number(limit.perSecond).padStart(6)} unlocks/s` +
          `  driver CPU ${number(limit.cpuMs, 2)} ms each` +
          (limit.databaseCpuMs === null ? '' : `, PostgreSQL CPU ${number(limit.databaseCpuMs, 2)} ms`) +
          `  → HTTP at ${number(measured.perSecond / limit.perSecond, 2)}× the limit` +
          ` (the trivial route at ${number(ceiling.perSecond / limit.perSecond, 2)}×)`,
      );
    }
    await checkExactlyOnce(
      database,
      accounts.map((account) => account.id),
    );
  } finally {
    await database.destroy();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log('Winc unlock benchmark');
  console.log(`  cpu    ${os.cpus()[0]?.model ?? 'unknown'} × ${os.availableParallelism()} cores`);
  console.log(`  memory ${number(os.totalmem() / 1024 ** 3, 1)} GiB`);
  console.log(`  node   ${process.version} (${os.platform()} ${os.arch()})`);
  console.log(
    `  runs   ${sequentialCards} cards one at a time, ${concurrentCards} cards ${concurrency} at a time\n`,
  );

  if (!flags['postgres-only']) await benchDatabase('SQLite (WAL, synchronous=FULL)', undefined);

  if (flags['sqlite-only']) return;
  await onPostgres(benchDatabase);
}

await main();
