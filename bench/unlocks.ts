import crypto from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/platform/config.ts';
import { openDatabase } from '../server/platform/db/database.ts';
import { createCardsRepository } from '../server/modules/cards/cards.repository.ts';
import { signUpAndVerify, TEST_ORIGIN } from '../server/testing/accounts-fixture.ts';
import {
  createScratchPostgresDatabase,
  findPostgresBinDir,
  PG_ADMIN_URL_ENV,
  startTestPostgresCluster,
  type TestPostgresCluster,
} from '../server/testing/postgres.ts';
import { firstTemplateId } from '../e2e/support/guest-card.ts';
import { cardsApi } from '../shared/api-paths.ts';

/**
 * `npm run bench:unlocks`: card unlocks per second (issue 5) — the whole POST /api/cards/:id/unlock over real
 * HTTP (session lookup, owner check, the one transaction: card paid, balance spent, ledger row), first one at
 * a time, then 50 at once. On SQLite (WAL, synchronous=FULL: every unlock is on disk before it answers) and on
 * a throwaway PostgreSQL cluster, like the tests start. Each unlock pays a different card. A sequential read
 * of the owner's card (GET, same session) comes first as the floor: what is left is the paying transaction.
 *
 * Options: --cards <n> per run (sequential 300, concurrent 1500), --concurrency <n> (50), --sqlite-only.
 */

const { values: flags } = parseArgs({
  options: {
    sequential: { type: 'string', default: '300' },
    concurrent: { type: 'string', default: '1500' },
    concurrency: { type: 'string', default: '50' },
    'sqlite-only': { type: 'boolean', default: false },
  },
});
const sequentialCards = Number(flags.sequential);
const concurrentCards = Number(flags.concurrent);
const concurrency = Number(flags.concurrency);

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface RunResult {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/**
 * Sends one request per card with `workers` in flight — POST unlock, or with `read` the owner's GET of the
 * card (the same session lookup and card load without the write) — and answers the throughput and latency.
 */
async function unlockAll(
  baseUrl: string,
  cookie: string,
  ids: string[],
  workers: number,
  read = false,
): Promise<RunResult> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const sentAt = performance.now();
        const response = read
          ? await fetch(`${baseUrl}${cardsApi.card(id)}`, { headers: { cookie } })
          : await fetch(`${baseUrl}${cardsApi.unlock(id)}`, {
              method: 'POST',
              headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
              body: '{}',
            });
        await response.arrayBuffer();
        latencies.push(performance.now() - sentAt);
        if (response.status !== 200) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { perSecond: ids.length / seconds, p50: at(0.5), p99: at(0.99), failures };
}

function report(label: string, result: RunResult): void {
  console.log(
    `  ${label.padEnd(22)} ${number(result.perSecond).padStart(6)} ${label.startsWith('read') ? 'reads/s  ' : 'unlocks/s'}` +
      `  p50 ${number(result.p50, 1)} ms  p99 ${number(result.p99, 1)} ms` +
      (result.failures > 0 ? `  FAILURES ${result.failures}` : ''),
  );
}

async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'winc-bench-unlocks-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    PUBLIC_ORIGIN: TEST_ORIGIN,
  });
  const app = await buildApp(config);
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const testDatabase = {
      dialect: config.databaseUrl ? ('postgres' as const) : ('sqlite' as const),
      database,
      databaseUrl: config.databaseUrl ?? '',
      dataDir,
    };
    const { browser, email } = await signUpAndVerify(app, testDatabase);
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    // Enough credits for every unlock of the run: this measures unlocking, not refusing.
    await database.db.updateTable('users').set({ credits: 1_000_000 }).where('id', '=', user.id).execute();

    const created = await browser.post(cardsApi.create, {
      templateId: await firstTemplateId(baseUrl),
      senderName: 'Sam',
      recipientName: 'Alex',
      message: 'Happy birthday!',
      selectedVoice: 'female',
    });
    if (created.statusCode !== 201) throw new Error(`card: ${created.statusCode} ${created.body}`);
    const cards = createCardsRepository(database);
    const model = (await cards.findById((created.json() as { id: string }).id))!;
    const copies = async (count: number) => {
      const ids = Array.from({ length: count }, () => crypto.randomBytes(16).toString('base64url'));
      for (const id of ids) await cards.insert({ ...model, id });
      return ids;
    };
    const cookie = browser.cookieHeader();

    console.log(label);
    await unlockAll(baseUrl, cookie, await copies(50), 1); // warm-up
    const readIds = await copies(sequentialCards);
    report('read, sequential', await unlockAll(baseUrl, cookie, readIds, 1, true));
    report('sequential', await unlockAll(baseUrl, cookie, await copies(sequentialCards), 1));
    report(
      `${concurrency} concurrent`,
      await unlockAll(baseUrl, cookie, await copies(concurrentCards), concurrency),
    );
    const balance = await database.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const spent = 1_000_000 - Number(balance.credits);
    console.log(`  check: ${number(spent / 30)} cards charged once each (${number(spent)} credits)\n`);
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

  await benchDatabase('SQLite (WAL, synchronous=FULL)', undefined);

  if (flags['sqlite-only']) return;
  let cluster: TestPostgresCluster | null = null;
  try {
    let url = process.env.DATABASE_URL;
    if (!url) {
      const binDir = findPostgresBinDir();
      if (!binDir) {
        console.log('PostgreSQL: no binaries found and no DATABASE_URL: skipped.');
        return;
      }
      cluster = await startTestPostgresCluster(binDir);
      process.env[PG_ADMIN_URL_ENV] = cluster.adminUrl;
      url = (await createScratchPostgresDatabase()).url;
    }
    await benchDatabase('PostgreSQL', url);
  } finally {
    await cluster?.stop();
  }
}

await main();
